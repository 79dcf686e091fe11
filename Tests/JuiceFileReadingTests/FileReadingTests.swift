import Foundation
import JuiceCore
import JuiceFileReading
import Testing

/// The chunked reader (`FileChunks`, read side by side) hands out exactly the lines of the plain one (`LineReader`),
/// numbered as the file numbers them, whatever the chunk size; both refuse a file that is not there the same way.
@Suite struct FileReadingTests {
    /// A file holding `text`, removed by the caller.
    private func file(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("juice-lines-\(UUID().uuidString).txt").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Every line of `path` as `LineReader` reads it, with its number.
    private func plainLines(_ path: String, blockSize: Int) throws -> [(Int, String)] {
        var reader = try LineReader(path: path, blockSize: blockSize)
        var lines: [(Int, String)] = []
        while try reader.nextLine({ (bytes, number) throws(FileReadError) in lines.append((number, String(decoding: bytes, as: UTF8.self))) }) {}
        return lines
    }

    /// Every line of `path` as the chunks of `chunkSize` bytes read it, numbered across chunks as the file numbers them.
    private func chunkedLines(_ path: String, chunkSize: Int) throws -> [(Int, String)] {
        let chunks = try FileChunks(path: path, from: 0, chunkSize: chunkSize)
        var lines: [(Int, String)] = []
        var buffer: [UInt8] = []
        var before = 0
        for chunk in 0..<chunks.count {
            before += try chunks.lines(of: chunk, buffer: &buffer) { bytes, number in
                lines.append((before + number, String(decoding: bytes, as: UTF8.self)))
            }
        }
        return lines
    }

    @Test(
        "chunks of every size give the lines the plain reader gives",
        arguments: [
            "a,1\nb,2\nc,3\n", "a,1\r\nb,2\r\n\r\nlast without a line feed", "\n\n\n", "one line", "",
            "주스,1\n" + String(repeating: "long", count: 700) + "\nx\r\n",
        ])
    func chunksAgreeWithLines(text: String) throws {
        let path = try file(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let plain = try plainLines(path, blockSize: 16)
        // The plain reader's own contract: a line per line feed (no empty line after the last one), without the line
        // feed or a carriage return before it. (By bytes: a String splits "\r\n" as one character.)
        var expected = Array(text.utf8).split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
        }
        if expected.last == "" { expected.removeLast() }
        #expect(plain.map(\.1) == expected)
        for chunkSize in [1, 2, 3, 7, 64, 4_096] {
            let chunked = try chunkedLines(path, chunkSize: chunkSize)
            #expect(chunked.map(\.0) == plain.map(\.0), "line numbers, chunks of \(chunkSize)")
            #expect(chunked.map(\.1) == plain.map(\.1), "lines, chunks of \(chunkSize)")
        }
    }

    @Test func aMissingFileIsRefusedWithItsPathAndReason() {
        let path = "/nonexistent-\(UUID().uuidString)/sales.csv"
        #expect(throws: FileReadError(path: path, reason: SystemReason(code: ENOENT))) { try LineReader(path: path) }
        #expect(throws: FileReadError(path: path, reason: SystemReason(code: ENOENT))) {
            try FileChunks(path: path, from: 0, chunkSize: 64)
        }
    }
}
