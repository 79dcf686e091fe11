import JuiceCore
import Testing

@Suite struct WeekdayTests {
    @Test("recipe files name days mon … sun; a date falls on its day")
    func namesAndDates() throws {
        #expect(Weekday.allCases.map(\.fileName) == ["mon", "tue", "wed", "thu", "fri", "sat", "sun"])
        #expect(Weekday.allCases.allSatisfy { Weekday(fileName: $0.fileName) == $0 })
        #expect(Weekday(fileName: "Mon") == nil && Weekday(fileName: "monday") == nil && Weekday(fileName: "") == nil)
        let saturday = try #require(CivilDate(year: 2026, month: 11, day: 28))
        #expect(Weekday(saturday) == .saturday)
        #expect(Weekday(saturday.adding(days: 2)) == .monday)
        #expect(Weekday.sunday.name(in: .korean) == "일요일" && Weekday.sunday.name(in: .english) == "Sunday")
        #expect(Weekday.monday < .sunday)
    }
}
