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
        #expect(records.first?.time.date == ShopClock.system(timeZone: utc).today)
    }

    @Test("a follower brought up to date after each change reads what a whole read gives: orders, refusals, undos")
    func followerFollowsTheJournal() async throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        let book = RecipeBook(
            fruits: bananaBook.fruits, juices: bananaBook.juices, store: Store(defaultCapacity: 1_000, initialStock: ["banana": 30]))
        let shop = Shop(book: book, store: MemoryStore())
        var follower = JournalFollower(timeZone: utc)
        var random = SystemRandomNumberGenerator()
        // More changes than the follower's first batch between two updates, too, so that it reads on in larger batches.
        for round in 0..<12 {
            for _ in 0..<(round == 5 ? JournalFollower.firstBatch * 3 : 1 + Int.random(in: 0..<6, using: &random)) {
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<5: _ = try? await shop.order("banana-juice", count: Int.random(in: 1...3, using: &random), command: "test")
                case 5..<7: _ = try await shop.changeStock([.add("banana", 3)], kind: .add, command: "test")
                default: _ = try? await shop.undo(command: "test")
                }
            }
            try await follower.update(from: shop.store)
            #expect(follower.records == (try await ShopSales.read(from: shop.store, timeZone: utc)), "round \(round)")
        }
        #expect(!(try await follower.update(from: shop.store)), "nothing new: nothing changed")
        // A state restored from an older copy: the follower notices and reads it whole.
        let older = Shop(book: book, store: MemoryStore())
        _ = try await older.order("banana-juice", command: "test")
        try await follower.update(from: older.store)
        #expect(follower.records == (try await ShopSales.read(from: older.store, timeZone: utc)))
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

/// The staff panel's stock room line: `JournalFollower.stockRoom` kept as a whole read gives it, `StockRoomDay` from it.
@Suite struct StockRoomLineTests {
    /// Kiwi costs 500 won; banana has no cost.
    static let book = RecipeBook(
        fruits: [
            Fruit(id: "banana", name: LocalizedName(korean: "바나나", english: "Banana")),
            Fruit(id: "kiwi", name: LocalizedName(korean: "키위", english: "Kiwi"), cost: 500),
        ],
        juices: [
            Juice(id: "banana-juice", name: LocalizedName(korean: "바나나쥬스", english: "Banana Juice"), recipe: [Ingredient(fruit: "banana", amount: 2)])
        ],
        store: Store(defaultCapacity: 10_000, initialStock: ["banana": 50, "kiwi": 50]))

    @Test("the follower's deliveries, wastes and counts are the journal's not undone, and its lots the store's, after every change")
    func followerKeepsTheStockRoomEntries() async throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        let shop = Shop(book: Self.book, store: MemoryStore())
        var follower = JournalFollower(timeZone: utc)
        var random = SeededRandom(seed: 11)
        let today = ShopClock.system().today
        var roundsWithLots = 0
        for round in 0..<10 {
            for _ in 0..<(1 + Int.random(in: 0..<8, using: &random)) {
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<3: _ = try? await shop.order("banana-juice", command: "test")
                case 3..<6:
                    // Bananas with a use-by date, so that orders and wastes take from their lots first.
                    let lines = [
                        DeliveryLine(fruit: "kiwi", quantity: 40),
                        DeliveryLine(fruit: "banana", quantity: 30, expires: today.adding(days: round).description),
                    ]
                    _ = try await shop.receive(lines, received: today, command: "test")
                case 6..<8: _ = try? await shop.waste([(fruit: "banana", amount: 1)], reason: .spoiled, command: "test")
                case 8: _ = try await shop.count([(fruit: "kiwi", count: Int.random(in: 0...60, using: &random))], command: "test")
                default: _ = try? await shop.undo(command: "test")
                }
            }
            try await follower.update(from: shop.store)
            let whole = try await shop.history().filter { [.delivery, .waste, .count].contains($0.kind) && $0.undoneBy == nil }
            #expect(follower.stockRoom.map(\.id) == whole.reversed().map(\.id), "round \(round)")
            let shelf = try await shop.shelf(today: today)
            #expect(follower.lots.remaining == shelf.lots, "round \(round)")
            #expect(follower.lots.lastCounted == shelf.lastCounted, "round \(round)")
            roundsWithLots += shelf.lots.isEmpty ? 0 : 1
        }
        #expect(roundsWithLots >= 3, "lots to compare")
    }

    @Test("a day's line: units and costs per fruit of that day only, the last count of that day or before")
    func aDaysLine() throws {
        let day = try #require(CivilDate(year: 2026, month: 11, day: 20))
        let utc = try #require(TimeZone(identifier: "UTC"))
        func entry(_ id: Int, _ time: String, _ kind: JournalKind, _ deltas: [FruitID: Int], _ detail: JournalDetail) -> JournalEntry {
            JournalEntry(
                id: id, time: time, kind: kind, command: "test", juice: nil, count: nil, deltas: deltas, undoes: nil, undoneBy: nil, detail: detail)
        }
        let entries = [
            entry(1, "2026-11-19T09:00:00Z", .delivery, ["kiwi": 9], JournalDetail(lots: [DeliveryLine(fruit: "kiwi", quantity: 9, cost: 400)])),
            entry(2, "2026-11-19T20:00:00Z", .count, ["kiwi": -1], JournalDetail(counts: [CountLine(fruit: "kiwi", expected: 59, counted: 58)])),
            entry(
                3, "2026-11-20T08:00:00Z", .delivery, ["kiwi": 5, "banana": 6],
                JournalDetail(lots: [
                    DeliveryLine(fruit: "kiwi", quantity: 2, cost: 450), DeliveryLine(fruit: "banana", quantity: 6),
                    DeliveryLine(fruit: "kiwi", quantity: 3),
                ])),
            entry(4, "2026-11-20T10:00:00Z", .waste, ["kiwi": -2], JournalDetail(reason: .dropped, cost: 1_000)),
            entry(5, "2026-11-21T10:00:00Z", .waste, ["banana": -1], JournalDetail(reason: .spoiled)),
            entry(6, "2026-11-21T11:00:00Z", .count, ["banana": 0], JournalDetail(counts: [CountLine(fruit: "banana", expected: 5, counted: 5)])),
        ]
        let line = StockRoomDay(entries: entries, day: day, book: Self.book, timeZone: utc)
        // Kiwi: 2 at the lot's 450 and 3 at the fruit's 500; banana has no cost anywhere.
        #expect(line.received == [.init(fruit: "kiwi", units: 5, cost: 2 * 450 + 3 * 500), .init(fruit: "banana", units: 6, cost: nil)])
        #expect(line.wasted == [.init(fruit: "kiwi", units: 2, cost: 1_000)])
        #expect(line.wastedCost == 1_000)
        #expect(line.lastCount?.entry == 2 && line.lastCount?.lines == [CountLine(fruit: "kiwi", expected: 59, counted: 58)])
        let next = StockRoomDay(entries: entries, day: day.adding(days: 1), book: Self.book, timeZone: utc)
        #expect(next.received.isEmpty && next.wasted == [.init(fruit: "banana", units: 1, cost: nil)] && next.wastedCost == nil)
        #expect(next.lastCount?.entry == 6)
    }
}

