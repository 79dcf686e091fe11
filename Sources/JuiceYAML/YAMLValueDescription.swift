/// What a node is, as a message names it ("a mapping", "the number 3", "'kiwi'"): typed, so that each consumer
/// words it in its own language.
public enum YAMLValueDescription: Hashable, Sendable, CustomStringConvertible {
    /// A mapping.
    case mapping
    /// A sequence.
    case list
    /// An alias (refused, so it stands for nothing).
    case alias
    /// An empty value (a null written as nothing, `~` or `null`).
    case empty
    /// A null written as a mapping key.
    case null
    /// A boolean, as written (`true`, `False`).
    case boolean(String)
    /// A number, as written (`3`, `0x1F`, `1.5`).
    case number(String)
    /// Text, as written.
    case text(String)

    /// In English: "a mapping", "a list", "an alias", "an empty value", "null", "the boolean true", "the number 3", "'kiwi'".
    public var description: String {
        switch self {
        case .mapping: return "a mapping"
        case .list: return "a list"
        case .alias: return "an alias"
        case .empty: return "an empty value"
        case .null: return "null"
        case .boolean(let text): return "the boolean \(text)"
        case .number(let text): return "the number \(text)"
        case .text(let text): return "'\(text)'"
        }
    }
}
