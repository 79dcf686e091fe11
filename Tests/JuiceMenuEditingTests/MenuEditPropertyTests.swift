import Foundation
import JuiceCore
import Testing

import JuiceMenuEditing

/// Random edits, good and bad: every one accepted leaves a set that lints clean; every one refused leaves every file
/// byte for byte as it was.
@Suite struct MenuEditPropertyTests {
    /// Names, amounts and ids drawn from a small pool, so that collisions and errors come up often.
    struct Draw {
        var random: SeededRandom

        mutating func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
        mutating func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }

        mutating func text() -> String {
            pick(["망고", "딸기 주스", "Banana", "바나나쥬스", "it's", "a: b", "# not a comment", "\"quoted\"", "", "  ", "true", "123", "🍓🍓", "tab\there"])
        }

        mutating func juice(_ menu: EditableMenu) -> JuiceID {
            chance(85) && !menu.juices.isEmpty ? pick(menu.juices).id : pick(["no-juice", "mango-juice"])
        }
        mutating func fruit(_ menu: EditableMenu) -> FruitID { chance(85) && !menu.fruits.isEmpty ? pick(menu.fruits).id : pick(["grape", "kiwi"]) }

        mutating func recipe(_ menu: EditableMenu) -> [Ingredient] {
            let count = Int(random.next() % 3)
            var seen: Set<FruitID> = []
            return (0...count).compactMap { _ in
                let fruit = fruit(menu)
                guard seen.insert(fruit).inserted else { return nil }
                return Ingredient(fruit: fruit, amount: pick([1, 2, 5, 30, 150]))
            }
        }

        mutating func change(_ menu: EditableMenu) -> MenuChange {
            switch random.next() % 7 {
            case 0:
                return .changeJuice(
                    juice(menu), JuiceChange(price: chance(50) ? pick([0, 1500, 4000]) : nil, name: chance(40) ? NameChange(korean: text()) : nil))
            case 1:
                return .changeJuice(juice(menu), JuiceChange(aliases: (0..<Int(random.next() % 3)).map { _ in text() }))
            case 2:
                return .changeJuice(juice(menu), JuiceChange(recipe: recipe(menu)))
            case 3:
                let id = pick(["new-juice", "mango-juice", "여름-juice", "x"])
                return .addJuice(
                    NewJuice(
                        id: JuiceID(id), name: NameChange(korean: text(), english: text()), aliases: chance(30) ? [text()] : [],
                        price: chance(50) ? 3000 : nil, recipe: recipe(menu), file: chance(30) ? pick(["juices.yaml", "extra.yaml"]) : nil))
            case 4:
                return .removeJuice(juice(menu))
            case 5:
                return .addFruit(
                    NewFruit(
                        id: FruitID(pick(["kiwi", "grape", "mango"])), name: NameChange(korean: text(), english: text()),
                        emoji: chance(50) ? "🥝" : nil,
                        stock: chance(60) ? pick([0, 10, 500]) : nil, capacity: chance(40) ? pick([50, 100, 5]) : nil))
            default:
                return .changeFruit(
                    fruit(menu),
                    FruitChange(
                        name: chance(30) ? NameChange(english: text()) : nil, emoji: chance(20) ? "🍇" : nil,
                        stock: chance(50) ? pick([0, 3, 90, 200]) : nil, capacity: chance(40) ? pick([10, 100, 120]) : nil))
            }
        }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func acceptedEditsLintCleanAndRefusedOnesWriteNothing(seed: UInt64) async throws {
        let fixture = try MenuFixture()
        let editor = MenuEditor(directory: fixture.path)
        var draw = Draw(random: SeededRandom(seed: seed))
        var accepted = 0
        var refused = 0
        for _ in 0..<80 {
            let before = try fixture.snapshot()
            let change = draw.change(try await editor.menu())
            do {
                let outcome = try await editor.apply(change, session: "property")
                #expect(try fixture.lintErrors().isEmpty, "\(change)")
                if outcome.record == nil { #expect(try fixture.snapshot() == before, "\(change)") } else { accepted += 1 }
                #expect(try await editor.menu().version == outcome.version)
            } catch {
                refused += 1
                #expect(try fixture.snapshot() == before, "\(change): \(error)")
            }
            if draw.chance(10) {
                let before = try fixture.snapshot()
                do {
                    _ = try await editor.undo(session: "property")
                    #expect(try fixture.lintErrors().isEmpty)
                } catch {
                    #expect(try fixture.snapshot() == before, "undo: \(error)")
                }
            }
        }
        // Both kinds came up.
        #expect(accepted > 5)
        #expect(refused > 5)
    }
}
