// libFuzzer target: arbitrary bytes as a sales history (CSV or JSON Lines), read three ways that must agree exactly:
// line after line from the file (`HistoryReader.read(path:_:)`), from memory (`read(bytes:name:format:_:)`), and in
// chunks of 1 to 64 bytes on two or three worker threads (`read(path:workers:chunkSize:…)`, the path large files
// take). The same records, each with its line, and the same problems in the same order. The first input byte picks
// the chunk size, the format and the number of workers.
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import JuiceCore
import JuicePlanning

/// Stops the run with `message` on standard error unless `condition` holds (a failed property: libFuzzer keeps the
/// input). `precondition` would say nothing in an optimized build.
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    guard !condition else { return }
    failure(message())
}

/// Stops the run with `message` on standard error.
func failure(_ message: String) -> Never {
    var text = message + "\n"
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    abort()
}

func lineByLine(_ path: String) -> (records: [SaleRecord], errors: [HistoryError]) {
    var records: [SaleRecord] = []
    do {
        let errors = try HistoryReader.read(path: path) { records.append($0) }
        return (records, errors)
    } catch {
        failure("the history written for the fuzzer cannot be read: \(error)")
    }
}

func chunked(_ path: String, workers: Int, chunkSize: Int) -> (records: [SaleRecord], errors: [HistoryError]) {
    do {
        let (sinks, errors) = try HistoryReader.read(
            path: path, workers: workers, chunkSize: chunkSize, makeSink: { [SaleRecord]() }, add: { $0.append($1) })
        // Each worker's records come in file order; together, in the order of their lines (one record a line).
        return (sinks.flatMap { $0 }.sorted { $0.line < $1.line }, errors)
    } catch {
        failure("the history written for the fuzzer cannot be read in chunks: \(error)")
    }
}

/// libFuzzer's entry point: one input of `size` bytes at `data`; returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHistories(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 1 else { return 0 }
    let chunkSize = Int(data[0] & 0x3F) + 1
    let format: HistoryFormat = data[0] & 0x40 == 0 ? .csv : .jsonLines
    let workers = data[0] & 0x80 == 0 ? 2 : 3
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("juice-fuzz-history-\(getpid()).\(format.rawValue)").path
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return 0 }
    defer { try? FileManager.default.removeItem(atPath: path) }
    let plain = lineByLine(path)
    var inMemory: [SaleRecord] = []
    let memoryErrors = HistoryReader.read(bytes: bytes, name: path, format: format) { inMemory.append($0) }
    require(
        plain.records == inMemory && plain.errors == memoryErrors,
        "reading from the file and from memory disagree: \(plain) vs \((inMemory, memoryErrors))")
    let parallel = chunked(path, workers: workers, chunkSize: chunkSize)
    require(
        plain.records == parallel.records && plain.errors == parallel.errors,
        "chunked and line-by-line reading disagree (chunks of \(chunkSize), \(workers) workers): \(plain) vs \(parallel)")
    return 0
}
