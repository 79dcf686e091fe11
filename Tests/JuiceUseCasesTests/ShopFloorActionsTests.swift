import Foundation
import JuiceCore
import JuiceShop
import JuiceUseCases
import Testing

/// The shop floor's use cases (orders, stock edits, undo, the journal, refused orders, starting a count): what
/// `juice order`, `juice stock`, `juice undo`, `juice history` and the server's routes all call.
@Suite struct ShopFloorActionsTests {
    /// Actions on a fresh in-memory shop of `ShopActionsTests.book` (kiwi and mango, 10 each; kiwi juice takes 3 kiwi).
    static func actions(book: RecipeBook = ShopActionsTests.book) throws -> ShopActions {
        let clock = try ShopActionsTests.clock()
        return ShopActions(shop: Shop(book: book, store: MemoryStore(clock: clock)), clock: clock)
    }

    /// An order is served by any of the juice's names, journaled under its request id (new for each order), and
    /// says which juice it made; an order the stock cannot serve changes nothing and is listed as refused.
    @Test func ordersAreJournaledUnderTheirRequest() async throws {
        let actions = try Self.actions()
        let served = try await actions.order("키위쥬스", count: 2, command: "t")
        #expect(served.juice == "kiwi-juice")
        #expect(served.count == 2)
        #expect(served.receipt.snapshot.inventory.counts["kiwi"] == 4)
        #expect(try await actions.orderEntry(request: served.request)?.id == served.receipt.entry?.id)
        let again = try await actions.order("kiwi juice", count: 1, command: "t", request: "given")
        #expect(again.request == "given")
        #expect(again.request != served.request)
        await #expect(throws: ShopError.self) { try await actions.order("kiwi-juice", count: 2, command: "t") }
        #expect(try await actions.shop.snapshot().inventory.counts["kiwi"] == 1, "a refused order changes nothing")
        let refused = try await actions.refusedOrders(limit: nil)
        #expect(refused.map(\.juice) == ["kiwi-juice"])
        #expect(refused.first?.count == 2)
        #expect(try await actions.orderEntry(request: "never") == nil)
        do {
            _ = try await actions.order("plum juice", count: 1, command: "t")
            Issue.record("an unknown juice was served")
        } catch {
            guard case .unknownJuice = error.reason else {
                Issue.record("an unknown juice was refused as \(error)")
                return
            }
        }
    }

