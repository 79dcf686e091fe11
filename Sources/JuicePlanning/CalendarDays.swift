import JuiceCore
import JuiceRecipes

/// The days of a forecast or a plan the shop's calendar speaks of: those it closes (forecast and planned nothing)
/// and those with an event (a usual day times the event's factor), as `juice forecast` and `juice plan` say them.
package struct CalendarDays: Sendable, Hashable {
    /// The days closed, in date order.
    package var closed: [CivilDate]
    /// The events on open days, in date order.
    package var events: [ShopCalendar.Event]

    /// The days `count` days from `first` on, read through `calendar`.
    package init(_ calendar: ShopCalendar, from first: CivilDate, count: Int) {
        (closed, events) = calendar.days(from: first, count: count)
    }

    /// Whether the calendar says nothing of these days.
    package var isEmpty: Bool { closed.isEmpty && events.isEmpty }

    /// One line each for the closed days and the events (none when there are none), in `language`.
    package func text(in language: Language) -> String {
        let ko = language == .korean
        var out = ""
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
