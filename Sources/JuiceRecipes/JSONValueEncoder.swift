/// Encodes an `Encodable` value as a `JSONValue`, object keys in the order they are encoded (a type's synthesized
/// `encode(to:)` encodes its properties in the order they are declared), an absent optional left out, as the server's
/// `JSONEncoder` leaves it out. So one `Codable` wire type gives the command line's `--json` (written by `JSONValue`,
/// keys in declaration order) and the API's body (keys sorted) the same members.
public struct JSONValueEncoder: Sendable {
    /// An encoder.
    public init() {}

    /// `value` as a JSON value.
    public func encode(_ value: some Encodable) throws -> JSONValue {
        let root = JSONNode()
        try value.encode(to: NodeEncoder(node: root, codingPath: []))
        return root.value
    }
}

extension JSONValue {
    /// `value` as a JSON value (see `JSONValueEncoder`); `null` when its `encode(to:)` throws, which the wire types'
    /// synthesized encoders never do.
    public init(encoding value: some Encodable) {
        self = (try? JSONValueEncoder().encode(value)) ?? .null
    }
}

/// A value being encoded: nothing yet, a scalar, an object (keys in the order first encoded) or an array.
private final class JSONNode {
    enum Content {
        case empty
        case scalar(JSONValue)
        case object(keys: [String], members: [String: JSONNode])
        case array([JSONNode])
    }

    var content = Content.empty

    var value: JSONValue {
        switch content {
        case .empty: .object([])
        case .scalar(let value): value
        case .object(let keys, let members): .object(keys.compactMap { key in members[key].map { (key, $0.value) } })
        case .array(let items): .array(items.map(\.value))
        }
    }

    /// The member `key` of this object (made one, if it was not), new or as encoded before.
    func member(_ key: String) -> JSONNode {
        var (keys, members) = ([String](), [String: JSONNode]())
        if case .object(let existingKeys, let existing) = content { (keys, members) = (existingKeys, existing) }
        if let node = members[key] {
            content = .object(keys: keys, members: members)
            return node
        }
        let node = JSONNode()
        keys.append(key)
        members[key] = node
        content = .object(keys: keys, members: members)
        return node
    }

    /// Makes this node an object, empty unless it is one already.
    func becomeObject() {
        if case .object = content { return }
        content = .object(keys: [], members: [:])
    }

    /// A new last item of this array (made one, if it was not).
    func appended() -> JSONNode {
        var items: [JSONNode] = []
        if case .array(let existing) = content { items = existing }
        let node = JSONNode()
        items.append(node)
        content = .array(items)
        return node
    }

    /// Makes this node an array, empty unless it is one already.
    func becomeArray() {
        if case .array = content { return }
        content = .array([])
    }

    /// The number of items, when an array.
    var count: Int {
        if case .array(let items) = content { return items.count }
        return 0
    }
}

/// The key of an array's item, for coding paths.
private struct IndexKey: CodingKey {
    var stringValue: String { "\(index)" }
    var intValue: Int? { index }
    let index: Int
    init(_ index: Int) { self.index = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.index = intValue }
}

private struct NodeEncoder: Encoder {
    let node: JSONNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.becomeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.becomeArray()
        return UnkeyedNodeContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleNodeContainer(node: node, codingPath: codingPath) }
}

/// A scalar of any integer type: an `.int` when an `Int` holds it, else a `.double`.
private func integer(_ value: some BinaryInteger) -> JSONValue {
    Int(exactly: value).map(JSONValue.int) ?? .double(Double(value))
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: JSONNode
    let codingPath: [any CodingKey]

    private func set(_ value: JSONValue, _ key: Key) { node.member(key.stringValue).content = .scalar(value) }

    mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(.double(value), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(.double(Double(value)), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(.int(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(integer(value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(integer(value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(integer(value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(integer(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(integer(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(integer(value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(integer(value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(integer(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(integer(value), key) }

    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        try value.encode(to: NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let member = node.member(key.stringValue)
        member.becomeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: member, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let member = node.member(key.stringValue)
        member.becomeArray()
        return UnkeyedNodeContainer(node: member, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { NodeEncoder(node: node.member("super"), codingPath: codingPath) }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let node: JSONNode
    let codingPath: [any CodingKey]
    var count: Int { node.count }

    private func add(_ value: JSONValue) { node.appended().content = .scalar(value) }

    mutating func encodeNil() throws { add(.null) }
    mutating func encode(_ value: Bool) throws { add(.bool(value)) }
    mutating func encode(_ value: String) throws { add(.string(value)) }
    mutating func encode(_ value: Double) throws { add(.double(value)) }
    mutating func encode(_ value: Float) throws { add(.double(Double(value))) }
    mutating func encode(_ value: Int) throws { add(.int(value)) }
    mutating func encode(_ value: Int8) throws { add(integer(value)) }
    mutating func encode(_ value: Int16) throws { add(integer(value)) }
    mutating func encode(_ value: Int32) throws { add(integer(value)) }
    mutating func encode(_ value: Int64) throws { add(integer(value)) }
    mutating func encode(_ value: UInt) throws { add(integer(value)) }
    mutating func encode(_ value: UInt8) throws { add(integer(value)) }
    mutating func encode(_ value: UInt16) throws { add(integer(value)) }
    mutating func encode(_ value: UInt32) throws { add(integer(value)) }
    mutating func encode(_ value: UInt64) throws { add(integer(value)) }

    mutating func encode(_ value: some Encodable) throws {
        let path = codingPath + [IndexKey(count)]
        try value.encode(to: NodeEncoder(node: node.appended(), codingPath: path))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = codingPath + [IndexKey(count)]
        let item = node.appended()
        item.becomeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: item, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = codingPath + [IndexKey(count)]
        let item = node.appended()
        item.becomeArray()
        return UnkeyedNodeContainer(node: item, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let path = codingPath + [IndexKey(count)]
        return NodeEncoder(node: node.appended(), codingPath: path)
    }
}

private struct SingleNodeContainer: SingleValueEncodingContainer {
    let node: JSONNode
    let codingPath: [any CodingKey]

    private func set(_ value: JSONValue) { node.content = .scalar(value) }

    mutating func encodeNil() throws { set(.null) }
    mutating func encode(_ value: Bool) throws { set(.bool(value)) }
    mutating func encode(_ value: String) throws { set(.string(value)) }
    mutating func encode(_ value: Double) throws { set(.double(value)) }
    mutating func encode(_ value: Float) throws { set(.double(Double(value))) }
    mutating func encode(_ value: Int) throws { set(.int(value)) }
    mutating func encode(_ value: Int8) throws { set(integer(value)) }
    mutating func encode(_ value: Int16) throws { set(integer(value)) }
    mutating func encode(_ value: Int32) throws { set(integer(value)) }
    mutating func encode(_ value: Int64) throws { set(integer(value)) }
    mutating func encode(_ value: UInt) throws { set(integer(value)) }
    mutating func encode(_ value: UInt8) throws { set(integer(value)) }
    mutating func encode(_ value: UInt16) throws { set(integer(value)) }
    mutating func encode(_ value: UInt32) throws { set(integer(value)) }
    mutating func encode(_ value: UInt64) throws { set(integer(value)) }
    mutating func encode(_ value: some Encodable) throws { try value.encode(to: NodeEncoder(node: node, codingPath: codingPath)) }
}
