// libFuzzer target: arbitrary bytes as a CSV or JSON Lines order file, read two ways that must agree exactly: in
// chunks of 1 to 64 bytes on worker threads (the path large files take), and line after line. The same report, or
// the same first problem at the same line. JSON Lines are also read a third way, with JSONSerialization alone, which
// must agree with reading the plain shape directly. The first input byte picks the chunk size and the format.
import Foundation
import JuiceCore
import JuiceRecipes
import JuiceSimulation

let book = RecipeLoader().load(files: DefaultRecipes.files).book
let menu = CompiledMenu(book: book)
let stock = menu.stock(from: book.initialInventory)

/// Hides FileOrders' chunked loop, so that the simulator reads the file line after line.
struct LineByLine: OrderSource {
    var inner: FileOrders
    var progress: OrderProgress? {
        get { inner.progress }
        set { inner.progress = newValue }
    }
    mutating func nextBatch(into batch: inout [SimulationOrder]) throws(OrderSourceError) -> Bool {
        try inner.nextBatch(into: &batch)
    }
}

func outcome(_ body: () throws(OrderSourceError) -> SimulationReport) -> Result<SimulationReport, OrderSourceError> {
    do throws(OrderSourceError) { return .success(try body()) } catch { return .failure(error) }
}

/// libFuzzer's entry point: one input of `size` bytes at `data`; returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOrderFiles(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 1 else { return 0 }
    let chunkSize = Int(data[0] & 0x3F) + 1
    let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("juice-fuzz-orders-\(getpid())." + (data[0] & 0x40 == 0 ? "csv" : "jsonl")).path
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes: data + 1, count: size - 1)) else { return 0 }
    defer { try? FileManager.default.removeItem(atPath: path) }
    let chunked = outcome { () throws(OrderSourceError) in
        var source = try FileOrders(path: path, menu: menu)
        source.chunkSize = chunkSize
        var simulator = Simulator(menu: menu)
        return try simulator.run(&source, stock: stock)
    }
    let lineByLine = outcome { () throws(OrderSourceError) in
        var source = LineByLine(inner: try FileOrders(path: path, menu: menu))
        var simulator = Simulator(menu: menu)
        return try simulator.run(&source, stock: stock)
    }
    precondition(chunked == lineByLine, "chunked and line-by-line reading disagree: \(chunked) vs \(lineByLine)")
    if data[0] & 0x40 != 0 {
        // JSON Lines: reading the plain shape directly must change nothing against JSONSerialization alone.
        let general = outcome { () throws(OrderSourceError) in
            var inner = try FileOrders(path: path, menu: menu)
            inner.readsPlainJSON = false
            var source = LineByLine(inner: inner)
            var simulator = Simulator(menu: menu)
            return try simulator.run(&source, stock: stock)
        }
        precondition(general == lineByLine, "plain JSON reading and JSONSerialization disagree: \(lineByLine) vs \(general)")
    }
    return 0
}
