import JuiceCore
import JuiceRecipes

/// The days of a forecast or a plan the shop's calendar speaks of: those it closes (forecast and planned nothing)
/// and those with an event (a usual day times the event's factor), as `juice forecast` and `juice plan` say them.
package struct CalendarDays: Sendable, Hashable {
    /// The days closed, in date order.
    package var closed: [CivilDate]
    /// The events on open days, in date order.
    package var events: [ShopCalendar.Event]
    /// The closed days right before the first (at most a week), in date order: a forecast or plan for the day after
    /// the history starts at the next day the shop opens instead.
    package var closedBefore: [CivilDate]
    /// The first day.
    package var first: CivilDate

    /// The days `count` days from `first` on, read through `calendar`.
    package init(_ calendar: ShopCalendar, from first: CivilDate, count: Int) {
        self.first = first
        (closed, events) = calendar.days(from: first, count: count)
        var before: [CivilDate] = []
        while before.count < 7, calendar.isClosed(first.adding(days: -1 - before.count)) { before.append(first.adding(days: -1 - before.count)) }
        closedBefore = before.reversed()
    }

    /// Whether the calendar says nothing of these days.
    package var isEmpty: Bool { closed.isEmpty && events.isEmpty && closedBefore.isEmpty }

    /// One line each for the closed days and the events (none when there are none), in `language`.
    package func text(in language: Language) -> String {
        let ko = language == .korean
        var out = ""
        if !closedBefore.isEmpty {
            let dates = closedBefore.map(\.description).joined(separator: ", ")
            out += ko ? "쉬는 날 (달력): \(dates). 다음 여는 날 \(first)부터예요\n" : "Closed (calendar): \(dates); from the next day the shop opens, \(first)\n"
        }
        if !closed.isEmpty {
            let dates = closed.map(\.description).joined(separator: ", ")
            out += ko ? "쉬는 날 (달력): \(dates). 그날은 수요를 0으로 봐요\n" : "Closed (calendar): \(dates); no demand is expected those days\n"
        }
        if !events.isEmpty {
            let list = events.map { event in
                "\(event.date) ×\(Self.factor(event.factor))" + (event.note.map { " (\($0))" } ?? "")
            }.joined(separator: ", ")
            out += ko ? "행사 (달력): \(list). 보통 날 수요에 배율을 곱했어요\n" : "Events (calendar): \(list); a usual day's demand times the factor\n"
        }
        return out
    }

    /// The JSON fields `closed` (dates) and `events` (`{date, factor, note}`), none when there is nothing to say.
    package var jsonFields: [(String, JSONValue)] {
        guard !isEmpty else { return [] }
        return [
            ("closedBefore", .array(closedBefore.map { .string($0.description) })),
            ("closed", .array(closed.map { .string($0.description) })),
            (
                "events",
                .array(
                    events.map { event in
                        .object([
                            ("date", .string(event.date.description)), ("factor", .double(event.factor)),
                            ("note", event.note.map(JSONValue.string) ?? .null),
                        ])
                    })
            ),
        ]
    }

    /// A factor as people write it: 1.5, 2.
    private static func factor(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? "\(Int(value))" : "\(value)"
    }
}
