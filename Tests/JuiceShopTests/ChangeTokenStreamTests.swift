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
}
