import JuiceCore
import JuiceFileReading

/// One order in a simulation: a juice (by compiled index) and how many.
package struct SimulationOrder: Hashable, Sendable {
    /// The juice's index in the `CompiledMenu`.
    package var juice: Int32
    /// How many juices the order asks for (at least 1).
    package var count: Int32

    /// Creates an order.
    package init(juice: Int32, count: Int32 = 1) {
        self.juice = juice
        self.count = count
    }
}

/// Told how far a long run has come: the share of its orders (or of its file) done so far, from 0 to 1.
package typealias OrderProgress = @Sendable (_ done: Double) -> Void

/// A source of orders delivered in batches, so that any number of orders runs in constant memory.
package protocol OrderSource {
    /// Fills `batch` (after emptying it) with the next orders; returns false when there are none left.
    mutating func nextBatch(into batch: inout [SimulationOrder]) throws(OrderSourceError) -> Bool

    /// Hands every remaining order, in order, to `body` (juice index, count).
    ///
    /// A source that makes its orders (rather than reading them) implements this to call `body` as each order is
    /// made, so that making and serving share one loop; the default goes through `nextBatch(into:)`.
    mutating func forEachOrder(_ body: (_ juice: Int, _ count: Int) -> Void) throws(OrderSourceError)

    /// Told how far the source has come as it hands orders over (see `OrderProgress`); nil: nothing is told.
    ///
    /// Every source measures its own way (bytes of a file read, orders generated) and reports through a
    /// `ProgressTicker`: at least once, and at most about a thousand times a run.
    var progress: OrderProgress? { get set }
}

extension OrderSource {
    /// Hands every remaining order to `body`, batch by batch.
    package mutating func forEachOrder(_ body: (_ juice: Int, _ count: Int) -> Void) throws(OrderSourceError) {
        try forEachOrderInBatches(body)
    }

    /// Hands every remaining order to `body`, from batch after batch of `nextBatch(into:)`.
    @inline(__always)
    package mutating func forEachOrderInBatches(_ body: (_ juice: Int, _ count: Int) -> Void) throws(OrderSourceError) {
        var batch: [SimulationOrder] = []
        batch.reserveCapacity(65_536)
        while try nextBatch(into: &batch) {
            batch.withUnsafeBufferPointer { orders in
                for order in orders { body(Int(order.juice), Int(order.count)) }
            }
        }
    }
}

/// Why an order source could not be read; reported before anything runs where possible.
package enum OrderSourceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file cannot be read.
    case unreadable(path: String, reason: SystemReason)
    /// A line or entry names no juice; `line` and `column` (in Unicode scalars) are 1-based and point at the name.
    case unknownJuice(path: String, line: Int, column: Int, name: String, suggestion: String?)
    /// A line or entry is malformed; `line` and `column` (in Unicode scalars) are 1-based and point at the problem.
    case malformed(path: String, line: Int, column: Int, problem: OrderFileProblem)
    /// The file's extension names no known format.
    case unknownFormat(path: String)
    /// A mix names an unknown juice or a bad weight.
    case badMix(MixProblem)
    /// A `--restock` rule that cannot be used.
    case badRestock(RestockProblem)

    /// The file that could not be read, as an order source's problem.
    package init(_ failure: FileReadError) {
        self = .unreadable(path: failure.path, reason: failure.reason)
    }

    /// The same problem with its line moved down by `lines` (a line counted within a chunk, made a line of the file).
    func movingLines(by lines: Int) -> OrderSourceError {
        switch self {
        case .unknownJuice(let path, let line, let column, let name, let suggestion):
            return .unknownJuice(path: path, line: line + lines, column: column, name: name, suggestion: suggestion)
        case .malformed(let path, let line, let column, let problem):
            return .malformed(path: path, line: line + lines, column: column, problem: problem)
        case .unreadable, .unknownFormat, .badMix, .badRestock: return self
        }
    }

    /// A readable explanation with the position, in English.
    package var description: String { description(in: .english) }

    /// A readable explanation with the position (`FILE:LINE:COLUMN: …`), in `language`.
    package func description(in language: Language) -> String {
        let ko = language == .korean
        switch self {
        case .unreadable(let path, let reason):
            return ko ? "\(path): 읽을 수 없어요: \(reason.text(in: language))" : "\(path): cannot be read: \(reason)"
        case .unknownJuice(let path, let line, let column, let name, let suggestion):
            return ko
                ? "\(path):\(line):\(column): 모르는 쥬스예요: '\(name)'" + (suggestion.map { ". '\($0)'을(를) 말한 건가요?" } ?? "")
                : "\(path):\(line):\(column): unknown juice '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .malformed(let path, let line, let column, let problem):
            return "\(path):\(line):\(column): \(problem.text(in: language))"
        case .unknownFormat(let path):
            return ko
                ? "\(path): 모르는 주문 파일 형식이에요. .csv (juice,count), .jsonl, .yaml 중 하나를 쓰세요"
                : "\(path): unknown order file format; use .csv (juice,count), .jsonl or .yaml"
        case .badMix(let problem): return (ko ? "잘못된 비율: " : "invalid mix: ") + problem.text(in: language)
        case .badRestock(let problem): return (ko ? "잘못된 재고 채우기 규칙: " : "invalid restock: ") + problem.text(in: language)
        }
    }
}
