import Foundation
import JuiceCore
import JuiceShop
import Testing
@testable import JuicePlanning

/// A one-fruit menu: banana juice takes two bananas; five bananas to start.
private let bananaBook = RecipeBook(
    fruits: [Fruit(id: "banana", name: LocalizedName(korean: "바나나", english: "Banana"))],
    juices: [
        Juice(id: "banana-juice", name: LocalizedName(korean: "바나나쥬스", english: "Banana Juice"), recipe: [Ingredient(fruit: "banana", amount: 2)])
    ],
    store: Store(defaultCapacity: 100, initialStock: ["banana": 5]))

/// The shop's history as sales records, and the plan made from them: the one path the command line and the server share.
@Suite struct ShopSalesTests {
    @Test func theShopsSalesAreItsOrdersNotUndoneAndItsRefusalsInTimeOrder() async throws {
        let shop = Shop(book: bananaBook, store: MemoryStore())
        _ = try await shop.order("banana-juice", command: "test")
        _ = try await shop.order("banana-juice", count: 1, command: "test")
        await #expect(throws: ShopError.self) { _ = try await shop.order("banana-juice", count: 2, command: "test") }
        _ = try await shop.changeStock([.add("banana", 2)], kind: .add, command: "test")
        _ = try await shop.undo(command: "test")  // the stock change, not an order
        _ = try await shop.undo(command: "test")  // the second order
        let utc = try #require(TimeZone(identifier: "UTC"))
        let records = try await ShopSales.read(from: shop.store, timeZone: utc)
        #expect(records.map(\.result) == [.served, .refused])
        #expect(records.map(\.count) == [1, 2])
        #expect(records.allSatisfy { $0.juice == "banana-juice" })
        #expect(records.first?.time.date == ShopSales.today(in: utc))
    }

    @Test("a ledger brought up to date after each change reads what a whole read gives: orders, refusals, undos")
    func ledgerFollowsTheJournal() async throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        let book = RecipeBook(
            fruits: bananaBook.fruits, juices: bananaBook.juices, store: Store(defaultCapacity: 1_000, initialStock: ["banana": 30]))
        let shop = Shop(book: book, store: MemoryStore())
        var ledger = SalesLedger(timeZone: utc)
        var random = SystemRandomNumberGenerator()
        // More changes than the ledger's first batch between two updates, too, so that it reads on in larger batches.
        for round in 0..<12 {
            for _ in 0..<(round == 5 ? SalesLedger.firstBatch * 3 : 1 + Int.random(in: 0..<6, using: &random)) {
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<5: _ = try? await shop.order("banana-juice", count: Int.random(in: 1...3, using: &random), command: "test")
                case 5..<7: _ = try await shop.changeStock([.add("banana", 3)], kind: .add, command: "test")
                default: _ = try? await shop.undo(command: "test")
                }
            }
            try await ledger.update(from: shop.store)
            #expect(ledger.records == (try await ShopSales.read(from: shop.store, timeZone: utc)), "round \(round)")
        }
        #expect(!(try await ledger.update(from: shop.store)), "nothing new: nothing changed")
        // A state restored from an older copy: the ledger notices and reads it whole.
        let older = Shop(book: book, store: MemoryStore())
        _ = try await older.order("banana-juice", command: "test")
        try await ledger.update(from: older.store)
        #expect(ledger.records == (try await ShopSales.read(from: older.store, timeZone: utc)))
    }

    @Test func journalTimesAreReadAtTheShopsLocalTime() throws {
        let seoul = try #require(TimeZone(identifier: "Asia/Seoul"))
        let local = try #require(ShopSales.localTime(ofJournalTime: "2026-11-20T16:30:00Z", in: seoul))
        #expect(local.date.description == "2026-11-21")
        #expect(local.secondOfDay == (1 * 3600 + 30 * 60))
        #expect(ShopSales.localTime(ofJournalTime: "yesterday", in: seoul) == nil)
    }

    @Test func aPlanFromNoSalesIsNoneAndOneFromSalesCoversEveryFruitForTheDayAfter() throws {
        let settings = SalesPlanSettings(objective: .serviceLevel(0.9), scenarios: 2_000)
        #expect(SalesPlanning.plan(records: [], book: bananaBook, settings: settings, onHand: [5]) == nil)
        let day = try #require(CivilDate(year: 2026, month: 11, day: 20))
        let records = (0..<3).map { SaleRecord(time: SaleTime(date: day, secondOfDay: 36_000 + $0), juice: "바나나쥬스", count: 2) }
        let unknown = SaleRecord(time: SaleTime(date: day, secondOfDay: 40_000), juice: "retired-juice", count: 9)
        let report = try #require(SalesPlanning.plan(records: records + [unknown], book: bananaBook, settings: settings, onHand: [5]))
        #expect(report.firstDay == day.adding(days: 1))
        #expect(report.historyDays == 1)
        let banana = try #require(report.plan.fruits.first)
        #expect(banana.onHand == 5)
        #expect(banana.level >= 12)  // six juices asked for, two bananas each
        #expect(banana.toBuy == banana.level - 5)
    }

    @Test func aPlanMadeSeriallyOnOneThreadIsTheSameAsOneMadeOnEveryCore() throws {
        let settings = SalesPlanSettings(objective: .serviceLevel(0.95), scenarios: 3_000, seed: 7)
        let first = try #require(CivilDate(year: 2026, month: 10, day: 1))
        let records = (0..<40).flatMap { day in
            (0..<(3 + day % 5)).map { order in
                SaleRecord(time: SaleTime(date: first.adding(days: day), secondOfDay: 36_000 + order), juice: "banana-juice", count: 1 + order % 2)
            }
        }
        let parallel = try #require(SalesPlanning.plan(records: records, book: bananaBook, settings: settings, onHand: [3]))
        let serial = try #require(
            ParallelWork.$isSerial.withValue(true) { SalesPlanning.plan(records: records, book: bananaBook, settings: settings, onHand: [3]) })
        #expect(serial.plan.fruits == parallel.plan.fruits)
        #expect(serial.plan.serviceLevel == parallel.plan.serviceLevel)
        #expect(serial.plan.fillRate == parallel.plan.fillRate)
        #expect(serial.firstDay == first.adding(days: 40))
    }
}
