import JuiceFileReading

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension HistoryReader {
    /// The cores to read on.
    package static var cores: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    /// Reads the file at `path` as `read(path:_:)` does, in chunks of `chunkSize` bytes parsed side by side by
    /// `workers` workers (on every core, or one after another under `ParallelWork.isSerial`): the header first, then
    /// chunk `k` (the lines that start in its bytes; `FileChunks`) by worker `k % workers`, into that worker's own sink
    /// (made by `makeSink`, each record given to it by `add`). The lines of every chunk are counted first, so each
    /// record and problem has its line in the file. Returns the sinks (in worker order) and the problems as the plain
    /// read reports them: in file order, the first `maxErrors`.
    ///
    /// The fast twin of the plain line-by-line read, `read(path:_:)` in HistoryReader.swift: change that one first,
    /// then this; `HistoryChunkTests` checks on random histories that both give the same records and problems.
    package static func read<Sink: Sendable>(
        path: String, workers: Int = cores, chunkSize: Int = 1 << 20, makeSink: () -> Sink, add: @Sendable (inout Sink, SaleRecord) -> Void
    ) throws(HistoryFileError) -> (sinks: [Sink], errors: [HistoryError]) {
        let format = HistoryFormat.of(path: path)
        var header = HistoryReader(format: format, name: path)
        // The lines up to the header (a CSV's first line but blank ones), read in order: every chunk reads with it.
        var headerLines = 0
        var bodyStart = 0
        var first = makeSink()
        if format == .csv {
            var lines: LineReader
            do { lines = try LineReader(path: path, blockSize: 1 << 16) } catch { throw fileError(error, path: path) }
            var line: [UInt8] = []
            while !header.sawHeader,
                lines.nextLine({ bytes, number in
                    header.readLine(bytes, number: number, through: &line) { add(&first, $0) }
                    headerLines = number
                })
            {}
            bodyStart = lines.offset
        }
        let chunks: FileChunks
        do { chunks = try FileChunks(path: path, from: bodyStart, chunkSize: chunkSize) } catch { throw fileError(error, path: path) }
        let workers = max(1, min(workers, chunks.count))
        // Pass 1: the lines of each chunk, so that pass 2 numbers every line as the file does.
        // Each worker's counts are those of its chunks, in order; a worker stops at its first failure.
        let counted = ParallelWork.map(workers) { worker -> (counts: [Int], failure: FileReadError?) in
            var bytes: [UInt8] = []
            var counts: [Int] = []
            for chunk in stride(from: worker, to: chunks.count, by: workers) {
                do throws(FileReadError) { counts.append(try chunks.lines(of: chunk, buffer: &bytes) { _, _ in }) } catch {
                    return (counts, error)
                }
            }
            return (counts, nil)
        }
        if let failure = counted.compactMap(\.failure).first { throw fileError(failure, path: path) }
        var counts = [Int](repeating: 0, count: chunks.count)
        for chunk in counts.indices { counts[chunk] = counted[chunk % workers].counts[chunk / workers] }
        var linesBefore = [Int](repeating: headerLines, count: chunks.count)
        for chunk in counts.indices.dropFirst() { linesBefore[chunk] = linesBefore[chunk - 1] + counts[chunk - 1] }
        let firstLine = linesBefore
        // Pass 2: each worker parses its chunks with a copy of the reader that read the header.
        let start = header
        let sinks = [first] + (1..<workers).map { _ in makeSink() }
        let finished = ParallelWork.map(workers) { worker -> (sink: Sink, errors: [HistoryError], failure: FileReadError?) in
            var sink = sinks[worker]
            var reader = start
            reader.errors = []
            var bytes: [UInt8] = []
            var line: [UInt8] = []
            var failed: FileReadError?
            for chunk in stride(from: worker, to: chunks.count, by: workers) {
                let before = firstLine[chunk]
                do throws(FileReadError) {
                    _ = try chunks.lines(of: chunk, buffer: &bytes) { raw, number in
                        reader.readLine(raw, number: before + number, through: &line) { add(&sink, $0) }
                    }
                } catch {
                    failed = error
                    break
                }
            }
            return (sink, reader.errors, failed)
        }
        if let failed = finished.compactMap(\.failure).first { throw fileError(failed, path: path) }
        // A problem of the whole file (a CSV without a header) comes last, as the plain read reports it, if there is
        // room for it.
        let beforeEnd = header.errors.count
        header.finish(lines: headerLines + counts.reduce(0, +))
        let ofTheWholeFile = header.errors[beforeEnd...]
        header.errors.removeLast(ofTheWholeFile.count)
        var errors = mergedInFileOrder([header.errors] + finished.map(\.errors))
        errors += ofTheWholeFile.prefix(max(0, maxErrors - errors.count))
        return (finished.map(\.sink), errors)
    }

    /// Lists of problems, each in file order, as one list in file order (a line's problems in the order reported),
    /// the first `maxErrors`.
    static func mergedInFileOrder(_ lists: [[HistoryError]]) -> [HistoryError] {
        let all = lists.enumerated().flatMap { list in list.element.enumerated().map { (error: $0.element, list: list.offset, index: $0.offset) } }
        let sorted = all.sorted { ($0.error.line, $0.list, $0.index) < ($1.error.line, $1.list, $1.index) }
        return sorted.prefix(maxErrors).map(\.error)
    }

    private static func fileError(_ error: FileReadError, path: String) -> HistoryFileError {
        error.reason.code == ENOENT ? .notFound(path) : .unreadable(path, reason: error.reason)
    }
}