    /// Stock edits name fruits by id or name and are journaled by what they do: every edit adding is `.add`, every
    /// edit removing `.remove`, anything else `.set`; all apply or none, and an edit that changes nothing is not
    /// journaled.
    @Test func stockEditsAreJournaledByWhatTheyDo() async throws {
        let actions = try Self.actions()
        let added = try await actions.changeStock([StockEdit(.add, "kiwi", 2), StockEdit(.add, "mango", 1)], command: "t")
        #expect(added.entry?.kind == .add)
        #expect(added.entry?.deltas == ["kiwi": 2, "mango": 1])
        let removed = try await actions.changeStock([StockEdit(.remove, "Kiwi", 5)], command: "t")
        #expect(removed.entry?.kind == .remove)
        let mixed = try await actions.changeStock([StockEdit(.add, "kiwi", 1), StockEdit(.remove, "mango", 1)], command: "t")
        #expect(mixed.entry?.kind == .set)
        let set = try await actions.changeStock([StockEdit(.set, "mango", 3)], command: "t")
        #expect(set.entry?.kind == .set)
        #expect(set.snapshot.inventory.counts == ["kiwi": 8, "mango": 3])
        #expect(try await actions.changeStock([StockEdit(.add, "kiwi", 0)], command: "t").entry == nil, "adding 0 is not journaled")
        await #expect(throws: ShopError.duplicateFruit("kiwi")) {
            try await actions.changeStock([StockEdit(.set, "kiwi", 1), StockEdit(.set, "kiwi", 2)], command: "t")
        }
        await #expect(throws: ShopError.self) {
            try await actions.changeStock([StockEdit(.add, "kiwi", 1), StockEdit(.remove, "mango", 4)], command: "t")
        }
        #expect(try await actions.shop.snapshot().inventory.counts == ["kiwi": 8, "mango": 3], "all or none")
        let reset = try await actions.resetStock(command: "t")
        #expect(reset.entry?.kind == .reset)
        #expect(reset.snapshot.inventory.counts == ["kiwi": 10, "mango": 10])
    }

    /// Undo reverts the newest change not yet undone and says which; the journal lists both, newest first, and a
    /// limit keeps the newest.
    @Test func undoRevertsTheNewestChange() async throws {
        let actions = try Self.actions()
        await #expect(throws: ShopError.nothingToUndo) { try await actions.undo(command: "t") }
        let served = try await actions.order("kiwi-juice", count: 1, command: "t")
        let undone = try await actions.undo(command: "u")
        #expect(undone.undone?.id == served.receipt.entry?.id)
        #expect(undone.entry?.kind == .undo)
        #expect(undone.snapshot.inventory.counts["kiwi"] == 10)
        let history = try await actions.history(limit: nil)
        #expect(history.map(\.kind) == [.undo, .order])
        #expect(try await actions.history(limit: 1).map(\.command) == ["u"])
    }

    /// A count started says what each of the menu's fruits is expected to be; a count is applied once in its
    /// session, and neither an unknown session nor an applied one takes another.
    @Test func aCountSessionTakesOneCount() async throws {
        let actions = try Self.actions()
        _ = try await actions.order("kiwi-juice", count: 1, command: "t")
        let started = try await actions.startCount()
        #expect(started.expected.map(\.fruit) == ["kiwi", "mango"])
        #expect(started.expected.map(\.expected) == [7, 10])
        let outcome = try await actions.count(
            [("kiwi", 7)], session: started.session.id, confirmed: true, largeVariance: 0.2, command: "t")
        guard case .applied(let receipt) = outcome, let entry = receipt.entry else {
            Issue.record("the count was not applied")
            return
        }
        for session in [started.session.id, "unknown"] {
            do {
                _ = try await actions.count([("kiwi", 7)], session: session, confirmed: true, largeVariance: 0.2, command: "t")
                Issue.record("session \(session) took a second count")
            } catch {
                let expected: ShopError =
                    session == "unknown" ? .unknownCountSession(session) : .countSessionApplied(session, entry: entry.id)
                #expect(error.reason == expected)
            }
        }
    }

    /// Purchase orders are listed by status, newest first; a received one is not received again.
    @Test func purchaseOrdersAreListedByStatus() async throws {
        let book = RecipeBook(
            fruits: ShopActionsTests.book.fruits, juices: ShopActionsTests.book.juices, store: ShopActionsTests.book.store,
            suppliers: [Supplier(id: "market", name: LocalizedName(korean: "시장", english: "Market"), leadTime: 1)])
        let actions = try Self.actions(book: book)
        let draft = PurchaseOrderDraft(supplier: "market", lines: [PurchaseLine(fruit: "kiwi", packs: 1, units: 5, unitCost: 300)])
        _ = try await actions.keepPurchaseOrders([draft, draft])
        let received = try await actions.receivePurchaseOrder(1, lines: nil, command: "t")
        #expect(try await actions.purchaseOrders(status: nil).map(\.id) == [2, 1])
        #expect(try await actions.purchaseOrders(status: .open).map(\.id) == [2])
        #expect(try await actions.purchaseOrders(status: .received).map(\.id) == [1])
        do {
            _ = try await actions.receivePurchaseOrder(1, lines: nil, command: "t")
            Issue.record("a received order was received again")
        } catch {
            #expect(error.reason == .purchaseOrderReceived(1, entry: received.receipt.entry?.id ?? -1))
        }
        do {
            _ = try await actions.receivePurchaseOrder(9, lines: nil, command: "t")
            Issue.record("an unknown order was received")
        } catch {
            #expect(error.reason == .unknownPurchaseOrder(9))
        }
    }

    /// The stock screen applies what staff moved, not the numbers it shows: an order served by another counter while
    /// the screen was open is kept; a screen left as it was journals nothing.
    @Test func theStockScreenAppliesDifferences() async throws {
        let actions = try Self.actions()
        let opened = try await actions.shop.snapshot().inventory
        var edited = opened
        try edited.add(5, of: "mango")
        try edited.remove(2, of: "kiwi")
        _ = try await actions.order("kiwi-juice", count: 1, command: "another counter")
        let receipt = try await actions.editStock(from: opened, to: edited, command: "juice stock edit")
        #expect(receipt.entry?.kind == .set && receipt.entry?.deltas == ["mango": 5, "kiwi": -2])
        #expect(receipt.snapshot.inventory.counts == ["kiwi": 5, "mango": 15], "10 - 3 sold - 2 moved; 10 + 5")
        let unchanged = try await actions.editStock(from: receipt.snapshot.inventory, to: receipt.snapshot.inventory, command: "t")
        #expect(unchanged.entry == nil && unchanged.snapshot.inventory.counts == ["kiwi": 5, "mango": 15])
        #expect(try await actions.history(limit: 10).count == 2, "the order and the edit")
    }
}
