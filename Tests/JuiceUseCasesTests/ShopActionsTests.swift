import Foundation
import JuiceCore
import JuiceShop
import JuiceUseCases
import Testing

/// The stock room's use cases: what the command line and the page both call, so that they agree by construction.
@Suite struct ShopActionsTests {
    static let book = RecipeBook(
        fruits: ["kiwi", "mango"].map { Fruit(id: FruitID($0), name: LocalizedName(korean: $0, english: $0), shelfLife: 3) },
        juices: [Juice(id: "kiwi-juice", name: LocalizedName(korean: "키위쥬스", english: "Kiwi Juice"), recipe: [Ingredient(fruit: "kiwi", amount: 3)])],
        store: Store(defaultCapacity: 100, initialStock: ["kiwi": 10, "mango": 10]))

    /// 06:15 on 2 December 2026 in Seoul.
    static func clock(day: Int = 2) throws -> ShopClock {
        let instant = try #require(ShopClock.instant(ofJournalTime: "2026-12-0\(day - 1)T21:15:00Z"))
        return ShopClock.fixed(at: instant, timeZone: try #require(TimeZone(identifier: "Asia/Seoul")))
    }

    /// A count whose variance is above the limit is not applied unless confirmed, and says what it would record; a
    /// small one, or a confirmed one, is applied.
    @Test func aLargeVarianceNeedsConfirmation() async throws {
        let clock = try Self.clock()
        let actions = ShopActions(shop: Shop(book: Self.book, store: MemoryStore(clock: clock)), clock: clock)
        let large = try await actions.count([("kiwi", 5)], session: nil, confirmed: false, largeVariance: 0.2, command: "t")
        guard case .needsConfirmation(let preview) = large else {
            Issue.record("a variance of 50 % was applied without confirmation")
            return
        }
        #expect(preview == [CountLine(fruit: "kiwi", expected: 10, counted: 5)])
        #expect(try await actions.shop.snapshot().inventory.counts["kiwi"] == 10, "nothing applied")
        let small = try await actions.count([("kiwi", 9)], session: nil, confirmed: false, largeVariance: 0.2, command: "t")
        guard case .applied = small else {
            Issue.record("a variance of 10 % needed confirmation")
            return
        }
        let confirmed = try await actions.count([("kiwi", 5)], session: nil, confirmed: true, largeVariance: 0.2, command: "t")
        guard case .applied(let receipt) = confirmed else {
            Issue.record("a confirmed count was not applied")
            return
        }
        #expect(receipt.snapshot.inventory.counts["kiwi"] == 5)
        // A refusal of the count's own lines comes before any preview, placed on its line.
        await #expect(throws: ShopError.negativeCount("mango", -1).at(.line(1).field("count"))) {
            try await actions.count([("kiwi", 1), ("mango", -1)], session: nil, confirmed: false, largeVariance: 0.2, command: "t")
        }
    }

    /// Deliveries are received today by the clock (their use-by date from the fruit's shelf life), and what has
    /// expired is what the clock's today says.
    @Test func todayIsTheClocks() async throws {
        let clock = try Self.clock()
        let store = MemoryStore(clock: clock)
        let actions = ShopActions(shop: Shop(book: Self.book, store: store), clock: clock)
        _ = try await actions.receive([DeliveryLine(fruit: "mango", quantity: 4)], supplier: nil, command: "t")
        #expect(try await actions.shelf().lots.first?.expires == "2026-12-05")
        #expect(try await actions.wasteExpired(note: nil, command: "t").entry == nil, "nothing has expired on 12-02")
        let later = ShopActions(shop: actions.shop, clock: try Self.clock(day: 7))
        let wasted = try await later.wasteExpired(note: nil, command: "t")
        #expect(wasted.entry?.deltas == ["mango": -4])
    }

    /// Purchase orders are kept with their notes in one call; a batch's refusal names its draft.
    @Test func purchaseOrdersAreKeptWithTheirNotes() async throws {
        let book = RecipeBook(
            fruits: Self.book.fruits, juices: Self.book.juices, store: Self.book.store,
            suppliers: [Supplier(id: "market", name: LocalizedName(korean: "시장", english: "Market"), leadTime: 1, minimum: 50_000)])
        let clock = try Self.clock()
        let actions = ShopActions(shop: Shop(book: book, store: MemoryStore(clock: clock)), clock: clock)
        let draft = PurchaseOrderDraft(supplier: "market", lines: [PurchaseLine(fruit: "kiwi", packs: 1, units: 10, unitCost: 300)])
        let kept = try await actions.keepPurchaseOrders([draft])
        #expect(kept.map(\.order.id) == [1])
        #expect(kept.first?.notes.map(\.kind) == ["bought-elsewhere", "below-minimum"], "the files buy kiwi nowhere; ₩3,000 is below ₩50,000")
        var broken = draft
        broken.supplier = "nobody"
        await #expect(throws: ShopError.self) { try await actions.keepPurchaseOrders([draft, broken]) }
        do {
            _ = try await actions.keepPurchaseOrders([draft, broken])
        } catch {
            #expect(error.place?.description == "[1].supplier")
        }
        #expect(try await actions.shop.purchaseOrders().count == 1, "all or none")
        // Kept without an arrival day, an order arrives the supplier's lead time (1 day) after it is placed: from today,
        // 2 December in Seoul, or from its order-by day.
        #expect(kept.first?.order.arrives?.description == "2026-12-03")
        var later = draft
        later.orderBy = OrderDeadline(parsing: "2026-12-07")
        #expect(try await actions.keepPurchaseOrder(later).order.arrives?.description == "2026-12-08")
        var given = draft
        given.arrives = CivilDate(parsing: "2026-12-20")
        #expect(try await actions.keepPurchaseOrder(given).order.arrives?.description == "2026-12-20", "a given day is kept")
    }
}
