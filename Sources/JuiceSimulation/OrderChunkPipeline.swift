import Dispatch
import Foundation
import JuiceCore
import JuiceFileReading
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Parses an order file on worker threads, one fixed byte range (a chunk) at a time, and hands the orders to a single
/// consumer in file order, in constant memory.
///
/// Chunk `k` is the lines that start in bytes `k·size ..< (k+1)·size`: a worker needs nothing from the chunks before
/// its own, so workers read and parse side by side. Each counts its lines; the consumer adds the counts up in order,
/// which turns a problem's line within its chunk into its line in the file.
///
/// Safety (hence `@unchecked Sendable`): slot `i` is only ever filled by worker `i % workers` (there are
/// `slotsPerWorker` times as many slots as workers), only after taking its `free` semaphore, and only read by the
/// consumer after taking its `full` semaphore; the semaphores order every hand-over. `cancelled` is only read and
/// written under `lock`.
final class OrderChunkPipeline: @unchecked Sendable {
    /// One chunk's parsed orders.
    final class Slot: @unchecked Sendable {
        /// Room for one order per two bytes of the chunk, and two more: every line but a file's last takes at least two
        /// bytes (a character and a line feed), and a chunk's lines start in it.
        let orders: UnsafeMutablePointer<SimulationOrder>
        var orderCount = 0
        /// Lines that start in the chunk, counted up to its first problem.
        var lines = 0
        /// The chunk's first problem, its line counted from the chunk's first line (1).
        var failure: OrderSourceError?
        /// Whether the chunk lies past the end of the file: no chunk follows.
        var isEnd = false
        let free = DispatchSemaphore(value: 0)
        let full = DispatchSemaphore(value: 0)

        init(capacity: Int) {
            orders = .allocate(capacity: capacity)
        }

        deinit {
            orders.deallocate()
        }
    }

    /// Chunks a worker may be ahead of the consumer, plus one: room to ride out a worker's thread being descheduled.
    static let slotsPerWorker = 4

    private let path: String
    private let file: OpenFile
    private var descriptor: Int32 { file.descriptor }
    private let fileSize: Int
    private let chunkSize: Int
    private let workerCount: Int
    private let slots: [Slot]
    private let parser: FileOrders
    private let lock = DispatchQueue(label: "juice.order-chunks.lock")
    private var cancelled = false
    private let group = DispatchGroup()

    /// A pipeline over the open `file` (`fileSize` bytes), parsing lines as `parser` does.
    init(path: String, file: OpenFile, fileSize: Int, chunkSize: Int, workers: Int, parser: FileOrders) {
        self.path = path
        self.file = file
        self.fileSize = fileSize
        self.chunkSize = max(1, chunkSize)
        workerCount = max(1, workers)
        self.parser = parser
        slots = (0..<(Self.slotsPerWorker * workerCount)).map { _ in Slot(capacity: max(1, chunkSize) / 2 + 2) }
        for slot in slots { slot.free.signal() }
    }

    /// Hands every order in file order to `body`, a chunk at a time, then stops the workers; throws the file's first
    /// problem, with its line in the file, after handing over the orders before it.
    func consume(_ body: (UnsafeBufferPointer<SimulationOrder>) -> Void) throws(OrderSourceError) {
        // Threads of their own, not a shared pool: a worker waits for free slots, and waiting pool threads could
        // starve another pipeline's workers of a thread until the pool notices and grows.
        for worker in 0..<workerCount {
            group.enter()
            let thread = Thread { [self] in
                work(worker)
                group.leave()
            }
            thread.start()
        }
        defer { stop() }
        var linesBefore = 0
        var chunk = 0
        while true {
            let slot = slots[chunk % slots.count]
            slot.full.wait()
            if slot.isEnd { return }
            body(UnsafeBufferPointer(start: slot.orders, count: slot.orderCount))
            if let failure = slot.failure { throw failure.movingLines(by: linesBefore) }
            linesBefore += slot.lines
            slot.free.signal()
            chunk += 1
        }
    }

    /// Tells the workers to end, wakes any waiting for a slot, and waits for them all.
    private func stop() {
        lock.sync { cancelled = true }
        for slot in slots { slot.free.signal() }
        group.wait()
    }

    private var isCancelled: Bool { lock.sync { cancelled } }

    /// A worker's loop: chunks `worker`, `worker + workers`, … into their slots, until the file's end or cancellation.
    private func work(_ worker: Int) {
        var parser = self.parser
        var buffer: [UInt8] = []
        var chunk = worker
        while true {
            let slot = slots[chunk % slots.count]
            slot.free.wait()
            if isCancelled { return }
            fill(slot, chunk: chunk, parser: &parser, buffer: &buffer)
            let last = slot.isEnd || slot.failure != nil
            slot.full.signal()
            if last { return }
            chunk += workerCount
        }
    }

