import Foundation
import JuiceTestSupport
import Testing

/// `juice receive`, `juice waste` and `juice count` as staff use them, in each language (golden transcripts): what is
/// printed, JSON field names, exit codes, and every refusal changing nothing.
@Suite("the stock room: deliveries, waste and counts (golden transcripts)")
struct StockKeepingTests {
    @Test("receive, waste, count (in a session while an order is made), refusals, stock and history", arguments: EverydayUseTests.languages)
    func stockRoom(language: String, lang: String) async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        var transcript = Transcript(shop, lang: lang)
        // The shop's clock is set: the delivery's day is its local date.
        transcript.clock = Transcript.seoulMorning
        try await transcript.run(["receive", "kiwi", "5", "--expires", "2099-01-10", "--cost", "300", "--supplier", "청과상회"])
        try await transcript.run(["receive", "banana=3", "망고=2", "--expires", "2099-01-05", "--json"])
        try await transcript.run(["receive", "kiwi", "0"])
        try await transcript.run(["receive", "kiwi", "1", "--expires", "2020-01-01"])
        try await transcript.run(["receive", "kiwi", "1", "--expires", "2099-02-30", "--json"])
        try await transcript.run(["receive", "kiwi", "95"])
        try await transcript.run(["receive", "kiwii", "1"])
        try await transcript.run(["waste", "kiwi", "2", "--reason", "dropped", "--note", "바닥에 떨어짐", "--json"])
        try await transcript.run(["waste", "kiwi", "2"])
        try await transcript.run(["waste", "kiwi", "2", "--reason", "rotten"])
        try await transcript.run(["waste", "kiwi", "99", "--reason", "spoiled"])
        try await transcript.run(["waste", "--expired"])
        try await transcript.run(["count", "kiwi=13", "mango=12"])
        let started = try await transcript.run(["count", "--start", "--json"])
        let session = try #require(
            (try JSONSerialization.jsonObject(with: Data(started.stdout.utf8)) as? [String: Any])?["session"] as? String)
        try await transcript.run(["order", "kiwi-juice"])
        try await transcript.run(["count", "--session", session, "kiwi=12"])
        try await transcript.run(["count", "--session", session, "kiwi=12"])
        try await transcript.run(["count", "--session", "no-such-session", "kiwi=1"])
        // Below 0 and above capacity are refused as such, with --yes or not, before any variance is weighed.
        try await transcript.run(["count", "kiwi=-1"])
        try await transcript.run(["count", "kiwi=-1", "--yes"])
        try await transcript.run(["count", "kiwi=500"])
        try await transcript.run(["count", "kiwi=500", "--yes"])
        try await transcript.run(["count", "banana=1"])
        try await transcript.run(["count", "banana=1", "--yes"])
        try await transcript.run(["count"])
        try await transcript.run(["stock"])
        try await transcript.run(["history"])
        try await transcript.run(["undo"])
        try await transcript.run(["report", "--by", "fruit"])
        try await transcript.run(["report", "--waste"])
        try await transcript.run(["report", "--waste", "--format", "json"])
        try await transcript.run(["report", "--waste", "--history", "sales.csv"])
        try transcript.expectGolden("stock-room.\(language).txt")
        // What the refusals left: the journal has exactly the changes that were applied (and the undo).
        let history = try await shop.run(["history", "--json"], lang: lang)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
        #expect(entries.compactMap { $0["kind"] as? String } == ["undo", "count", "count", "order", "count", "waste", "delivery", "delivery"])
    }

    @Test("a waste reason in Korean words, as the screen shows them", arguments: ["상함", "떨어뜨림", "직원 식사", "직원"])
    func koreanReasons(words: String) async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        let wasted = try await shop.run(["waste", "kiwi", "1", "--reason", words, "--json"], lang: "ko_KR.UTF-8")
        #expect(wasted.status == 0, "\(wasted.stderr)")
        let entry = try #require((try JSONSerialization.jsonObject(with: Data(wasted.stdout.utf8)) as? [String: Any])?["entry"] as? [String: Any])
        let expected = ["상함": "spoiled", "떨어뜨림": "dropped", "직원 식사": "staff", "직원": "staff"][words]
        #expect(entry["reason"] as? String == expected)
    }
}
