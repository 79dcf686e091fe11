/// A fruit or a juice, by kind and id (a fruit and a juice may share an id).
package struct EntryKey: Hashable, Sendable {
    /// Fruit or juice.
    package var kind: Occurrence.Kind
    /// The id, as written.
    package var id: String

    /// The key of the fruit or juice `id`.
    package init(kind: Occurrence.Kind, id: String) {
        self.kind = kind
        self.id = id
    }
}

/// One fruit's or juice's entry of a file: where its key is and where each of its fields is written.
package struct EntryOutline: Hashable, Sendable {
    /// Fruit or juice.
    package var kind: Occurrence.Kind
    /// The id.
    package var id: String
    /// The key, as written.
    package var key: ScalarSpan
    /// The key's 1-based line and column (for deleting the entry).
    package var keyLine: Int
    package var keyColumn: Int
    /// The entry's value when it is a mapping (for inserting a field).
    package var value: MappingSite?
    /// Its fields by key (`name`'s own fields as children).
    package var fields: [String: FieldOutline] = [:]

    /// An entry with no fields read yet.
    package init(kind: Occurrence.Kind, id: String, key: ScalarSpan, keyLine: Int, keyColumn: Int) {
        self.kind = kind
        self.id = id
        self.key = key
        self.keyLine = keyLine
        self.keyColumn = keyColumn
    }
}

/// One field of an entry: where its key is, and its value, as written (a scalar, a mapping or a sequence).
package struct FieldOutline: Hashable, Sendable {
    /// The key as written.
    package var key: ScalarSpan
    /// The key's 1-based line and column.
    package var keyLine: Int
    package var keyColumn: Int
    /// The value, when it is a scalar.
    package var scalar: ScalarSpan?
    /// The value, when it is a mapping, and its own fields (one level).
    package var mapping: MappingSite?
    package var children: [String: FieldOutline] = [:]
    /// The value, when it is a sequence.
    package var sequence: SequenceSite?

    /// A field whose value is not read yet.
    package init(key: ScalarSpan, keyLine: Int, keyColumn: Int) {
        self.key = key
        self.keyLine = keyLine
        self.keyColumn = keyColumn
    }
}

/// A sequence as written: flow `[…]` with its brackets, or block `- …` items.
package struct SequenceSite: Hashable, Sendable {
    /// Whether it is written `[…]`.
    package var isFlow: Bool
    /// Where it starts (its `[` when flow, the first `-` when block).
    package var opening: Int
    /// Flow: the byte of `]`.
    package var closing: Int?
    /// Its items in order.
    package var items: [SequenceItem]
}

/// One item of a sequence.
package struct SequenceItem: Hashable, Sendable {
    /// Its text, when it is a scalar.
    package var text: String?
    /// Where it is written, when it is a scalar.
    package var span: ScalarSpan?
    /// Its 1-based line and column.
    package var line: Int
    package var column: Int
}
