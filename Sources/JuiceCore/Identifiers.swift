/// An id as recipe files write it (a fruit's, a juice's, a supplier's): its text, ordered, printed and coded as a
/// plain string.
public protocol RecipeIdentifier: RawRepresentable, Hashable, Comparable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
where RawValue == String {
    /// Wraps `rawValue`.
    init(rawValue: String)
}

extension RecipeIdentifier {
    /// Wraps `rawValue`.
    @inlinable public init(_ rawValue: String) { self.init(rawValue: rawValue) }
    /// Wraps a literal id.
    @inlinable public init(stringLiteral value: String) { self.init(rawValue: value) }
    /// The id's text.
    @inlinable public var description: String { rawValue }
    /// Orders ids by their text.
    @inlinable public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    /// Decodes the id from a plain string.
    public init(from decoder: any Decoder) throws { self.init(rawValue: try decoder.singleValueContainer().decode(String.self)) }
    /// Encodes the id as a plain string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// The id of a fruit, as written in recipe files (for example `strawberry`).
public struct FruitID: RecipeIdentifier {
    /// The id's text.
    public var rawValue: String
    /// Wraps `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
}

/// The id of a juice, as written in recipe files (for example `banana-juice`).
public struct JuiceID: RecipeIdentifier {
    /// The id's text.
    public var rawValue: String
    /// Wraps `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
}

/// A language the shop speaks.
public enum Language: String, Sendable, Hashable, CaseIterable, Codable {
    /// Korean, the original app's language.
    case korean = "ko"
    /// English.
    case english = "en"
}

/// A display name in Korean and English; either may be missing, and the other stands in for it.
public struct LocalizedName: Hashable, Sendable, Codable {
    /// The Korean name.
    public var korean: String?
    /// The English name.
    public var english: String?

    /// Creates a name from its Korean and English forms.
    public init(korean: String? = nil, english: String? = nil) {
        self.korean = korean
        self.english = english
    }

    /// The name in `language`, falling back to the other language, then to `fallback`.
    public func text(in language: Language, fallback: String = "") -> String {
        switch language {
        case .korean: return korean ?? english ?? fallback
        case .english: return english ?? korean ?? fallback
        }
    }

    /// Every form of the name that is present.
    public var all: [String] { [korean, english].compactMap { $0 } }

    enum CodingKeys: String, CodingKey {
        case korean = "ko"
        case english = "en"
    }
}

extension Language {
    /// The language named by the environment: the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set decides,
    /// Korean when it starts with `ko`, else English; Korean when none is set (the shop is Korean first).
    public static func from(environment: [String: String]) -> Language {
        for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[key], !value.isEmpty { return value.hasPrefix("ko") ? .korean : .english }
        }
        return .korean
    }
}
