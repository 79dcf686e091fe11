import Foundation
import JuiceCore
import JuiceShop
import Testing

/// Every store journals an order's request id with it, in the same transaction, and finds the order by it: the way
/// a client whose answer was lost learns whether its order was made.
@Suite("ShopStore contract: request ids")
struct RequestIDContractTests {
    @Test(
        "an order's request id is journaled with it and finds it; an unknown id finds nothing; a refusal journals none",
        arguments: StoreFactory.all)
    func requestIDs(factory: StoreFactory) async throws {
        let subject = try await factory.make()
        defer { subject.remove() }
        let shop = subject.shop()
        let first = try await shop.order("banana-juice", command: "test", request: "req-1")
        let second = try await shop.order("kiwi-juice", command: "test", request: "req-2")
        _ = try await shop.order("mango-juice", command: "test")
        #expect(first.entry?.request == "req-1")
        #expect(try await shop.orderEntry(request: "req-1") == first.entry)
        #expect(try await shop.orderEntry(request: "req-2") == second.entry)
        #expect(try await shop.orderEntry(request: "req-3") == nil)
        #expect(try await shop.history().map(\.request) == [nil, "req-2", "req-1"])
        await #expect(throws: ShopError.self) { try await shop.order("strawberry-juice", command: "test", request: "req-4") }
        #expect(try await shop.orderEntry(request: "req-4") == nil, "a refused order is not journaled")
        #expect(try await shop.checkIntegrity().isHealthy)
    }
}
