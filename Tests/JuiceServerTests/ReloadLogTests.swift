import Foundation
import JuiceCore
import JuiceTestSupport
import Testing
@testable import JuiceServer

@Suite struct ReloadLogTests {
    @Test func anAppliedReloadIsLoggedOnceWithTheJuicesTheShopsStockCanNoLongerMake() async throws {
        let shop = try TestShop()
        let log = RecordedLog()
        _ = try await shop.store.perform(.change([.set("banana", 3)], kind: .set), book: await shop.menu.current.book, command: "test")
        let forwarding = Task { await shop.server.forwardMenuUpdates(logger: log.logger) }
        defer { forwarding.cancel() }
        // Wait until the loop listens (an attempt before it would not be forwarded).
        try await Task.sleep(for: .milliseconds(100))
        let juices = try String(contentsOf: shop.recipes.appendingPathComponent("juices.yaml"), encoding: .utf8)
        try juices.replacingOccurrences(of: "recipe: {banana: 2}", with: "recipe: {banana: 4}")
            .write(to: shop.recipes.appendingPathComponent("juices.yaml"), atomically: true, encoding: .utf8)
        await shop.menu.reload()
        try await waitUntil { !log.lines.isEmpty }
        try await Task.sleep(for: .milliseconds(100))
        #expect(log.lines.count == 1, "\(log.lines)")
        let line = try #require(log.lines.first)
        #expect(line.hasPrefix("info recipe reload applied: menu version"))
        #expect(line.contains("recipe of banana-juice: banana 2 → 4"))
        #expect(line.contains("cannot be made at the current stock: banana-juice (banana needs 4, has 3)"), "\(line)")
    }
}
