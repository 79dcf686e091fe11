import JuiceCore
import Testing

/// The name key (one definition of "the same name") and "did you mean" suggestions.
@Suite struct NameMatchingTests {
    static let fruits = ["strawberry", "banana", "pineapple", "kiwi", "mango"]

    @Test(arguments: [
        ("Banana Juice", "bananajuice"),
        ("bananajuice", "bananajuice"),
        ("  KIWI\t", "kiwi"),
        ("Mango\nKiwi\r\n", "mangokiwi"),
        ("딸기 쥬스", "딸기쥬스"),
        ("\u{3000}망고\u{00A0}쥬스", "망고쥬스"),
        ("Mango-Kiwi_Juice", "mangokiwijuice"),
        ("Açaí Bowl", "açaíbowl"),
        ("", ""),
    ])
    func keyIgnoresCaseSpacesHyphensAndUnderscores(text: String, expected: String) {
        #expect(NameKey(text).text == expected)
    }

    @Test func spellingsOfOneNameHaveOneKey() {
        let forms = ["Strawberry Banana", "strawberry banana", "STRAWBERRYBANANA", " strawberry  Banana ", "strawberry-banana", "Strawberry_Banana"]
        #expect(Set(forms.map(NameKey.init)).count == 1)
    }

    @Test("canonically equivalent spellings are one name; different letters are not")
    func unicodeNormalization() {
        #expect(NameKey("Cafe\u{301}") == NameKey("café"))
        #expect(NameKey("CAFÉ") == NameKey("cafe\u{301}"))
        #expect(NameKey("\u{1100}\u{1161}") == NameKey("가"), "conjoining jamo and the syllable")
        #expect(NameKey("cafe") != NameKey("café"))
        #expect(NameKey("kiwi.juice") != NameKey("kiwijuice"), "dots are kept")
        #expect(Set([NameKey("Cafe\u{301}"), NameKey("café")]).count == 1, "equal keys hash alike")
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
}
