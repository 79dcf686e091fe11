import JuiceCore
import JuiceYAML

/// The `calendar` section for `RecipeFileReader`: closing days and dates, and events with their factors.
extension RecipeFileReader {
    /// `calendar: {closed: [sun, 2026-02-16], events: [{date: 2026-05-05, factor: 1.5, note: 어린이날}]}`.
    mutating func readCalendar(_ node: YAMLNodeID) {
        guard expectMapping(node, .calendar) else { return }
        var weekdays: [Located<Weekday>] = []
        var dates: [Located<CivilDate>] = []
        var events: [Located<ShopCalendar.Event>] = []
        for (key, value) in document.entries(of: node) {
            switch document.index(of: key, in: ["closed", "events"]) {
            case 0:
                guard document.kind(of: value) == .sequence else {
                    reportWrongType(value, field: .closedDay, expected: .list)
                    continue
                }
                for item in document.items(of: value) {
                    switch readDayOrDate(item) {
                    case .weekday(let day)?: weekdays.append(located(day, at: item))
                    case .date(let date)?: dates.append(located(date, at: item))
                    case nil: break
                    }
                }
            case 1:
                guard document.kind(of: value) == .sequence else {
                    reportWrongType(value, field: .eventDate, expected: .list)
                    continue
                }
                for item in document.items(of: value) {
                    if let event = readEvent(item) { events.append(located(event, at: item)) }
                }
            default:
                reportUnknownKey(key, in: .calendar)
            }
        }
        appendCalendar(weekdays: weekdays, dates: dates, events: events)
    }

    /// A day of the week or a date.
    private enum DayOrDate {
        case weekday(Weekday)
        case date(CivilDate)
    }

    /// `sun` or `2026-02-16`; an unknown day is reported with the day it probably means, text that starts with a
    /// digit but is no date as the wrong type.
    private mutating func readDayOrDate(_ node: YAMLNodeID) -> DayOrDate? {
        guard let text = readText(node, field: .closedDay) else { return nil }
        if let day = Weekday(fileName: text) { return .weekday(day) }
        if let date = CivilDate(parsing: text) { return .date(date) }
        if text.first?.isNumber == true {
            report(.wrongType, .wrongType(.closedDay, expected: .dayOrDate, found: document.found(node)), at: node)
            return nil
        }
        reportUnknownWeekday(text, at: node)
        return nil
    }

    /// An event: `date` and `factor` required, `note` optional.
    private mutating func readEvent(_ node: YAMLNodeID) -> ShopCalendar.Event? {
        guard expectMapping(node, .event) else { return nil }
        var date: CivilDate?
        var factor: Double?
        var note: String?
        var sawDate = false
        var sawFactor = false
        for (key, value) in document.entries(of: node) {
            switch document.index(of: key, in: ["date", "factor", "note"]) {
            case 0:
                sawDate = true
                guard let text = readText(value, field: .eventDate) else { continue }
                date = CivilDate(parsing: text)
                if date == nil { report(.wrongType, .wrongType(.eventDate, expected: .date, found: document.found(value)), at: value) }
            case 1:
                sawFactor = true
                factor = readFactor(value, field: .eventFactor(date: date?.description ?? "?"))
            case 2:
                note = readText(value, field: .eventNote(date: date?.description ?? "?"))
            default:
                reportUnknownKey(key, in: .event)
            }
        }
        if !sawDate { report(.missingField, .missingKey("date", in: .event), at: node, fix: .addKey("date", example: "date: 2026-05-05")) }
        if !sawFactor { report(.missingField, .missingKey("factor", in: .event), at: node, fix: .addKey("factor", example: "factor: 1.5")) }
        guard let date, let factor else { return nil }
        return ShopCalendar.Event(date: date, factor: factor, note: note)
    }

    /// A number above 0 and at most 100 (whole or not).
    private mutating func readFactor(_ node: YAMLNodeID, field: RecipeField) -> Double? {
        guard document.kind(of: node) == .scalar else {
            reportWrongType(node, field: field, expected: .positiveNumber)
            return nil
        }
        let value: Double
        switch document.coreValue(of: node) {
        case .int(let whole): value = Double(whole)
        case .float(let number): value = number
        default:
            reportWrongType(node, field: field, expected: .positiveNumber)
            return nil
        }
        guard value.isFinite, value > 0 else {
            report(.invalidQuantity, .notAboveZero(field, written: document.string(node)), at: node)
            return nil
        }
        guard value <= 100 else {
            report(.invalidQuantity, .aboveMaximum(field, value: Int(value.rounded(.down)), maximum: 100), at: node)
            return nil
        }
        return value
    }
}
