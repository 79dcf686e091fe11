import Foundation
import JuiceCore
import JuiceShop
import Testing
import JuicePlanning

/// The stock flow (`juice report --by fruit` from the state, `--waste`): every change attributed once, and what the
/// journal does not explain found exactly by counts.
@Suite struct StockFlowTests {
    /// Two fruits with costs; kiwi juice takes 3 kiwis, mango-kiwi juice 2 mangoes and 1 kiwi.
    static let book = RecipeBook(
        fruits: [
            Fruit(id: "kiwi", name: LocalizedName(korean: "키위", english: "Kiwi"), cost: 400),
            Fruit(id: "mango", name: LocalizedName(korean: "망고", english: "Mango"), cost: 1200),
        ],
        juices: [
            Juice(id: "kiwi-juice", name: LocalizedName(korean: "키위쥬스", english: "Kiwi Juice"), recipe: [Ingredient(fruit: "kiwi", amount: 3)]),
            Juice(
                id: "mango-kiwi-juice", name: LocalizedName(korean: "망키쥬스", english: "Mango Kiwi Juice"),
                recipe: [Ingredient(fruit: "mango", amount: 2), Ingredient(fruit: "kiwi", amount: 1)]),
        ],
        store: Store(defaultCapacity: 5000, initialStock: ["kiwi": 40, "mango": 30]))

