import JuiceCore
import JuiceRecipes
import Testing

/// The `calendar` section: closing days, dated closures and events, read into the book; each mistake where written.
@Suite("The shop's calendar")
struct CalendarTests {
    static func menu(_ calendar: String) -> String {
        """
        version: 1
        fruits:
          kiwi:
            name: {ko: 키위, en: Kiwi}
        juices:
          kiwi-juice:
            name: {ko: 키위쥬스, en: Kiwi Juice}
            recipe: {kiwi: 3}
        store:
          stock: {kiwi: 10}
        calendar:
        \(calendar)
        """
    }

    static func found(_ result: RecipeLoadResult) -> [String] {
        result.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.rule.rawValue)" }
    }

    @Test("closing weekdays, dates and events are read into the book")
    func read() throws {
        let result = TestSupport.load(
            Self.menu(
                "  closed: [sun, 2026-02-16, 2026-02-17]\n  events:\n    - {date: 2026-05-05, factor: 1.5, note: 어린이날}\n    - date: 2026-12-24\n      factor: 2\n"
            ))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
        let calendar = result.book.calendar
        #expect(calendar.closedWeekdays == [.sunday])
        let closed = try #require(CivilDate(year: 2026, month: 2, day: 16))
        #expect(calendar.closedDates == [closed, closed.adding(days: 1)])
        let sunday = try #require(CivilDate(year: 2026, month: 11, day: 29))
        #expect(calendar.isClosed(closed) && calendar.isClosed(sunday), "a Sunday")
        #expect(!calendar.isClosed(sunday.adding(days: -1)))
        let childrensDay = try #require(CivilDate(year: 2026, month: 5, day: 5))
        #expect(calendar.factor(on: childrensDay) == 1.5 && calendar.events[childrensDay]?.note == "어린이날")
        let christmasEve = try #require(CivilDate(year: 2026, month: 12, day: 24))
        #expect(calendar.factor(on: christmasEve) == 2)
        #expect(calendar.factor(on: childrensDay.adding(days: 1)) == 1)
        #expect(TestSupport.load(Self.menu("  closed: []\n")).book.calendar.isEmpty)
    }

    @Test("each mistake is found where it was written")
    func mistakes() {
        let day = TestSupport.load(Self.menu("  closed: [Sunday, 2026-02-30, 2026-13-01]\n"))
        #expect(Self.found(day) == ["12:12 unknown-weekday", "12:20 wrong-type", "12:32 wrong-type"])
        #expect(day.diagnostics.first?.fix == "replace 'Sunday' with 'sun'")
        #expect(day.diagnostics[1].message == "expected a day such as sun or a date such as 2026-02-16 for the closed day, got '2026-02-30'")
        let factor = TestSupport.load(
            Self.menu("  events: [{date: 2026-05-05, factor: 0}, {date: 2026-05-06, factor: -1.5}, {date: 2026-05-07, factor: 1000}]\n"))
        #expect(Self.found(factor) == ["12:39 invalid-quantity", "12:70 invalid-quantity", "12:104 invalid-quantity"])
        #expect(
            factor.diagnostics.first?.message
                == "the factor of the event on 2026-05-05 is 0; it must be above 0 (1 is a usual day, 1.5 half again as busy)")
        let missing = TestSupport.load(Self.menu("  events: [{date: 2026-05-05}, {factor: 2}]\n"))
        #expect(Self.found(missing) == ["12:12 missing-field", "12:32 missing-field"])
        let twice = TestSupport.load(Self.menu("  events: [{date: 2026-05-05, factor: 1.5}, {date: 2026-05-05, factor: 2}]\n"))
        #expect(Self.found(twice) == ["12:45 duplicate-id"])
        #expect(twice.book.calendar.factor(on: CivilDate(year: 2026, month: 5, day: 5) ?? CivilDate(dayNumber: 0)) == 1.5, "the first stands")
        let closedEvent = TestSupport.load(Self.menu("  closed: [tue]\n  events: [{date: 2026-05-05, factor: 1.5, note: 어린이날}]\n"))
        #expect(Self.found(closedEvent) == ["13:12 event-on-closed-day"])
        #expect(closedEvent.diagnostics.first?.severity == .warning)
        let closedTwice = TestSupport.load(Self.menu("  closed: [sun, 2026-02-16, sun, 2026-02-16]\n"))
        #expect(Self.found(closedTwice) == ["12:29 closed-twice", "12:34 closed-twice"])
        #expect(closedTwice.diagnostics.allSatisfy { $0.severity == .warning })
        #expect(closedTwice.diagnostics.map { $0.notes.first?.location.column } == [12, 17], "the notes point at the first")
        #expect(closedTwice.diagnostics.first?.message == "'sun' is closed twice in 'calendar'; was another day meant?")
        #expect(closedTwice.book.calendar.closedWeekdays == [.sunday] && closedTwice.book.calendar.closedDates.count == 1)
        let unknown = TestSupport.load(Self.menu("  holidays: [2026-05-05]\n"))
        #expect(unknown.diagnostics.first?.message == "unknown key 'holidays' in 'calendar'; expected one of 'closed', 'events'")
    }

    @Test("two files' calendars are one: closing days together, an event's date once")
    func acrossFiles() throws {
        let result = RecipeLoader().load(files: [
            RecipeSourceFile(name: "a.yaml", text: Self.menu("  closed: [sun]\n  events: [{date: 2026-05-05, factor: 1.5}]\n")),
            RecipeSourceFile(name: "b.yaml", text: "version: 1\ncalendar:\n  closed: [mon, 2026-01-01]\n  events: [{date: 2026-05-05, factor: 3}]\n"),
        ])
        #expect(result.diagnostics.map { "\($0.location.file):\($0.location.line) \($0.rule.rawValue)" } == ["b.yaml:4 duplicate-id"])
        #expect(result.book.calendar.closedWeekdays == [.sunday, .monday])
        let newYear = try #require(CivilDate(year: 2026, month: 1, day: 1))
        #expect(result.book.calendar.closedDates == [newYear])
    }
}
