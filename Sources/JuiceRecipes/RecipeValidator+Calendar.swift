import JuiceCore
import JuiceYAML

/// The calendar across files: closing days and dates merged, an event given twice for a date, an event on a closed day.
extension RecipeValidator {
    /// The calendar every file's `calendar` declares together.
    mutating func mergeCalendar(_ files: [FileContents]) -> ShopCalendar {
        let weekdays = Set(files.flatMap(\.closedWeekdays).map(\.value))
        let dates = Set(files.flatMap(\.closedDates).map(\.value))
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
}