    /// A generated month: daily deliveries, orders, logged waste with random reasons, and on the real shelf (never
    /// journaled) theft and over-portioning at known amounts; a count each week and at the end finds what the shelf
    /// holds. The report must give back every injected amount: received, used, waste by reason, and the unexplained
    /// exactly the theft plus the over-portioning.
    @Test(arguments: [UInt64(1), 2, 3])
    func aGeneratedMonthIsAttributedExactly(seed: UInt64) async throws {
        let shop = Shop(book: Self.book, store: MemoryStore())
        var random = SeededRandom(seed: seed)
        var shelf: [FruitID: Int] = ["kiwi": 40, "mango": 30]
        var received: [FruitID: Int] = [:], used: [FruitID: Int] = [:], missing: [FruitID: Int] = [:]
        var wasted: [WasteReason: [FruitID: Int]] = [:]
        let today = CivilDate(year: 2026, month: 11, day: 1)!
        for day in 0..<30 {
            for fruit in ["kiwi", "mango"] as [FruitID] {
                let quantity = 10 + random.poisson(5)
                _ = try await shop.receive([DeliveryLine(fruit: fruit, quantity: quantity)], received: today.adding(days: day), command: "t")
                shelf[fruit, default: 0] += quantity
                received[fruit, default: 0] += quantity
            }
            for _ in 0..<random.poisson(8) {
                let juice: JuiceID = random.unit() < 0.5 ? "kiwi-juice" : "mango-kiwi-juice"
                let recipe = Self.book.juice(juice)?.recipe ?? []
                // Made only when the shelf has it (the system may think it has more: what went missing).
                guard recipe.allSatisfy({ shelf[$0.fruit, default: 0] >= $0.amount }),
                    (try? await shop.order(juice.rawValue, command: "t")) != nil
                else { continue }
                for ingredient in recipe {
                    shelf[ingredient.fruit, default: 0] -= ingredient.amount
                    used[ingredient.fruit, default: 0] += ingredient.amount
                    // Over-portioning: now and then one more than the recipe leaves the shelf, unrecorded.
                    if random.unit() < 0.2, shelf[ingredient.fruit, default: 0] > 0 {
                        shelf[ingredient.fruit, default: 0] -= 1
                        missing[ingredient.fruit, default: 0] += 1
                    }
                }
            }
            // Logged waste, from what the system says is there (staff cannot throw away more than the shelf holds).
            if random.unit() < 0.5 {
                let fruit: FruitID = random.unit() < 0.5 ? "kiwi" : "mango"
                let reason = WasteReason.allCases[Int(random.next() % UInt64(WasteReason.allCases.count))]
                let amount = 1 + Int(random.next() % 3)
                if shelf[fruit, default: 0] >= amount, (try? await shop.waste([(fruit, amount)], reason: reason, command: "t")) != nil {
                    shelf[fruit, default: 0] -= amount
                    wasted[reason, default: [:]][fruit, default: 0] += amount
                }
            }
            // Theft: a few go missing from the shelf, unrecorded.
            if random.unit() < 0.3, shelf["mango", default: 0] > 2 {
                shelf["mango", default: 0] -= 2
                missing["mango", default: 0] += 2
            }
            if day % 7 == 6 || day == 29 {
                _ = try await shop.count(shelf.map { ($0.key, $0.value) }, command: "t")
            }
        }
        let entries = try await shop.history()
        let snapshot = try await shop.snapshot()
        #expect(snapshot.inventory.counts == shelf, "the last count set the stock to the shelf")
        let flow = StockFlow(entries: entries, current: snapshot.inventory.counts, book: Self.book)
        for row in flow.fruits {
            #expect(row.opening == (row.fruit == "kiwi" ? 40 : 30))
            #expect(row.received == received[row.fruit, default: 0])
            #expect(row.used == used[row.fruit, default: 0])
            for reason in WasteReason.allCases { #expect(row.wasted[reason, default: 0] == wasted[reason]?[row.fruit] ?? 0) }
            #expect(row.unexplained == missing[row.fruit, default: 0], "\(row.fruit)")
            #expect(row.countVariance == -missing[row.fruit, default: 0])
            #expect(row.actual == row.used + row.wastedTotal + row.unexplained)
            #expect(row.closing == shelf[row.fruit])
            #expect(row.adjusted == 0)
        }
        #expect(missing["mango", default: 0] > 0 && wasted.values.flatMap(\.values).reduce(0, +) > 0, "the month injected something")
        // The waste list gives every logged waste, once.
        #expect(flow.wastes.reduce(0) { $0 + $1.amount } == wasted.values.flatMap(\.values).reduce(0, +))
    }

    /// A period: what came before is the opening, what came after is left out of the flow and the closing.
    @Test func aPeriodStartsAndEndsWhereTheJournalSays() {
        func entry(
            _ id: Int, _ day: Int, _ kind: JournalKind, _ deltas: [FruitID: Int], detail: JournalDetail? = nil, undoes: Int? = nil,
            undoneBy: Int? = nil
        ) -> JournalEntry {
            JournalEntry(
                id: id, time: "2026-11-\(day < 10 ? "0" : "")\(day)T12:00:00Z", kind: kind, command: "t", juice: nil, count: nil, deltas: deltas,
                undoes: undoes, undoneBy: undoneBy, detail: detail)
        }
        // Oldest first, then reversed as stores read them (newest first).
        let journal = [
            entry(1, 1, .delivery, ["kiwi": 10], detail: JournalDetail(lots: [DeliveryLine(fruit: "kiwi", quantity: 10)])),
            entry(2, 2, .order, ["kiwi": -3]),
            entry(3, 3, .waste, ["kiwi": -2], detail: JournalDetail(reason: .spoiled), undoneBy: 4),
            entry(4, 3, .undo, ["kiwi": 2], undoes: 3),
            entry(5, 4, .waste, ["kiwi": -1], detail: JournalDetail(reason: .dropped)),
            entry(6, 5, .count, ["kiwi": -1], detail: JournalDetail(counts: [CountLine(fruit: "kiwi", expected: 46, counted: 45)])),
            entry(7, 6, .add, ["kiwi": 5]),
            entry(8, 9, .order, ["kiwi": -3]),
        ].reversed()
        let utc = TimeZone(identifier: "UTC")!
        // Now: 40 + 10 − 3 − 1 − 1 + 5 − 3 = 47.
        let flow = StockFlow(
            entries: Array(journal), current: ["kiwi": 47, "mango": 30], book: Self.book, from: CivilDate(year: 2026, month: 11, day: 2),
            to: CivilDate(year: 2026, month: 11, day: 6), timeZone: utc)
        let kiwi = flow.fruits[0]
        #expect(kiwi.fruit == "kiwi")
        #expect(kiwi.opening == 50 && kiwi.closing == 50)
        #expect(kiwi.received == 0 && kiwi.used == 3 && kiwi.wasted == [.spoiled: 0, .dropped: 1])
        #expect(kiwi.countVariance == -1 && kiwi.counts == 1 && kiwi.adjusted == 5)
        #expect(kiwi.actual == 5 && kiwi.unexplained == 1)
        #expect(flow.wastes.map(\.entry) == [5], "the undone waste is not listed")
        #expect(flow.fruits[1].opening == 30 && flow.fruits[1].closing == 30)
    }
}
