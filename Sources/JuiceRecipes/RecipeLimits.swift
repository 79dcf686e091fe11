/// What the recipe format allows of ids and names beyond their characters: one place for `juice lint` and the menu
/// API (which refuses the same ids before writing anything, and names within `maxNameLength`).
public enum RecipeLimits {
    /// The longest fruit or juice id, in characters (Unicode scalars). An id is a YAML key, which libyaml allows at
    /// most 1,024 characters on one line, and a part of a URL (`/api/menu/juices/{id}`); 100 is far from both.
    public static let maxIDLength = 100

    /// The longest name, alias or emoji the menu API writes, in characters (Unicode scalars).
    public static let maxNameLength = 200

    /// Whether `id` is made only of dots (`.`, `..`): a URL path cannot name it (`/api/menu/juices/..` is the parent),
    /// so it is not an id.
    public static func isOnlyDots(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.allSatisfy { $0 == UInt8(ascii: ".") }
    }

    /// `text` cut to `length` characters with `…` after it when it is longer, for a message about a long value.
    public static func shortened(_ text: String, to length: Int = 20) -> String {
        text.unicodeScalars.count <= length ? text : String(String.UnicodeScalarView(text.unicodeScalars.prefix(length))) + "…"
    }
}
