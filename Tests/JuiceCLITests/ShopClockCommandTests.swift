import Foundation
import JuiceTestSupport
import Testing

/// The clock of the built `juice`: `JUICE_NOW` sets what today is (with `TZ`), and a value that is no instant is a
/// usage error that names it, in the user's language, before anything is read or written.
@Suite("juice and JUICE_NOW")
struct ShopClockCommandTests {
    @Test func theClockSetsTheDayOfADelivery() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        let clock = ["JUICE_NOW": "2026-12-02T06:15:00+09:00", "TZ": "Asia/Seoul"]
        let received = try await shop.run(["receive", "kiwi", "2", "--json"], environment: clock)
        #expect(received.status == 0, "\(received.stderr)")
        let history = try await shop.run(["history", "--json"], environment: clock)
        #expect(history.stdout.contains("2026-12-01T21:15:00Z"), "\(history.stdout)")
        // Tomorrow in Seoul (12-03): a lot received on 12-02 whose use-by date is 12-02 has expired.
        _ = try await shop.run(["receive", "banana", "1", "--expires", "2026-12-02"], environment: clock)
        let tomorrow = ["JUICE_NOW": "2026-12-03T09:00:00+09:00", "TZ": "Asia/Seoul"]
        let wasted = try await shop.run(["waste", "--expired", "--json"], environment: tomorrow)
        #expect(wasted.status == 0, "\(wasted.stderr)")
        #expect(try await shop.stock()["banana"] == 10)
    }

    @Test(arguments: [("en_US.UTF-8", "is not an instant"), ("ko_KR.UTF-8", "시각이 아니에요")])
    func aValueThatIsNoInstantIsRefused(lang: String, words: String) async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        let outcome = try await shop.run(["receive", "kiwi", "2"], lang: lang, environment: ["JUICE_NOW": "tomorrow"])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("JUICE_NOW='tomorrow'") && outcome.stderr.contains(words), "\(outcome.stderr)")
        #expect(try await shop.stock()["kiwi"] == 10, "nothing was received")
    }
}
