import Foundation
import JuiceCore
import JuiceShop
import Testing

/// The shop's clock: one answer to "what day and minute is it here", set by tests instead of scrubbed out.
@Suite("The shop clock")
struct ShopClockTests {
    static let seoul = TimeZone(identifier: "Asia/Seoul")
    static let newYork = TimeZone(identifier: "America/New_York")

    /// 21:15 UTC on 1 December is 06:15 on 2 December in Seoul: the shop's day is the local one.
    @Test func aMomentIsTheShopsLocalDateAndMinute() throws {
        let instant = try #require(ShopClock.instant(ofJournalTime: "2026-12-01T21:15:15Z"))
        let clock = ShopClock.fixed(at: instant, timeZone: try #require(Self.seoul))
        #expect(clock.moment == ShopMoment(date: try #require(CivilDate(year: 2026, month: 12, day: 2)), minuteOfDay: 6 * 60 + 15))
        #expect(clock.today.description == "2026-12-02")
        #expect(clock.moment.description == "2026-12-02T06:15")
        #expect(clock.journalTime() == "2026-12-01T21:15:15Z")
        let utc = ShopClock.fixed(at: instant, timeZone: try #require(TimeZone(identifier: "UTC")))
        #expect(utc.moment.description == "2026-12-01T21:15")
    }

    /// Before 1970 and across a change to summer time, the local date and minute are still right (no 1970 fallback).
    @Test func momentsBeforeTheEpochAndAcrossSummerTime() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        let before = ShopClock.fixed(at: Date(timeIntervalSince1970: -60), timeZone: utc)
        #expect(before.moment.description == "1969-12-31T23:59")
        // 2026-03-08 07:30 UTC: 03:30 in New York after clocks went forward at 02:00 (UTC−4), 02:30 UTC the day before is 21:30 (UTC−5).
        let newYork = try #require(Self.newYork)
        let summer = try #require(ShopClock.instant(ofJournalTime: "2026-03-08T07:30:00Z"))
        #expect(ShopClock.fixed(at: summer, timeZone: newYork).moment.description == "2026-03-08T03:30")
        let winter = try #require(ShopClock.instant(ofJournalTime: "2026-03-08T02:30:00Z"))
        #expect(ShopClock.fixed(at: winter, timeZone: newYork).moment.description == "2026-03-07T21:30")
    }

    /// `JUICE_NOW` sets the clock to an instant with its offset; anything else is refused, naming the value.
    @Test func theEnvironmentSetsTheClock() throws {
        let seoul = try #require(Self.seoul)
        let set = try ShopClock.from(environment: ["JUICE_NOW": "2026-12-02T06:15:00+09:00"], timeZone: seoul)
        #expect(set.journalTime() == "2026-12-01T21:15:00Z")
        #expect(set.today.description == "2026-12-02")
        let zulu = try ShopClock.from(environment: ["JUICE_NOW": "2026-12-01T21:15Z"], timeZone: seoul)
        #expect(zulu.journalTime() == "2026-12-01T21:15:00Z")
        let west = try ShopClock.from(environment: ["JUICE_NOW": "2026-12-01T16:15:00-05:00"], timeZone: seoul)
        #expect(west.journalTime() == "2026-12-01T21:15:00Z")
        for text in ["2026-12-02T06:15", "2026-12-02", "tomorrow", "2026-13-02T06:15:00Z"] {
            #expect(throws: ShopClock.SettingError.notAnInstant(text)) { try ShopClock.from(environment: ["JUICE_NOW": text]) }
        }
        // Unset (or empty): the machine's clock.
        let before = Date()
        let system = try ShopClock.from(environment: ["JUICE_NOW": ""])
        #expect(system.now() >= before)
    }

    /// A store journals by the clock it is handed: a delivery's entry and its lot's day agree with the clock's.
    @Test(arguments: ["memory", "sqlite"])
    func storesJournalByTheirClock(kind: String) async throws {
        let instant = try #require(ShopClock.instant(ofJournalTime: "2026-12-01T21:15:00Z"))
        let clock = ShopClock.fixed(at: instant, timeZone: try #require(Self.seoul))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("clock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store: any ShopStore =
            kind == "memory" ? MemoryStore(clock: clock) : SQLiteStore(path: directory.appendingPathComponent("state.sqlite").path, clock: clock)
        let shop = Shop(book: TestBook.standard, store: store)
        _ = try await shop.receive([DeliveryLine(fruit: "banana", quantity: 2)], received: clock.today, command: "test")
        let entry = try #require(try await store.history(limit: 1).first)
        #expect(entry.time == "2026-12-01T21:15:00Z")
        #expect(clock.moment(ofJournalTime: entry.time)?.date == clock.today)
        #expect(try await shop.shelf(today: clock.today).lots.first?.received == "2026-12-01T21:15:00Z")
        await store.close()
    }
}
