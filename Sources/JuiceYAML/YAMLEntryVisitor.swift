/// Receives a document's top-level entries while it is parsed, each as soon as it is complete, so that a large
/// file never has to be held as one tree.
///
/// Only a document whose root is a mapping has entries. Node ids are valid only during the call that passes them:
/// an entry's nodes are dropped once it has been visited (keys of streamed mappings stay, for duplicate detection).
/// Entries whose key is refused (not a string, or a duplicate) are reported as errors and never visited, exactly
/// as `YAMLParser.parse(_:file:)` leaves them out of the tree.
public protocol YAMLEntryVisitor {
    /// Whether the entries of the mapping under the top-level key `key` should be visited one by one, with
    /// `visitEntry`, rather than as part of one top-level entry. Asked once per accepted top-level key, as soon as
    /// the key is read; it has effect only when the key's value is a mapping.
    mutating func streamsEntries(under key: YAMLNodeID, in document: borrowing YAMLDocument) -> Bool

    /// One complete entry of a streamed mapping: the mapping under the top-level key `section`.
    mutating func visitEntry(key: YAMLNodeID, value: YAMLNodeID, section: YAMLNodeID, in document: borrowing YAMLDocument)

    /// One complete top-level entry. When `streamed` is true, `value` is a mapping whose entries were all passed to
    /// `visitEntry` already (it holds none of them any more).
    mutating func visitTopLevelEntry(key: YAMLNodeID, value: YAMLNodeID, streamed: Bool, in document: borrowing YAMLDocument)
}