    /// Reads and parses chunk `chunk` into `slot`.
    private func fill(_ slot: Slot, chunk: Int, parser: inout FileOrders, buffer: inout [UInt8]) {
        let start = chunk * chunkSize
        let (lines, orders, failure) = parse(chunk: chunk, from: start, parser: &parser, buffer: &buffer, into: slot.orders)
        slot.orderCount = orders
        slot.lines = lines
        slot.failure = failure
        slot.isEnd = start >= fileSize
    }

    /// Parses the lines that start in chunk `chunk` (from byte `start`) into `orders`; the lines counted and the
    /// first problem, if any.
    private func parse(
        chunk: Int, from start: Int, parser: inout FileOrders, buffer: inout [UInt8],
        into orders: UnsafeMutablePointer<SimulationOrder>
    ) -> (lines: Int, orders: Int, failure: OrderSourceError?) {
        var count = 0
        guard start < fileSize else { return (0, 0, nil) }
        let end = min(start + chunkSize, fileSize)
        // One byte before the chunk tells whether a line starts at its first byte.
        let readStart = max(0, start - 1)
        guard var filled = read(from: readStart, upTo: end, into: &buffer, keeping: 0) else {
            return (0, 0, .unreadable(path: path, reason: SystemReason(code: errno)))
        }
        // Where the data ends: the size seen at the start, or sooner should the file shrink while it is read.
        var dataEnd = readStart + filled < end ? readStart + filled : fileSize
        var cursor = 0
        if start > 0 {
            guard let newline = Self.newline(in: buffer, from: 0, to: filled) else { return (0, 0, nil) }
            cursor = newline + 1
        }
        var lines = 0
        var order = SimulationOrder(juice: 0)
        let isFirstChunk = chunk == 0
        // Every line that starts before `end`; the last one is read past `end` as far as its line break.
        while readStart + cursor < min(end, dataEnd) {
            // The lines complete in the buffer, in one pass over it.
            let outcome = buffer.withUnsafeBufferPointer { raw -> (cursor: Int, failure: OrderSourceError?) in
                guard let base = raw.baseAddress else { return (cursor, nil) }
                var cursor = cursor
                while readStart + cursor < end {
                    // Most lines are plain `name,count`: read in a few word-sized steps, as many as come in a row.
                    let plain = parser.readPlainCSVLines(base, cursor: &cursor, before: end - readStart, limit: filled, into: orders + count)
                    lines += plain
                    count += plain
                    guard readStart + cursor < end else { break }
                    guard let hit = memchr(base + cursor, 0x0A, filled - cursor) else { break }
                    let newline = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
                    lines += 1
                    do throws(OrderSourceError) {
                        if try parser.parse(
                            FileBytes.line(raw, from: cursor, to: newline), number: lines,
                            isFirstLine: isFirstChunk && lines == 1, into: &order)
                        {
                            orders[count] = order
                            count += 1
                        }
                    } catch {
                        return (cursor, error)
                    }
                    cursor = newline + 1
                }
                return (cursor, nil)
            }
            if let failure = outcome.failure { return (lines, count, failure) }
            cursor = outcome.cursor
            guard readStart + cursor < min(end, dataEnd) else { break }
            // A line starts before `end` but its break is not in the buffer: read on, or it ends the file.
            guard readStart + filled < dataEnd else {
                lines += 1
                do throws(OrderSourceError) {
                    let parsed = try buffer.withUnsafeBufferPointer { raw throws(OrderSourceError) in
                        try parser.parse(
                            FileBytes.line(raw, from: cursor, to: filled), number: lines,
                            isFirstLine: isFirstChunk && lines == 1, into: &order)
                    }
                    if parsed {
                        orders[count] = order
                        count += 1
                    }
                } catch {
                    return (lines, count, error)
                }
                break
            }
            let wanted = min(dataEnd, readStart + filled + max(filled, 4_096))
            guard let more = read(from: readStart + filled, upTo: wanted, into: &buffer, keeping: filled) else {
                return (lines, count, .unreadable(path: path, reason: SystemReason(code: errno)))
            }
            if readStart + filled + more < wanted { dataEnd = readStart + filled + more }
            filled += more
        }
        return (lines, count, nil)
    }

    /// Reads bytes `offset ..< end` of the file into `buffer` after its first `kept` bytes (and 32 to spare, for
    /// word-sized reads near the data's end); the count read, nil on error.
    private func read(from offset: Int, upTo end: Int, into buffer: inout [UInt8], keeping kept: Int) -> Int? {
        FileBytes.read(descriptor, from: offset, upTo: end, into: &buffer, keeping: kept, spare: 32)
    }

    private static func newline(in buffer: [UInt8], from: Int, to: Int) -> Int? { FileBytes.newline(in: buffer, from: from, to: to) }
}
