import JuiceCore
import Testing

/// An order's deadline: a day, or a day and the supplier's cut-off, read and written as people write them.
@Suite struct OrderDeadlineTests {
    @Test(
        "a day, or a day at a minute, reads back as it is written",
        arguments: ["2026-12-02", "2026-12-02T14:00", "2026-12-02T00:00", "2026-12-02T23:59"])
    func roundTrip(text: String) throws {
        let deadline = try #require(OrderDeadline(parsing: text))
        #expect(deadline.description == text)
        #expect(deadline.date == CivilDate(year: 2026, month: 12, day: 2))
    }

    @Test("the cut-off is the minute of the day")
    func cutOff() throws {
        #expect(OrderDeadline(parsing: "2026-12-02T14:05")?.minuteOfDay == 14 * 60 + 5)
        #expect(try #require(OrderDeadline(parsing: "2026-12-02")).minuteOfDay == nil)
    }

    @Test(
        "what is no deadline is refused",
        arguments: [
            "", "2026-02-30", "2026-12-02T24:00", "2026-12-02T14:60", "2026-12-02T1400", "2026-12-02T14:0", "2026-12-02 14:00",
            "2026-12-02T14:00:00", "2026-12-02T+4:00", "next week", "2026-12-02T",
        ])
    func refused(text: String) {
        #expect(OrderDeadline(parsing: text) == nil)
    }
}
