import ArgumentParser
import Foundation
import JuiceCore
import JuiceCommandLine

/// Where `--chart FILE.svg` writes (`juice simulate`, `juice report`).
enum ChartOutput {
    /// Why `path` cannot be written, if it cannot: checked before the run, so a long run is not lost to a typo.
    static func problem(writing path: String) -> CommandMessage? {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { return .chartIsDirectory(path) }
            return FileManager.default.isWritableFile(atPath: path) ? nil : .chartNotWritable(path)
        }
        let directory = (path as NSString).deletingLastPathComponent
        let parent = directory.isEmpty ? "." : directory
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory), isDirectory.boolValue else {
            return .chartNoDirectory(path: path, directory: parent)
        }
        return FileManager.default.isWritableFile(atPath: parent) ? nil : .chartDirectoryNotWritable(path: path, directory: parent)
    }

    /// Writes `svg` to `path`, or says why it could not (exit 2) in `language`.
    static func write(_ svg: String, to path: String, language: Language) throws {
        do {
            try svg.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            Terminal.writeError(
                CommandMessage.errorPrefix.text(in: language)
                    + CommandMessage.chartWriteFailed(path: path, reason: error.localizedDescription).text(in: language))
            throw ExitCode(ExitStatus.usage)
        }
    }
}
