import Foundation
import JuiceReload
import Testing

/// Save-to-live latency: the time from saving a recipe file to the new menu being `current` (what requests read).
///
/// The assertions are behavioural (every save becomes live, in order); the figures are printed, and appended to the
/// file named by `JUICE_RELOAD_LATENCY_REPORT` when it is set. The goal is 1 s at the median and the maximum.
@Suite struct ReloadLatencyTests {
    @Test(arguments: [WatchMethod.inotify, .polling])
    func twentySavesBecomeLive(method: WatchMethod) async throws {
        let directory = try RecipeDirectory()
        defer { directory.delete() }
        // The default settings but for the method: the latency a server sees.
        let settings = ReloadSettings(watchMethod: method)
        let (menu, log, task) = try await watching(directory, settings)
        defer { task.cancel() }
        var latencies: [Double] = []
        for edit in 0..<20 {
            let amount = edit % 9 + 3
            let saved = Date()
            try directory.replace("juices.yaml", RecipeDirectory.juices(banana: amount))
            let attempt = try await log.change(after: edit)
            #expect(attempt.result == .applied)
            #expect(await menu.current.book.juice("banana-juice")?.amount(of: "banana") == amount)
            latencies.append(attempt.at.timeIntervalSince(saved) * 1000)
        }
        await log.stop()
        let sorted = latencies.sorted()
        let figures = String(
            format: "save-to-live latency, %@, debounce %@, 20 saves: p50 %.0f ms, max %.0f ms",
            method.rawValue, "\(settings.debounce)", (sorted[9] + sorted[10]) / 2, sorted[19]
        )
        print(figures)
        if let path = ProcessInfo.processInfo.environment["JUICE_RELOAD_LATENCY_REPORT"],
            let handle = FileHandle(forWritingAtPath: path)
                ?? (FileManager.default.createFile(atPath: path, contents: nil) ? FileHandle(forWritingAtPath: path) : nil)
        {
            handle.seekToEndOfFile()
            handle.write(Data((figures + "\n").utf8))
            handle.closeFile()
        }
    }
}
