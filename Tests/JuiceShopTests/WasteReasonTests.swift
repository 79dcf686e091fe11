import JuiceCore
import JuiceShop
import Testing

/// A waste reason as staff type it: its id, or its Korean words.
@Suite struct WasteReasonTests {
    @Test("ids and Korean words name the reasons")
    func words() {
        #expect(WasteReason(words: "spoiled") == .spoiled)
        #expect(WasteReason(words: "Dropped") == .dropped)
        #expect(WasteReason(words: "상함") == .spoiled)
        #expect(WasteReason(words: " 떨어뜨림 ") == .dropped)
        #expect(WasteReason(words: "기한 지남") == .expired)
        #expect(WasteReason(words: "기한지남") == .expired)
        #expect(WasteReason(words: "직원 식사") == .staff)
        #expect(WasteReason(words: "직원") == .staff)
        #expect(WasteReason(words: "시식") == .staff)
        #expect(WasteReason(words: "기타") == .other)
        #expect(WasteReason(words: "rotten") == nil)
        #expect(WasteReason(words: "") == nil)
    }

    @Test("the staff reason says what it means")
    func staffMeal() {
        let text = ShopText(language: .korean, book: RecipeBook(fruits: [], juices: [], store: Store()))
        #expect(text.word(for: .staff) == "직원 식사")
    }
}
