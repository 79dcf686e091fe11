import Foundation
import JuiceCore
import JuiceShop
import Testing

/// Deliveries, waste and counts, against every kind of store: all or nothing, journaled with their detail, undoable;
/// lots first expired, first out; a count in a session carries over what moved while counting.
@Suite("ShopStore contract: deliveries, waste and counts")
struct StockKeepingContractTests {
    static let today = CivilDate(year: 2026, month: 11, day: 28)!

    @Test(
        "a delivery raises stock, is journaled with its lots, and makes lots that orders take first expired, first out", arguments: StoreFactory.all)
    func deliveriesAndLots(factory: StoreFactory) async throws {
        let subject = try await factory.make()
        defer { subject.remove() }
        let shop = subject.shop()
        let late = try await shop.receive(
            [DeliveryLine(fruit: "mango", quantity: 5, expires: "2026-12-05", cost: 900)], supplier: "청과상회", received: Self.today,
            command: "juice receive mango 5")
        #expect(late.entry?.kind == .delivery)
        #expect(late.entry?.deltas == ["mango": 5])
        #expect(late.entry?.detail?.lots == [DeliveryLine(fruit: "mango", quantity: 5, expires: "2026-12-05", cost: 900)])
        #expect(late.entry?.detail?.supplier == "청과상회")
        _ = try await shop.receive([DeliveryLine(fruit: "mango", quantity: 3, expires: "2026-11-30")], received: Self.today, command: "t")
        #expect(try await shop.snapshot().inventory["mango"] == 18)
        // The journal keeps the detail as written.
        #expect(try await shop.history().last?.detail == late.entry?.detail)
        // Mango juice takes 3 mangoes: the lot expiring 11-30 goes first, then the one expiring 12-05.
        _ = try await shop.order("mango-juice", count: 2, command: "t")
        var shelf = try await shop.shelf(today: Self.today)
        #expect(shelf.lots.map(\.remaining) == [2])
        #expect(shelf.lots.first?.expires == "2026-12-05")
        // 18 - 6 = 12 on hand, 2 of them in a lot: the other 10 are untracked (the initial stock).
        #expect(try await shop.snapshot().inventory["mango"] == 12)
        // Undoing the order gives the fruit back untracked; undoing it again is not possible, but a new delivery is.
        _ = try await shop.undo(command: "t")
        shelf = try await shop.shelf(today: Self.today)
        #expect(shelf.lots.map(\.remaining) == [2])
        #expect(try await shop.checkIntegrity().isHealthy)
    }

    @Test("undoing a delivery takes its own lot back first; the doctor finds lots holding more than the stock", arguments: StoreFactory.all)
    func undoneDeliveryAndDoctor(factory: StoreFactory) async throws {
        let subject = try await factory.make()
        defer { subject.remove() }
        let shop = subject.shop()
        _ = try await shop.receive([DeliveryLine(fruit: "kiwi", quantity: 4, expires: "2026-11-29")], received: Self.today, command: "t")
        _ = try await shop.receive([DeliveryLine(fruit: "kiwi", quantity: 6, expires: "2026-12-09")], received: Self.today, command: "t")
        let undone = try await shop.undo(command: "juice undo")
        #expect(undone.undone?.kind == .delivery)
        #expect(undone.entry?.deltas == ["kiwi": -6])
        // The lot of the undone delivery goes, not the one that expires first.
        #expect(try await shop.shelf(today: Self.today).lots.map { "\($0.remaining) \($0.expires ?? "-")" } == ["4 2026-11-29"])
        #expect(try await shop.checkIntegrity().isHealthy)
        // A hand edit leaving less than the lots hold: the check says so (and the invariant is broken too).
        try await subject.overwriteStock("kiwi", 2)
        let report = try await shop.checkIntegrity()
        #expect(!report.isHealthy)
        #expect(report.backendCheck.contains("fruit 'kiwi': its lots hold 4, more than its stock of 2"))
    }

