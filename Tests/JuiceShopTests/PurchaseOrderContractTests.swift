import Foundation
import JuiceCore
import JuiceShop
import Testing

/// Purchase orders against every kind of store: kept with their lines, listed, received by one delivery in the same
/// transaction that marks them received (once), what came differing from what was ordered, undone and received again.
@Suite("ShopStore contract: purchase orders")
struct PurchaseOrderContractTests {
    static let today = CivilDate(year: 2026, month: 11, day: 28)!

    /// `TestBook.standard` with a supplier, Garak Market, selling kiwis in packs of 10 and mangoes in packs of 6.
    static let book: RecipeBook = {
        let standard = TestBook.standard
        let fruits = standard.fruits.map { fruit in
            var fruit = fruit
            if fruit.id == "kiwi" { fruit.buy = FruitPurchase(supplier: "garak-market", pack: 10, price: 4000) }
            if fruit.id == "mango" { fruit.buy = FruitPurchase(supplier: "garak-market", pack: 6) }
            return fruit
        }
        let garak = Supplier(id: "garak-market", name: LocalizedName(korean: "가락시장 청과", english: "Garak Market"), leadTime: 1)
        return RecipeBook(fruits: fruits, juices: standard.juices, store: standard.store, suppliers: [garak])
    }()

    static let draft = PurchaseOrderDraft(
        supplier: "garak-market", orderBy: OrderDeadline(parsing: "2026-11-28"), arrives: CivilDate(parsing: "2026-11-29"),
        lines: [PurchaseLine(fruit: "kiwi", packs: 2, units: 20, unitCost: 400), PurchaseLine(fruit: "mango", packs: 1, units: 6)])

