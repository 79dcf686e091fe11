import Foundation
import JuiceCore
import JuiceShop
import JuiceUseCases
import Testing

/// Counting while the shop sells: a session started before the count keeps what moved in between.
@Suite struct ShopActionsCountingTests {
    /// A count applied in a started session sets each fruit to what was counted plus what moved since the start, so a
    /// delivery received while counting is not lost; a session is applied once.
    @Test func aSessionKeepsWhatMovedSinceItsStart() async throws {
        let clock = try ShopActionsTests.clock()
        let actions = ShopActions(shop: Shop(book: ShopActionsTests.book, store: MemoryStore(clock: clock)), clock: clock)
        let before = try #require(try await actions.shop.snapshot().inventory.counts["kiwi"])
        let session = try await actions.startCount().session
        let delivered = 4
        _ = try await actions.receive([DeliveryLine(fruit: "kiwi", quantity: delivered)], supplier: nil, command: "t")
        let outcome = try await actions.count([("kiwi", before)], session: session.id, confirmed: false, largeVariance: 0.2, command: "t")
        guard case .applied(let receipt) = outcome else {
            Issue.record("a count that matches what was there at the start needed confirmation")
            return
        }
        #expect(receipt.snapshot.inventory.counts["kiwi"] == before + delivered, "the delivery during the count is kept")
        await #expect(throws: ShopError.self, "a session is applied once") {
            try await actions.count([("kiwi", before)], session: session.id, confirmed: true, largeVariance: 0.2, command: "t")
        }
    }

    /// Each session started is a new one.
    @Test func sessionsAreDistinct() async throws {
        let clock = try ShopActionsTests.clock()
        let actions = ShopActions(shop: Shop(book: ShopActionsTests.book, store: MemoryStore(clock: clock)), clock: clock)
        let first = try await actions.startCount().session
        let second = try await actions.startCount().session
        #expect(first.id != second.id)
    }
}
