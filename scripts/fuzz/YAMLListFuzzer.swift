// libFuzzer target: arbitrary bytes as a YAML list, read item by item (`YAMLListReader`, with `readAll` and with
// `readSome`) and as a whole tree (`YAMLParser`). They must agree: the same items (kind, text, position, subtree),
// and the same first problem, except where only the list reader objects (the top level is not a list).
import Foundation
import JuiceYAML

/// The subtree of `node` as text: kinds, positions and scalar text, children in order.
func describe(_ node: YAMLNodeID, in document: borrowing YAMLDocument) -> String {
    let at = document.location(of: node)
    var text = "\(at.line):\(at.column)"
    switch document.kind(of: node) {
    case .scalar: text += "'\(document.string(node))'/\(document.style(of: node))"
    case .invalid: text += "invalid"
    case .sequence: text += "[" + document.items(of: node).map { describe($0, in: document) }.joined(separator: ",") + "]"
    case .mapping:
        text +=
            "{"
            + document.entries(of: node).map { describe($0.key, in: document) + ":" + describe($0.value, in: document) }
            .joined(separator: ",") + "}"
    }
    return text
}

func readList(_ path: String, piecewise: Bool) -> (items: [String], problem: YAMLError?) {
    guard let file = try? MappedFile(path: path) else { preconditionFailure("cannot map \(path)") }
    let list = YAMLListReader(file: file)
    var items: [String] = []
    let visit = { (item: YAMLNodeID, document: borrowing YAMLDocument) -> Bool in
        items.append(describe(item, in: document))
        return true
    }
    if piecewise {
        while list.readSome(visit) {}
        return (items, list.problem)
    }
    let problem = list.readAll(visit)
    return (items, problem)
}

/// libFuzzer's entry point: one input of `size` bytes at `data`; returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzYAMLList(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("juice-fuzz-list-\(getpid()).yaml").path
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return 0 }
    defer { try? FileManager.default.removeItem(atPath: path) }
    let whole = readList(path, piecewise: false)
    let pieces = readList(path, piecewise: true)
    precondition(whole.items == pieces.items && whole.problem == pieces.problem, "readAll and readSome disagree: \(whole) vs \(pieces)")

    let tree = YAMLParser(limits: YAMLLimits(maxFileBytes: .max)).parse(bytes, file: path)
    if case .notAList = whole.problem {
        if let document = tree.document, let root = document.root {
            precondition(document.kind(of: root) != .sequence, "a list refused as not a list")
        }
        return 0
    }
    precondition(whole.problem == tree.errors.first, "first problems differ: \(String(describing: whole.problem)) vs \(tree.errors)")
    if whole.problem == nil, let document = tree.document, let root = document.root {
        let items = document.items(of: root).map { describe($0, in: document) }
        precondition(items == whole.items, "items differ: \(whole.items) vs \(items)")
    } else if let document = tree.document, let root = document.root, document.kind(of: root) == .sequence {
        // Before the problem, the same items as the tree's first ones.
        let items = document.items(of: root).map { describe($0, in: document) }
        precondition(Array(items.prefix(whole.items.count)) == whole.items, "items before the problem differ")
    }
    return 0
}
