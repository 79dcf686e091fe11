/// The rule a staff token must meet at start: at least 128 bits, judged from its length and its characters.
///
/// A token of hex digits only counts 4 bits a character (32 characters: `openssl rand -hex 16`), one of the base64 or
/// base64url alphabet only, with both capital and small letters, 6 bits (22 characters without `=` padding: `openssl
/// rand -base64 16`), and any other token 4 bits (32 characters: words typed by a person, `browser-staff-token`,
/// carry far less than their alphabet allows). A token with fewer than 8
/// different characters (`aaaa…`, `abab…`) is refused whatever its length. The rule catches short and patterned
/// tokens; it cannot tell a random token from a chosen one, which is why the message says how to make one.
package enum StaffTokenRule {
    /// The least number of bits of a token.
    package static let minimumBits = 128
    /// The least number of different characters in a token.
    package static let minimumDistinctCharacters = 8

    /// What a token's characters are made of, which decides the bits each counts.
    package enum Alphabet: Sendable, Hashable {
        /// `0-9a-fA-F` only: 4 bits a character.
        case hex
        /// `A-Za-z0-9+/` or `-_` (base64, base64url; `=` padding at the end not counted) with both capital and small
        /// letters: 6 bits a character.
        case base64
        /// Anything else: 4 bits a character.
        case other

        /// The bits one character of this alphabet counts for.
        package var bitsPerCharacter: Int { self == .base64 ? 6 : 4 }

        /// The characters a token of this alphabet needs for `StaffTokenRule.minimumBits`.
        package var requiredLength: Int { (StaffTokenRule.minimumBits + bitsPerCharacter - 1) / bitsPerCharacter }
    }

    /// Why a token is too weak, if it is: its length and what its alphabet requires (nil: strong enough).
    package static func weakness(of token: String) -> (length: Int, required: Int)? {
        var characters = Array(token.unicodeScalars)
        while characters.last == "=" { characters.removeLast() }
        let alphabet = Self.alphabet(of: characters)
        let required = alphabet.requiredLength
        if characters.count < required || Set(characters).count < minimumDistinctCharacters {
            return (characters.count, required)
        }
        return nil
    }

    /// The alphabet `characters` are drawn from.
    static func alphabet(of characters: [Unicode.Scalar]) -> Alphabet {
        func isHex(_ c: Unicode.Scalar) -> Bool { ("0"..."9").contains(c) || ("a"..."f").contains(c) || ("A"..."F").contains(c) }
        func isAlphanumeric(_ c: Unicode.Scalar) -> Bool { ("0"..."9").contains(c) || ("a"..."z").contains(c) || ("A"..."Z").contains(c) }
        if characters.allSatisfy(isHex) { return .hex }
        // A random base64 token of 22 characters has both cases but for odds of about 1 in 100,000; words do not.
        guard characters.contains(where: { ("a"..."z").contains($0) }), characters.contains(where: { ("A"..."Z").contains($0) }) else {
            return .other
        }
        if characters.allSatisfy({ isAlphanumeric($0) || $0 == "+" || $0 == "/" }) { return .base64 }
        if characters.allSatisfy({ isAlphanumeric($0) || $0 == "-" || $0 == "_" }) { return .base64 }
        return .other
    }
}
