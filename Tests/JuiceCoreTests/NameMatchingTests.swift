import JuiceCore
import Testing

/// Normalisation for look-ups and "did you mean" suggestions.
@Suite struct NameMatchingTests {
    static let fruits = ["strawberry", "banana", "pineapple", "kiwi", "mango"]

    @Test(arguments: [
        ("Banana Juice", "bananajuice"),
        ("bananajuice", "bananajuice"),
        ("  KIWI\t", "kiwi"),
        ("Mango\nKiwi\r\n", "mangokiwi"),
        ("딸기 쥬스", "딸기쥬스"),
        ("\u{3000}망고\u{00A0}쥬스", "망고쥬스"),
        ("", ""),
    ])
    func normalizeIgnoresCaseAndWhitespace(text: String, expected: String) {
        #expect(NameMatching.normalize(text) == expected)
    }

    @Test func spellingsOfOneNameNormalizeAlike() {
        let forms = ["Strawberry Banana", "strawberry banana", "STRAWBERRYBANANA", " strawberry  Banana "]
        #expect(Set(forms.map(NameMatching.normalize)).count == 1)
    }

    @Test(arguments: [
        ("bananna", "banana"),
        ("Banana", "banana"),
        ("BANANA ", "banana"),
        ("strawbery", "strawberry"),
        ("pinaple", "pineapple"),
        ("kiwii", "kiwi"),
        ("kiw", "kiwi"),
        ("mangoo", "mango"),
    ])
    func closeTyposGetASuggestion(text: String, expected: String) {
        #expect(NameMatching.suggestion(for: text, among: Self.fruits) == expected)
    }

    @Test(arguments: ["xylophone", "grape", "watermelon", "ab", "zzzzzzzzzzzz"])
    func farOffWordsGetNothing(text: String) {
        #expect(NameMatching.suggestion(for: text, among: Self.fruits) == nil)
    }

    @Test func noCandidatesNoSuggestion() {
        #expect(NameMatching.suggestion(for: "banana", among: [String]()) == nil)
    }

    @Test func koreanTypos() {
        #expect(NameMatching.suggestion(for: "바나니", among: ["바나나", "딸기", "망고"]) == "바나나")
        #expect(NameMatching.suggestion(for: "망키 쥬스", among: ["망키쥬스", "망고쥬스"]) == "망키쥬스")
    }

    @Test func tiesGoToTheAlphabeticallyFirstWhateverTheOrder() {
        #expect(NameMatching.suggestion(for: "bat", among: ["cat", "bag"]) == "bag")
        #expect(NameMatching.suggestion(for: "bat", among: ["bag", "cat"]) == "bag")
    }

    @Test func closestWins() {
        #expect(NameMatching.suggestion(for: "mangos", among: ["mango", "mangosteen"]) == "mango")
    }

    @Test(arguments: [
        ("kitten", "sitting", 3),
        ("", "abc", 3),
        ("abc", "", 3),
        ("", "", 0),
        ("banana", "banana", 0),
        ("bananna", "banana", 1),
        ("딸기", "딸기쥬스", 2),
        ("🍓", "🍌", 1),
        ("cuont", "count", 1),
        ("jiuce", "juice", 1),
        ("ab", "ba", 1),
        ("abc", "ca", 3),
    ])
    func editDistance(a: String, b: String, distance: Int) {
        #expect(NameMatching.editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars)) == distance)
        #expect(NameMatching.editDistance(Array(b.unicodeScalars), Array(a.unicodeScalars)) == distance)
    }

    /// Texts whose normalised forms are equal, however they were spaced, cased or long (the hash reads eight bytes at
    /// a time where it can, and must agree with its byte-by-byte path).
    static let sameKeys: [(String, String)] = [
        ("Strawberry Banana Juice", "strawberrybananajuice"),
        ("STRAWBERRY-BANANA", "strawberry-banana"),
        ("  Mango\tKiwi\nJuice  ", "mangokiwijuice"),
        ("딸기 바나나 쥬스", "딸기바나나쥬스"),
        ("ABCDEFGHIJKLMNOP", "abcdefgh ijklmnop"),
        ("a b c d e f g h i", "abcdefghi"),
        ("Juice 12345678 딸기", "juice12345678딸기"),
        ("", "   "),
    ]

    @Test("texts with equal normalised forms hash alike, whichever way the hash reads them", arguments: sameKeys)
    func simpleKeyHashAgrees(a: String, b: String) throws {
        let (first, second) = (Array(a.utf8), Array(b.utf8))
        let hashes = first.withUnsafeBufferPointer { x in second.withUnsafeBufferPointer { y in
            (NameMatching.simpleKeyHash(x), NameMatching.simpleKeyHash(y), NameMatching.simpleKeysEqual(x, y))
        } }
        #expect(hashes.2)
        let hash = try #require(hashes.0)
        #expect(hashes.1 == hash)
        #expect(NameMatching.normalize(a) == NameMatching.normalize(b))
    }

    @Test("texts with different normalised forms hash apart; texts outside the simple set have no hash")
    func simpleKeyHashSeparates() {
        let texts = ["juice-1", "juice-2", "juice-12", "Juice 1 2 3 4 5 6 7 8", "juice12345679", "a\u{0}", "a", "딸기", "딸기쥬스", "abcdefgh", "abcdefghi"]
        let hashes = texts.map { text in Array(text.utf8).withUnsafeBufferPointer(NameMatching.simpleKeyHash) }
        #expect(Set(hashes.compactMap { $0 }).count == texts.count)
        #expect(Array("Açaí".utf8).withUnsafeBufferPointer(NameMatching.simpleKeyHash) == nil)
    }
}
