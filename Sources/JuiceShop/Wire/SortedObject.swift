import JuiceCore

/// A JSON object whose keys are written sorted, by any encoder (a dictionary's own keys come in hash order): a plan's
/// `spoilsEarly`, `juice status`'s orphaned fruits. Read back from any object of `Value`s.
public struct SortedObject<Value: Codable & Sendable & Hashable>: Codable, Sendable, Hashable {
    /// The members.
    public var members: [String: Value]

    /// The object of `members`.
    public init(_ members: [String: Value]) { self.members = members }

    /// The object of `members`, keyed by fruit id.
    public init(_ members: [FruitID: Value]) {
        self.members = Dictionary(uniqueKeysWithValues: members.map { ($0.key.rawValue, $0.value) })
    }

    private struct MemberKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Reads an object of `Value`s.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: MemberKey.self)
        var members: [String: Value] = [:]
        for key in container.allKeys { members[key.stringValue] = try container.decode(Value.self, forKey: key) }
        self.members = members
    }

    /// Writes the members, keys sorted.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: MemberKey.self)
        for (key, value) in members.sorted(by: { $0.key < $1.key }) { try container.encode(value, forKey: MemberKey(stringValue: key)) }
    }
}

extension SortedObject {
    /// The member named `key`, if there is one.
    public subscript(key: String) -> Value? { members[key] }
}

extension SortedObject: ExpressibleByDictionaryLiteral {
    /// The object of these members (a later duplicate key wins).
    public init(dictionaryLiteral elements: (String, Value)...) {
        self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
