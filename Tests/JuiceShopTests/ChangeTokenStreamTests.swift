import JuiceCore
import JuiceShop
import Testing

@Suite("ShopStore change-token streams")
struct ChangeTokenStreamTests {
    @Test("the stream yields the current token, then a new one after another store object's change", arguments: StoreFactory.all)
    func tokens(factory: StoreFactory) async throws {
        let subject = try await factory.make()
        defer { subject.remove() }
        var tokens = subject.store.changeTokens(pollingEvery: .milliseconds(20)).makeAsyncIterator()
        let first = try #require(await tokens.next())
        #expect(first == (try await subject.store.changeToken()))
        _ = try await subject.shop().order("banana-juice", command: "test")
        let second = try #require(await tokens.next())
        #expect(second != first)
        #expect(second == (try await subject.store.changeToken()))
    }

    @Test(
        "a change committed through the store arrives at once, not at the next poll (an hour away)",
        .timeLimit(.minutes(1)), arguments: StoreFactory.all)
    func ownChangesAtCommit(factory: StoreFactory) async throws {
        let subject = try await factory.make()
        defer { subject.remove() }
        var tokens = subject.store.changeTokens(pollingEvery: .seconds(3600)).makeAsyncIterator()
        let first = try #require(await tokens.next())
        // The stream polls once an hour and the test may take a minute: each token can only come from the commit.
        for round in 1...3 {
            let receipt = try await subject.shop().changeStock([.add("kiwi", 1)], kind: .add, command: "add \(round)")
            #expect(receipt.entry != nil)
            let next = try #require(await tokens.next())
            #expect(next != first)
            #expect(next == (try await subject.store.changeToken()))
        }
    }
}
