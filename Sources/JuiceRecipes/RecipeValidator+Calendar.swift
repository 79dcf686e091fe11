import JuiceCore
import JuiceYAML

/// The calendar across files: closing days and dates merged, an event given twice for a date, an event on a closed day.
extension RecipeValidator {
    /// The calendar every file's `calendar` declares together.
    mutating func mergeCalendar(_ files: [FileContents]) -> ShopCalendar {
        let weekdays = Set(files.flatMap(\.closedWeekdays).map(\.value))
        let dates = Set(files.flatMap(\.closedDates).map(\.value))
        reportClosedTwice(files.flatMap(\.closedWeekdays), name: \.fileName)
        reportClosedTwice(files.flatMap(\.closedDates), name: \.description)
        var seen: [CivilDate: SourceLocation] = [:]
        var events: [ShopCalendar.Event] = []
        for event in files.flatMap(\.events) {
            let date = event.value.date
            if let first = seen[date] {
                reportDuplicate(.event(date: date.description), at: event, first: first)
                continue
            }
            seen[date] = event.location
            events.append(event.value)
            if weekdays.contains(Weekday(date)) || dates.contains(date) {
                report(.eventOnClosedDay, .eventOnClosedDay(date: date.description), at: event, fix: .openOrMoveEvent)
            }
        }
        return ShopCalendar(closedWeekdays: weekdays, closedDates: dates, events: events)
    }

    /// Reports each day of `days` given again after its first, with a note at the first.
    private mutating func reportClosedTwice<Day: Hashable>(_ days: [Located<Day>], name: (Day) -> String) {
        var first: [Day: SourceLocation] = [:]
        for day in days {
            guard let earlier = first[day.value] else {
                first[day.value] = day.location
                continue
            }
            report(
                .closedTwice, .closedTwice(day: name(day.value)), at: day, notes: [DiagnosticNote(.firstDefinedHere, at: earlier)],
                fix: .removeOneDefinition)
        }
    }
}
