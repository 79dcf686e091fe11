import Foundation
import JuiceYAML
import Testing

/// A 1-based line and column, compared as a pair so failures print both.
struct At: Equatable, CustomStringConvertible {
    var line: Int
    var column: Int
    init(_ line: Int, _ column: Int) {
        self.line = line
        self.column = column
    }
    init(_ location: YAMLLocation) {
        self.init(location.line, location.column)
    }
    var description: String { "\(line):\(column)" }
}

/// Parses `text` with `limits` as the file `test.yaml`.
func parse(_ text: String, limits: YAMLLimits = .default, file: String = "test.yaml") -> YAMLParseResult {
    YAMLParser(limits: limits).parse(text, file: file)
}

/// Parses raw bytes with `limits` as the file `test.yaml`.
func parse(bytes: [UInt8], limits: YAMLLimits = .default, file: String = "test.yaml") -> YAMLParseResult {
    YAMLParser(limits: limits).parse(bytes, file: file)
}

/// The bytes of the fixture `name` in the test bundle's `Fixtures` directory.
func fixture(_ name: String) throws -> [UInt8] {
    let directory = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
    return Array(try Data(contentsOf: directory.appendingPathComponent(name)))
}

/// The single error of `result`, failing the test when there is not exactly one.
func onlyError(_ result: YAMLParseResult, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> YAMLError {
    #expect(result.errors.count == 1, "errors: \(result.errors)", sourceLocation: sourceLocation)
    return try #require(result.errors.first, sourceLocation: sourceLocation)
}

/// The location `file:line:column` with the byte offset the YAML layer attaches to file-level problems.
func origin(_ file: String = "test.yaml") -> YAMLLocation {
    YAMLLocation(file: file, line: 1, column: 1, byteOffset: 0)
}

extension YAMLDocument {
    /// The value stored under the string key `key` in the mapping `mapping`.
    func value(_ key: String, in mapping: YAMLNodeID) -> YAMLNodeID? {
        entries(of: mapping).first { string($0.key) == key }?.value
    }

    /// The key node whose text is `key` in the mapping `mapping`.
    func key(_ key: String, in mapping: YAMLNodeID) -> YAMLNodeID? {
        entries(of: mapping).first { string($0.key) == key }?.key
    }

    /// The keys of the mapping `mapping`, as text, in order.
    func keys(of mapping: YAMLNodeID) -> [String] {
        entries(of: mapping).map { string($0.key) }
    }
}

/// The document of a parse that must have succeeded without any problem.
func cleanDocument(_ text: String, limits: YAMLLimits = .default, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> YAMLDocument {
    let result = parse(text, limits: limits)
    #expect(result.errors.isEmpty, "unexpected errors: \(result.errors)", sourceLocation: sourceLocation)
    return try #require(result.document, sourceLocation: sourceLocation)
}

/// The root node of `document`, which must be a mapping.
func rootMapping(_ document: YAMLDocument, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> YAMLNodeID {
    let root = try #require(document.root, sourceLocation: sourceLocation)
    try #require(document.kind(of: root) == .mapping, sourceLocation: sourceLocation)
    return root
}

/// The YAML layer's location type (Swift Testing has a type of the same name).
typealias YAMLLocation = JuiceYAML.SourceLocation
