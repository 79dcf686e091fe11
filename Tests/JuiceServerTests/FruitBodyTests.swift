import Foundation
import JuiceCore
import JuiceShop
import Testing

@testable import JuiceServer

/// A fruit in `/api/stock`, `/api/menu` and the stock event: cost and shelf life only when the recipes give them.
@Suite struct FruitBodyTests {
    func encoded(_ body: FruitJSON) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(body), as: UTF8.self)
    }

    @Test func costAndShelfLifeAppearWhenGivenInCamelCase() throws {
        let kiwi = Fruit(id: "kiwi", name: LocalizedName(korean: "키위", english: "Kiwi"), emoji: "🥝", cost: 700, shelfLife: 5)
        #expect(try encoded(FruitJSON(kiwi)) == #"{"cost":700,"emoji":"🥝","id":"kiwi","name":{"en":"Kiwi","ko":"키위"},"shelfLife":5}"#)
    }

    @Test func withoutThemTheBodyIsAsBefore() throws {
        let kiwi = Fruit(id: "kiwi", name: LocalizedName(korean: "키위", english: "Kiwi"), emoji: "🥝")
        #expect(try encoded(FruitJSON(kiwi)) == #"{"emoji":"🥝","id":"kiwi","name":{"en":"Kiwi","ko":"키위"}}"#)
    }
}