    @Test("an order is kept open with its lines, listed newest first, by status and by number", arguments: StoreFactory.all)
    func createAndList(factory: StoreFactory) async throws {
        let subject = try await factory.make()
        defer { subject.remove() }
        let shop = subject.shop(Self.book)
        #expect(try await shop.purchaseOrders().isEmpty)
        let first = try await shop.createPurchaseOrder(Self.draft)
        #expect(first.id == 1)
        #expect(first.status == .open)
        #expect(first.lines == Self.draft.lines)
        #expect(first.supplier == "garak-market" && first.orderBy?.description == "2026-11-28" && first.arrives?.description == "2026-11-29")
        #expect(first.total == nil, "mango has no cost: no total")
        #expect(first.receivedEntry == nil && first.receivedAt == nil)
        #expect(first.createdAt.hasSuffix("Z"))
        var costed = Self.draft
        costed.lines = [PurchaseLine(fruit: "kiwi", packs: 1, units: 10, unitCost: 400)]
        costed.orderBy = OrderDeadline(date: try #require(CivilDate(year: 2026, month: 1, day: 5)), minuteOfDay: 14 * 60)
        let second = try await shop.createPurchaseOrder(costed)
        #expect(second.id == 2)
        #expect(second.total == 4000)
        #expect(second.orderBy?.description == "2026-01-05T14:00", "an order-by date may carry the cut-off's time of day")
        var planned = costed
        planned.total = 3999
        #expect(try await shop.createPurchaseOrder(planned).total == 3999, "a planned total is kept as given")
        #expect(try await shop.purchaseOrders().map(\.id) == [3, 2, 1])
        #expect(try await shop.purchaseOrders(status: .open).map(\.id) == [3, 2, 1])
        #expect(try await shop.purchaseOrders(status: .received).isEmpty)
        #expect(try await shop.purchaseOrder(1) == first)
        await #expect(throws: ShopError.unknownPurchaseOrder(9)) { try await shop.purchaseOrder(9) }
        // Keeping an order is no stock change: the journal and the change token do not move.
        #expect(try await shop.history().isEmpty)
        #expect(try await subject.store.changeToken() == 0)
    }

    @Test("a bad order is refused, naming what is wrong, and nothing is kept", arguments: StoreFactory.all)
    func refusedOrders(factory: StoreFactory) async throws {
        let subject = try await factory.make()
        defer { subject.remove() }
        let shop = subject.shop(Self.book)
        var draft = Self.draft
        draft.supplier = "garak-markt"
        await #expect(throws: ShopError.unknownSupplier("garak-markt", suggestion: "garak-market").at(.field("supplier"))) {
            try await shop.createPurchaseOrder(draft)
        }
        draft.supplier = "가락시장"
        await #expect(throws: ShopError.unknownSupplier("가락시장", suggestion: "garak-market").at(.field("supplier")), "named by its name") {
            try await shop.createPurchaseOrder(draft)
        }
        draft = Self.draft
        draft.lines = []
        await #expect(throws: ShopError.emptyPurchaseOrder.at(.field("lines"))) { try await shop.createPurchaseOrder(draft) }
        draft.lines = [PurchaseLine(fruit: "kiwi", packs: 1, units: 10), PurchaseLine(fruit: "kiwi", packs: 1, units: 10)]
        await #expect(throws: ShopError.duplicateFruit("kiwi").at(.line(1).field("fruit"))) { try await shop.createPurchaseOrder(draft) }
        draft.lines = [PurchaseLine(fruit: "kiwi", packs: 0, units: 10)]
        await #expect(throws: ShopError.invalidQuantity("kiwi", 0).at(.line(0).field("packs"))) { try await shop.createPurchaseOrder(draft) }
        draft.lines = [PurchaseLine(fruit: "kiwii", packs: 1, units: 10)]
        await #expect(throws: ShopError.stockRefused(.unknownFruit("kiwii", suggestion: "kiwi")).at(.line(0).field("fruit"))) {
            try await shop.createPurchaseOrder(draft)
        }
        // Arriving the day before the last day to place it (a cut-off time or not); the same day, or the past, is kept.
        var early = Self.draft
        let (fifth, fourth) = (try #require(CivilDate(parsing: "2099-01-05")), try #require(CivilDate(parsing: "2099-01-04")))
        (early.orderBy, early.arrives) = (OrderDeadline(date: fifth, minuteOfDay: 14 * 60), fourth)
        await #expect(throws: ShopError.arrivesBeforeOrderBy(arrives: fourth, orderBy: fifth).at(.field("arrives"))) {
            try await shop.createPurchaseOrder(early)
        }
        draft.lines = [PurchaseLine(fruit: "kiwi", packs: 1, units: 10, unitCost: -1)]
        await #expect(throws: ShopError.negativeCost("kiwi", -1).at(.line(0).field("unitCost"))) {
            try await shop.createPurchaseOrder(draft)
        }
        // Dates are read where they come in, each refusal placed at its field.
        #expect(throws: ShopError.invalidDate("2026-02-30").at(.field("arrives"))) {
            try PurchaseOrderDraft.dates(orderBy: nil, arrives: "2026-02-30")
        }
        #expect(throws: ShopError.invalidDate("2026-11-28T24:00").at(.field("orderBy"))) {
            try PurchaseOrderDraft.dates(orderBy: "2026-11-28T24:00", arrives: "2026-11-29")
        }
        // Several at once are all or none: the second's mistake keeps the first out too, and is placed in the second.
        var second = Self.draft
        second.lines = [PurchaseLine(fruit: "kiwi", packs: 1, units: 0)]
        await #expect(throws: ShopError.invalidQuantity("kiwi", 0).at(FieldPath([.index(1), .field("lines"), .index(0), .field("units")]))) {
            try await shop.createPurchaseOrders([Self.draft, second])
        }
        #expect(try await shop.purchaseOrders().isEmpty)
        #expect(try await shop.createPurchaseOrders([Self.draft, Self.draft]).map(\.id) == [1, 2])
    }

    @Test(
        "receiving an order is one delivery of what was ordered, the order marked received with it; once only",
        arguments: StoreFactory.all)
    func receiveAsOrdered(factory: StoreFactory) async throws {
        let subject = try await factory.make()
        defer { subject.remove() }
        let shop = subject.shop(Self.book)
        let order = try await shop.createPurchaseOrder(Self.draft)
        let done = try await shop.receivePurchaseOrder(order.id, received: Self.today, command: "juice receive --order 1")
        let entry = try #require(done.receipt.entry)
        #expect(entry.kind == .delivery)
        #expect(entry.deltas == ["kiwi": 20, "mango": 6])
        #expect(entry.detail?.purchaseOrder == 1)
        #expect(entry.detail?.supplier == "garak-market")
        #expect(
            entry.detail?.lots == [
                DeliveryLine(fruit: "kiwi", quantity: 20, cost: 400, ordered: 20), DeliveryLine(fruit: "mango", quantity: 6, ordered: 6),
            ])
        #expect(done.differences.isEmpty)
        #expect(done.order.status == .received && done.order.receivedEntry == entry.id && done.order.receivedAt == entry.time)
        let stored = try await shop.purchaseOrder(1)
        #expect(stored == done.order)
        #expect(try await shop.purchaseOrders(status: .received).map(\.id) == [1])
        #expect(try await shop.purchaseOrders(status: .open).isEmpty)
        #expect(try await StoreContractTests.stock(shop)["kiwi"] == 30)
        // Lots, as for any delivery.
        #expect(try await shop.shelf(today: Self.today).lots.map(\.fruit) == ["kiwi", "mango"])
        await #expect(throws: ShopError.purchaseOrderReceived(1, entry: entry.id)) {
            try await shop.receivePurchaseOrder(1, received: Self.today, command: "t")
        }
        await #expect(throws: ShopError.unknownPurchaseOrder(2)) { try await shop.receivePurchaseOrder(2, received: Self.today, command: "t") }
        #expect(try await shop.history().count == 1)
        #expect(try await shop.checkIntegrity().isHealthy)
    }

    @Test(
        "what came may differ: a line left out did not come, more than ordered is received, a fruit not ordered too; the differences are reported",
        arguments: StoreFactory.all)
    func receiveDifferent(factory: StoreFactory) async throws {
        let subject = try await factory.make()
        defer { subject.remove() }
        let shop = subject.shop(Self.book)
        var draft = Self.draft
        draft.lines.append(PurchaseLine(fruit: "banana", packs: 1, units: 12, unitCost: 300))
        _ = try await shop.createPurchaseOrder(draft)
        let done = try await shop.receivePurchaseOrder(
            1,
            lines: [
                DeliveryLine(fruit: "kiwi", quantity: 18, expires: "2026-12-01"), DeliveryLine(fruit: "mango", quantity: 8, cost: 950),
                DeliveryLine(fruit: "banana", quantity: 0), DeliveryLine(fruit: "pineapple", quantity: 4),
            ], received: Self.today, command: "t")
        #expect(
            done.receipt.entry?.detail?.lots == [
                DeliveryLine(fruit: "kiwi", quantity: 18, expires: "2026-12-01", cost: 400, ordered: 20),
                DeliveryLine(fruit: "mango", quantity: 8, cost: 950, ordered: 6),
                DeliveryLine(fruit: "pineapple", quantity: 4, ordered: 0),
            ])
        #expect(
            done.differences == [
                PurchaseDifference(fruit: "kiwi", ordered: 20, received: 18), PurchaseDifference(fruit: "mango", ordered: 6, received: 8),
                PurchaseDifference(fruit: "banana", ordered: 12, received: 0), PurchaseDifference(fruit: "pineapple", ordered: 0, received: 4),
            ])
        #expect(done.differences.map(\.short) == [2, -2, 12, -4])
        #expect(done.receipt.entry?.deltas == ["kiwi": 18, "mango": 8, "pineapple": 4])
        #expect(try await shop.purchaseOrder(1).status == .received)
    }

    @Test("a delivery the stock refuses leaves the order open and nothing changed; nothing that came is refused", arguments: StoreFactory.all)
    func refusedDeliveryKeepsOrderOpen(factory: StoreFactory) async throws {
        let subject = try await factory.make()
        defer { subject.remove() }
        let shop = subject.shop(Self.book)
        var draft = Self.draft
        draft.lines = [PurchaseLine(fruit: "mango", packs: 1, units: 6), PurchaseLine(fruit: "kiwi", packs: 10, units: 100)]
        _ = try await shop.createPurchaseOrder(draft)
        await #expect(throws: ShopError.stockRefused(.aboveCapacity("kiwi", result: 110, capacity: 100))) {
            try await shop.receivePurchaseOrder(1, received: Self.today, command: "t")
        }
        await #expect(throws: ShopError.emptyPurchaseOrder) {
            try await shop.receivePurchaseOrder(1, lines: [DeliveryLine(fruit: "kiwi", quantity: 0)], received: Self.today, command: "t")
        }
        // A fruit given twice is refused at the second, even as 0 of a fruit ordered (which says it did not come).
        await #expect(throws: ShopError.duplicateFruit("kiwi").at(.line(1).field("fruit"))) {
            try await shop.receivePurchaseOrder(
                1, lines: [DeliveryLine(fruit: "kiwi", quantity: 3), DeliveryLine(fruit: "kiwi", quantity: 0)], received: Self.today, command: "t")
        }
        await #expect(throws: ShopError.invalidQuantity("pineapple", 0).at(.line(0).field("quantity"))) {
            try await shop.receivePurchaseOrder(1, lines: [DeliveryLine(fruit: "pineapple", quantity: 0)], received: Self.today, command: "t")
        }
        #expect(try await shop.purchaseOrder(1).status == .open)
        #expect(try await shop.history().isEmpty)
        #expect(try await StoreContractTests.stock(shop) == ["strawberry": 10, "banana": 10, "pineapple": 10, "kiwi": 10, "mango": 10])
        // What the stock allows goes in.
        let done = try await shop.receivePurchaseOrder(1, lines: [DeliveryLine(fruit: "kiwi", quantity: 90)], received: Self.today, command: "t")
        #expect(
            done.differences == [
                PurchaseDifference(fruit: "mango", ordered: 6, received: 0), PurchaseDifference(fruit: "kiwi", ordered: 100, received: 90),
            ])
    }

    @Test("undoing an order's delivery opens the order again, and it can be received again", arguments: StoreFactory.all)
    func undoReopens(factory: StoreFactory) async throws {
        let subject = try await factory.make()
        defer { subject.remove() }
        let shop = subject.shop(Self.book)
        _ = try await shop.createPurchaseOrder(Self.draft)
        _ = try await shop.receivePurchaseOrder(1, received: Self.today, command: "t")
        let undone = try await shop.undo(command: "juice undo")
        #expect(undone.undone?.detail?.purchaseOrder == 1)
        let reopened = try await shop.purchaseOrder(1)
        #expect(reopened.status == .open && reopened.receivedEntry == nil && reopened.receivedAt == nil)
        let again = try await shop.receivePurchaseOrder(1, received: Self.today, command: "t")
        #expect(again.order.receivedEntry == 3)
        #expect(try await StoreContractTests.stock(shop)["kiwi"] == 30)
        #expect(try await shop.checkIntegrity().isHealthy)
    }

    @Test("an order whose supplier left the recipe files stays readable by its id and is received all the same", arguments: StoreFactory.all)
    func supplierGone(factory: StoreFactory) async throws {
        let subject = try await factory.make()
        defer { subject.remove() }
        _ = try await subject.shop(Self.book).createPurchaseOrder(Self.draft)
        let without = subject.shop(TestBook.standard)
        #expect(try await without.purchaseOrders().first?.supplier == "garak-market")
        let done = try await without.receivePurchaseOrder(1, received: Self.today, command: "t")
        #expect(done.receipt.entry?.detail?.supplier == "garak-market")
        #expect(ShopText(language: .korean, book: TestBook.standard).supplierName(of: "garak-market") == "garak-market")
        #expect(ShopText(language: .korean, book: Self.book).supplierName(of: "garak-market") == "가락시장 청과 (garak-market)")
    }

    @Test("two counters receiving the same order at once: one delivery, the other refused", arguments: StoreFactory.all)
    func receivedOnce(factory: StoreFactory) async throws {
        let subject = try await factory.make()
        defer { subject.remove() }
        let shop = subject.shop(Self.book)
        _ = try await shop.createPurchaseOrder(Self.draft)
        let outcomes = await withTaskGroup(of: Result<PurchaseReceipt, ShopError>.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    do throws(ShopError) { return .success(try await shop.receivePurchaseOrder(1, received: Self.today, command: "t")) } catch {
                        return .failure(error)
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let received = outcomes.compactMap { try? $0.get() }
        #expect(received.count == 1)
        for case .failure(let error) in outcomes { #expect(error.kind == "purchase-order-received") }
        #expect(try await StoreContractTests.stock(shop)["kiwi"] == 30)
        #expect(try await shop.history().count == 1)
    }
}
