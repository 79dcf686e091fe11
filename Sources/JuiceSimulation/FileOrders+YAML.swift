import JuiceCore
import JuiceYAML

/// A YAML order file: a list whose items are juice names (`- banana-juice`) or mappings
/// (`- {juice: banana-juice, count: 2}`), read item by item in constant memory.
extension FileOrders {
    /// The keys an order mapping may have.
    static let orderKeys = ["juice", "count"]

    /// Hands every order of the YAML list to `body`, in order; throws the first problem, by which time the orders
    /// before it have been handed over.
    mutating func forEachYAMLOrder(_ body: (_ juice: Int, _ count: Int) -> Void) throws(OrderSourceError) {
        let list = YAMLListReader(file: try mappedFile())
        var ticker = ProgressTicker(total: list.file.bytes.count, report: progress)
        while try readOrders(from: list, { order in body(Int(order.juice), Int(order.count)) }) {
            ticker.reach(list.bytesRead)
        }
        ticker.reach(list.bytesRead)
    }

    /// Fills `batch` (emptied by the caller) with the next orders of the YAML list; false at its end.
    mutating func nextYAMLBatch(into batch: inout [SimulationOrder]) throws(OrderSourceError) -> Bool {
        if yamlListReader == nil {
            let list = YAMLListReader(file: try mappedFile())
            yamlListReader = list
            ticker = ProgressTicker(total: list.file.bytes.count, report: progress)
        }
        guard let list = yamlListReader else { return false }
        while batch.count < 4_096, try readOrders(from: list, { batch.append($0) }) {}
        ticker.reach(list.bytesRead)
        return !batch.isEmpty
    }

    /// Reads a batch of events on (`readSome`), turning each item into an order for `body` and stopping at the first
    /// item that is not one; throws that item's problem or the list's, else returns whether there is more to read.
    private mutating func readOrders(from list: YAMLListReader, _ body: (SimulationOrder) -> Void) throws(OrderSourceError) -> Bool {
        var failure: OrderSourceError?
        func visit(_ item: YAMLNodeID, _ document: borrowing YAMLDocument) -> Bool {
            do throws(OrderSourceError) {
                body(try yamlOrder(item, in: document))
                return true
            } catch {
                failure = error
                return false
            }
        }
        let more = list.readSome(visit)
        if let failure { throw failure }
        if let problem = list.problem { throw orderError(problem) }
        return more
    }

    private func mappedFile() throws(OrderSourceError) -> MappedFile {
        do throws(FileReadError) {
            return try MappedFile(path: path)
        } catch {
            throw .unreadable(
                path: path,
                reason: error.code.map(SystemReason.init(code:))
                    ?? SystemReason(english: error.reason, korean: "일반 파일이 아니에요"))
        }
    }

    /// The order one item of the list stands for.
    private mutating func yamlOrder(_ item: YAMLNodeID, in document: borrowing YAMLDocument) throws(OrderSourceError) -> SimulationOrder {
        var nameNode = item
        var count = 1
        if document.kind(of: item) == .mapping {
            var juice: YAMLNodeID?
            for entry in document.entries(of: item) {
                let key = document.string(entry.key)
                switch key {
                case "juice": juice = entry.value
                case "count": count = try yamlCount(entry.value, in: document)
                default:
                    throw malformed(at: entry.key, in: document, Self.unknownKeyProblem(key))
                }
            }
            guard let juice else {
                throw malformed(at: item, in: document, .missingJuice)
            }
            nameNode = juice
        }
        guard document.kind(of: nameNode) == .scalar else {
            throw malformed(
                at: nameNode, in: document,
                .notAJuiceName(found: document.found(nameNode)))
        }
        let at = document.location(of: nameNode)
        var resolved = Result<Int32, OrderSourceError>.success(0)
        document.withBytes(of: nameNode) { name in
            resolved = Result { () throws(OrderSourceError) in try resolve(name, line: at.line, column: at.column) }
        }
        return SimulationOrder(juice: try resolved.get(), count: Int32(count))
    }

    private func yamlCount(_ node: YAMLNodeID, in document: borrowing YAMLDocument) throws(OrderSourceError) -> Int {
        guard case .int(let value) = document.coreValue(of: node), (1...Self.countLimit).contains(value) else {
            let at = document.location(of: node)
            throw countProblem(line: at.line, column: at.column, found: document.found(node))
        }
        return value
    }

    /// The problem `problem` at `node`.
    private func malformed(at node: YAMLNodeID, in document: borrowing YAMLDocument, _ problem: OrderFileProblem) -> OrderSourceError {
        let at = document.location(of: node)
        return .malformed(path: path, line: at.line, column: at.column, problem: problem)
    }

    /// A YAML problem as an order file's problem, worded for order files where the YAML layer's words are a recipe file's.
    private func orderError(_ problem: YAMLError) -> OrderSourceError {
        let line = problem.location.line
        let column = problem.location.column
        switch problem {
        case .emptyFile:
            return .malformed(path: path, line: line, column: column, problem: .noOrders)
        case .notAList(let found, _):
            return .malformed(path: path, line: line, column: column, problem: .notAList(found: found))
        default:
            return .malformed(path: path, line: line, column: column, problem: .yaml(problem))
        }
    }
}