/// The staff panel's "last 8 weeks against the target": the whole days before today replayed.
@Suite struct RecentPromiseTests {
    /// 70 days of banana juice, 3 to 7 a day; `today` is the day after.
    static func records(days: Int = 70) throws -> (records: [SaleRecord], today: CivilDate) {
        let first = try #require(CivilDate(year: 2026, month: 8, day: 1))
        var random = SeededRandom(seed: 5)
        var records: [SaleRecord] = []
        for day in 0..<days {
            for order in 0..<Int.random(in: 3...7, using: &random) {
                records.append(
                    SaleRecord(time: SaleTime(date: first.adding(days: day), secondOfDay: 36_000 + order * 60), juice: "banana-juice", count: 1))
            }
        }
        return (records, first.adding(days: days))
    }

    static let book = RecipeBook(
        fruits: [Fruit(id: "banana", name: LocalizedName(korean: "바나나", english: "Banana"))],
        juices: [
            Juice(id: "banana-juice", name: LocalizedName(korean: "바나나쥬스", english: "Banana Juice"), recipe: [Ingredient(fruit: "banana", amount: 2)])
        ],
        store: Store(defaultCapacity: 1_000, initialStock: ["banana": 5]))

    @Test("the last 56 whole days are replayed; today's sales, however many, are not among them")
    func theLastEightWeeksBeforeToday() throws {
        let (records, today) = try Self.records()
        let settings = SalesPlanSettings(objective: .serviceLevel(0.95), scenarios: 2_000)
        let backtest = try #require(SalesPlanning.recentPromise(records: records, book: Self.book, settings: settings, before: today))
        #expect(backtest.days.count == 56)
        #expect(backtest.days.first?.date == today.adding(days: -56))
        #expect(backtest.days.last?.date == today.adding(days: -1))
        // Every order of those days is demanded again: 2 bananas a juice.
        let asked = records.filter { $0.time.date >= today.adding(days: -56) }.reduce(0) { $0 + $1.count }
        #expect(backtest.days.reduce(0) { $0 + $1.demanded } == asked)
        #expect(backtest.achievedServiceLevel >= 0.8, "a steady demand planned at 95% is served on most days")
        let rush = (0..<500).map { SaleRecord(time: SaleTime(date: today, secondOfDay: 40_000 + $0), juice: "banana-juice", count: 9) }
        let withToday = try #require(SalesPlanning.recentPromise(records: records + rush, book: Self.book, settings: settings, before: today))
        #expect(withToday.days == backtest.days)
    }

    @Test("fewer whole days than eight weeks: all but the first are replayed; none: nothing")
    func aShortHistory() throws {
        let (records, today) = try Self.records(days: 10)
        let settings = SalesPlanSettings(objective: .serviceLevel(0.9), scenarios: 1_000)
        #expect(SalesPlanning.recentPromise(records: records, book: Self.book, settings: settings, before: today)?.days.count == 9)
        let onlyToday = records.filter { $0.time.date == today.adding(days: -1) }
        #expect(SalesPlanning.recentPromise(records: onlyToday, book: Self.book, settings: settings, before: today.adding(days: -1)) == nil)
        #expect(SalesPlanning.recentPromise(records: onlyToday, book: Self.book, settings: settings, before: today) == nil)
    }
}