    @Test("a delivery over capacity, with a fruit twice, a quantity below 1 or a date before it changes nothing", arguments: StoreFactory.all)
    func refusedDeliveries(factory: StoreFactory) async throws {
        let subject = try await factory.make()
        defer { subject.remove() }
        let shop = subject.shop()
        await #expect(throws: ShopError.stockRefused(.aboveCapacity("kiwi", result: 101, capacity: 100)).at(.line(1).field("quantity"))) {
            try await shop.receive(
                [DeliveryLine(fruit: "banana", quantity: 1), DeliveryLine(fruit: "kiwi", quantity: 91)], received: Self.today, command: "t")
        }
        await #expect(throws: ShopError.duplicateFruit("kiwi").at(.line(1).field("fruit"))) {
            try await shop.receive(
                [DeliveryLine(fruit: "kiwi", quantity: 1), DeliveryLine(fruit: "kiwi", quantity: 2)], received: Self.today, command: "t")
        }
        // A repeated fruit is refused at the line that repeats it, before its quantity is looked at.
        await #expect(throws: ShopError.duplicateFruit("kiwi").at(.line(1).field("fruit"))) {
            try await shop.receive(
                [DeliveryLine(fruit: "kiwi", quantity: 2), DeliveryLine(fruit: "kiwi", quantity: 0)], received: Self.today, command: "t")
        }
        await #expect(throws: ShopError.invalidQuantity("mango", -1).at(.line(1).field("ordered"))) {
            try await shop.receive(
                [DeliveryLine(fruit: "kiwi", quantity: 2), DeliveryLine(fruit: "mango", quantity: 1, ordered: -1)], received: Self.today,
                command: "t")
        }
        await #expect(throws: ShopError.invalidQuantity("kiwi", 0).at(.line(0).field("quantity"))) {
            try await shop.receive([DeliveryLine(fruit: "kiwi", quantity: 0)], received: Self.today, command: "t")
        }
        await #expect(throws: ShopError.expiresBeforeDelivery("kiwi", expires: "2026-11-27", received: "2026-11-28").at(.line(0).field("expires"))) {
            try await shop.receive([DeliveryLine(fruit: "kiwi", quantity: 1, expires: "2026-11-27")], received: Self.today, command: "t")
        }
        await #expect(throws: ShopError.invalidDate("2026-02-30").at(.line(0).field("expires"))) {
            try await shop.receive([DeliveryLine(fruit: "kiwi", quantity: 1, expires: "2026-02-30")], received: Self.today, command: "t")
        }
        #expect(try await shop.history().isEmpty)
        #expect(try await StoreContractTests.stock(shop) == ["strawberry": 10, "banana": 10, "pineapple": 10, "kiwi": 10, "mango": 10])
    }

    @Test(
        "waste: journaled with reason, note and cost; never more than in stock; --expired writes off exactly the expired lots",
        arguments: StoreFactory.all)
    func waste(factory: StoreFactory) async throws {
        let subject = try await factory.make()
        defer { subject.remove() }
        let standard = TestBook.standard
        let costed = standard.fruits.map { fruit in
            var fruit = fruit
            fruit.cost = fruit.id == "kiwi" ? 400 : nil
            return fruit
        }
        let book = RecipeBook(fruits: costed, juices: standard.juices, store: standard.store)
        let shop = subject.shop(book)
        let wasted = try await shop.waste([("kiwi", 2)], reason: .dropped, note: "바닥에", command: "juice waste kiwi 2")
        #expect(wasted.entry?.kind == .waste)
        #expect(wasted.entry?.deltas == ["kiwi": -2])
        #expect(wasted.entry?.detail == JournalDetail(reason: .dropped, note: "바닥에", cost: 800))
        // Mango has no cost: the waste carries none.
        #expect(try await shop.waste([("mango", 1)], reason: .spoiled, command: "t").entry?.detail?.cost == nil)
        await #expect(throws: ShopError.stockRefused(.belowZero("kiwi", stock: 8, result: -1)).at(.line(0).field("amount"))) {
            try await shop.waste([("kiwi", 9)], reason: .spoiled, command: "t")
        }
        // Two lots expired by 11-28 (one partly used), one not: --expired takes exactly what is left of the two.
        _ = try await shop.receive(
            [DeliveryLine(fruit: "banana", quantity: 4, expires: "2026-11-26")], received: CivilDate(year: 2026, month: 11, day: 20)!, command: "t")
        _ = try await shop.receive(
            [DeliveryLine(fruit: "banana", quantity: 3, expires: "2026-11-27")], received: CivilDate(year: 2026, month: 11, day: 20)!, command: "t")
        _ = try await shop.receive([DeliveryLine(fruit: "banana", quantity: 5, expires: "2026-12-01")], received: Self.today, command: "t")
        _ = try await shop.order("banana-juice", command: "t")  // 2 bananas from the lot of 11-26
        let expired = try await shop.wasteExpired(today: Self.today, command: "juice waste --expired")
        #expect(expired.entry?.deltas == ["banana": -5])
        #expect(expired.entry?.detail?.reason == .expired)
        let shelf = try await shop.shelf(today: Self.today)
        #expect(shelf.lots.map { "\($0.fruit) \($0.remaining) \($0.expires ?? "-")" } == ["banana 5 2026-12-01"])
        // Nothing left to write off: no entry.
        #expect(try await shop.wasteExpired(today: Self.today, command: "t").entry == nil)
        // Undo gives the waste back.
        _ = try await shop.undo(command: "t")
        #expect(try await shop.snapshot().inventory["banana"] == 20)
        #expect(try await shop.checkIntegrity().isHealthy)
    }

    @Test(
        "waste is valued at what its lots cost, first expired first, then untracked fruit at the fruit's cost; a lot without a cost takes its pack's",
        arguments: StoreFactory.all)
    func wasteAtTheLotsCost(factory: StoreFactory) async throws {
        let subject = try await factory.make()
        defer { subject.remove() }
        let standard = TestBook.standard
        let costed = standard.fruits.map { fruit in
            var fruit = fruit
            if fruit.id == "mango" { fruit.cost = 2000 }
            if fruit.id == "kiwi" { (fruit.cost, fruit.buy) = (500, FruitPurchase(supplier: "farm", pack: 10, price: 3000)) }
            return fruit
        }
        let book = RecipeBook(fruits: costed, juices: standard.juices, store: standard.store)
        let shop = subject.shop(book)
        _ = try await shop.receive(
            [DeliveryLine(fruit: "mango", quantity: 5, expires: "2026-12-05", cost: 400)], received: Self.today, command: "t")
        _ = try await shop.receive(
            [DeliveryLine(fruit: "mango", quantity: 2, expires: "2026-12-01", cost: 700)], received: Self.today, command: "t")
        // 3 mangoes: both of the lot of 12-01 (700 each), then one of 12-05 (400).
        #expect(try await shop.waste([("mango", 3)], reason: .spoiled, command: "t").entry?.detail?.cost == 2 * 700 + 400)
        // 6 more: the 4 left of 12-05 (400), then 2 of the untracked initial stock at the fruit's cost (2,000).
        #expect(try await shop.waste([("mango", 6)], reason: .dropped, command: "t").entry?.detail?.cost == 4 * 400 + 2 * 2000)
        // A kiwi delivery without a cost takes the pack's, 3,000 for 10 (300 a kiwi), not the written 500.
        let kiwis = try await shop.receive([DeliveryLine(fruit: "kiwi", quantity: 10)], received: Self.today, command: "t")
        #expect(kiwis.entry?.detail?.lots?.first?.cost == 300)
        #expect(try await shop.waste([("kiwi", 4)], reason: .spoiled, command: "t").entry?.detail?.cost == 4 * 300)
        // 8 more: the 6 left of the lot (300), then 2 untracked at the fruit's 500.
        #expect(try await shop.waste([("kiwi", 8)], reason: .spoiled, command: "t").entry?.detail?.cost == 6 * 300 + 2 * 500)
        #expect(try await shop.checkIntegrity().isHealthy)
    }

    @Test("a count sets what was counted with expected and variance; one that matches is recorded; undo reverts it", arguments: StoreFactory.all)
    func counts(factory: StoreFactory) async throws {
        let subject = try await factory.make()
        defer { subject.remove() }
        let shop = subject.shop()
        let counted = try await shop.count([("kiwi", 7), ("mango", 10)], command: "juice count kiwi=7 mango=10")
        #expect(counted.entry?.kind == .count)
        #expect(counted.entry?.deltas == ["kiwi": -3])
        #expect(
            counted.entry?.detail?.counts == [
                CountLine(fruit: "kiwi", expected: 10, counted: 7), CountLine(fruit: "mango", expected: 10, counted: 10),
            ])
        #expect(counted.entry?.detail?.counts?.first?.variance == -3)
        let matching = try await shop.count([("banana", 10)], command: "t")
        #expect(matching.entry?.deltas == [:])
        #expect(matching.entry?.detail?.counts == [CountLine(fruit: "banana", expected: 10, counted: 10)])
        var shelf = try await shop.shelf(today: Self.today)
        #expect(Set(shelf.lastCounted.keys) == ["kiwi", "mango", "banana"])
        _ = try await shop.undo(command: "t")
        shelf = try await shop.shelf(today: Self.today)
        #expect(Set(shelf.lastCounted.keys) == ["kiwi", "mango"])
        await #expect(throws: ShopError.duplicateFruit("kiwi").at(.line(1).field("fruit"))) {
            try await shop.count([("kiwi", 1), ("kiwi", 2)], command: "t")
        }
        await #expect(throws: ShopError.negativeCount("kiwi", -1).at(.line(0).field("count"))) {
            try await shop.count([("kiwi", -1)], command: "t")
        }
        #expect(try await shop.checkIntegrity().isHealthy)
    }

    @Test("a count in a session: the orders, deliveries and waste made while counting are carried over, once", arguments: StoreFactory.all)
    func countSessions(factory: StoreFactory) async throws {
        let subject = try await factory.make()
        defer { subject.remove() }
        let shop = subject.shop()
        _ = try await shop.order("kiwi-juice", command: "t")  // kiwi 10 → 7, before the count
        let session = try await shop.startCount()
        // While staff count (they find 6 kiwis: one went missing), the shop sells and receives.
        _ = try await shop.order("kiwi-juice", command: "t")  // −3
        _ = try await shop.receive([DeliveryLine(fruit: "kiwi", quantity: 5)], received: Self.today, command: "t")  // +5
        _ = try await shop.waste([("kiwi", 1)], reason: .spoiled, command: "t")  // −1
        #expect(try await shop.snapshot().inventory["kiwi"] == 8)
        let preview = try await shop.previewCount([("kiwi", 6)], session: session.id)
        #expect(preview == [CountLine(fruit: "kiwi", expected: 7, counted: 6)])
        let applied = try await shop.count([("kiwi", 6)], session: session.id, command: "t")
        #expect(applied.entry?.detail?.counts == [CountLine(fruit: "kiwi", expected: 7, counted: 6)])
        #expect(applied.entry?.detail?.session == session.id)
        // 6 counted + (−3 + 5 − 1) moved since = 7: the order, the delivery and the waste each counted once.
        #expect(try await shop.snapshot().inventory["kiwi"] == 7)
        #expect(applied.entry?.deltas == ["kiwi": -1])
        let entry = try #require(applied.entry)
        await #expect(throws: ShopError.countSessionApplied(session.id, entry: entry.id)) {
            try await shop.count([("kiwi", 6)], session: session.id, command: "t")
        }
        await #expect(throws: ShopError.unknownCountSession("no-such-session")) {
            try await shop.count([("kiwi", 6)], session: "no-such-session", command: "t")
        }
        #expect(try await subject.store.countSession(id: session.id)?.appliedBy == entry.id)
        #expect(try await shop.checkIntegrity().isHealthy)
    }
}
