import Foundation
import JuiceCore
import JuiceTestSupport
import Testing

import JuiceMenuEditing

/// Each kind of menu edit on files written every way (comments, flow and block, quotes, Hangul): the unified diff of
/// what was written is pinned in `Fixtures/golden/<case>.diff`, so it is exactly the intended lines, the YAML after it
/// in `Fixtures/golden/<case>/`, and the set lints clean.
@Suite struct MenuEditGoldenTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/golden")

    /// One case: a change and the golden file of its diff.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var change: MenuChange
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "price-block", change: .changeJuice("strawberry-juice", JuiceChange(price: 3500))),
        Case(name: "price-flow-entry", change: .changeJuice("mango-juice", JuiceChange(price: 4500))),
        Case(name: "price-added", change: .changeJuice("banana-juice", JuiceChange(price: 2800))),
        Case(
            name: "name-quoted-and-hangul",
            change: .changeJuice("banana-juice", JuiceChange(name: NameChange(korean: "바나나 스무디", english: "Banana \"Smoothie\"")))),
        Case(name: "aliases-flow", change: .changeJuice("strawberry-juice", JuiceChange(aliases: ["딸기주스", "딸기 주스", "딸쥬"]))),
        Case(name: "aliases-block", change: .changeJuice("banana-juice", JuiceChange(aliases: ["바나나주스", "바나나 주스"]))),
        Case(name: "aliases-added", change: .changeJuice("mango-juice", JuiceChange(aliases: ["망고주스"]))),
        Case(
            name: "recipe-flow",
            change: .changeJuice(
                "strawberry-juice", JuiceChange(recipe: [Ingredient(fruit: "strawberry", amount: 4), Ingredient(fruit: "banana", amount: 1)]))),
        Case(
            name: "recipe-block",
            change: .changeJuice(
                "banana-juice", JuiceChange(recipe: [Ingredient(fruit: "banana", amount: 3), Ingredient(fruit: "mango", amount: 1)]))),
        Case(
            name: "add-juice",
            change: .addJuice(
                NewJuice(
                    id: "mango-banana-juice", name: NameChange(korean: "망바쥬스", english: "Mango-Banana Juice"), aliases: ["망바주스"], price: 4500,
                    recipe: [Ingredient(fruit: "mango", amount: 1), Ingredient(fruit: "banana", amount: 1)]))),
        Case(
            name: "add-juice-new-file",
            change: .addJuice(
                NewJuice(
                    id: "summer-juice", name: NameChange(korean: "여름쥬스", english: "Summer Juice"), price: 5000,
                    recipe: [Ingredient(fruit: "mango", amount: 2)], file: "seasonal.yaml"))),
        Case(name: "remove-juice", change: .removeJuice("banana-juice")),
        Case(
            name: "add-fruit",
            change: .addFruit(NewFruit(id: "kiwi", name: NameChange(korean: "키위", english: "Kiwi"), emoji: "🥝", stock: 7, capacity: 50))),
        Case(
            name: "fruit-fields",
            change: .changeFruit("banana", FruitChange(name: NameChange(korean: "바나나!", english: "Banana's"), emoji: "🍌", stock: 12, capacity: 40))),
        Case(name: "fruit-flow-entry", change: .changeFruit("mango", FruitChange(name: NameChange(english: "Alphonso Mango"), stock: 6))),
    ]

    @Test(arguments: cases)
    func theDiffIsExactlyTheIntendedLines(_ test: Case) async throws {
        let fixture = try MenuFixture()
        let editor = MenuEditor(directory: fixture.path)
        let outcome = try await editor.apply(test.change, session: "golden")
        let record = try #require(outcome.record)
        let expected = try Golden.expected(for: record.diff, at: Self.golden.appendingPathComponent("\(test.name).diff"))
        #expect(record.diff == expected)
        // And the YAML after it, whole (`Fixtures/golden/<case>/<file>`).
        for file in record.files {
            let text = try fixture.text(file)
            #expect(text == (try Golden.expected(for: text, at: Self.golden.appendingPathComponent("\(test.name)/\(file)"))), "\(file)")
        }
        #expect(try fixture.lintErrors().isEmpty)
        // The record's diff is the files' diff: every file not named in it is byte for byte as it was.
        for (name, text) in MenuFixture.files where !record.files.contains(name) {
            #expect(try fixture.text(name) == text, "\(name)")
        }
    }

    @Test func aPriceChangeIsAOneLineDiffThatKeepsTheComment() async throws {
        let fixture = try MenuFixture()
        let outcome = try await MenuEditor(directory: fixture.path).apply(.changeJuice("strawberry-juice", JuiceChange(price: 3900)), session: "s")
        let diff = try #require(outcome.record?.diff)
        #expect(diff.split(separator: "\n").filter { $0.hasPrefix("-") && !$0.hasPrefix("---") } == ["-    price: 3000   # 원"])
        #expect(diff.split(separator: "\n").filter { $0.hasPrefix("+") && !$0.hasPrefix("+++") } == ["+    price: 3900   # 원"])
        #expect(try fixture.text("juices.yaml") == MenuFixture.juices.replacingOccurrences(of: "price: 3000", with: "price: 3900"))
    }
}
