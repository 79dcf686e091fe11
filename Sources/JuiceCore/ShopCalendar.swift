/// The shop's calendar as the recipe files declare it (`calendar:`): the weekdays it is closed, dated closures and
/// holidays, and dated events with the factor by which they are expected to change demand.
public struct ShopCalendar: Hashable, Sendable {
    /// A dated event: demand that day is expected to be `factor` times a usual day's.
    public struct Event: Hashable, Sendable {
        /// The day.
        public var date: CivilDate
        /// How many times a usual day's demand is expected (more than 0).
        public var factor: Double
        /// What it is (어린이날), if said.
        public var note: String?

        /// An event.
        public init(date: CivilDate, factor: Double, note: String? = nil) {
            self.date = date
            self.factor = factor
            self.note = note
        }
    }

    /// The days of the week the shop is closed.
    public var closedWeekdays: Set<Weekday>
    /// The dates it is closed (holidays, closures).
    public var closedDates: Set<CivilDate>
    /// The events, by date.
    public var events: [CivilDate: Event]

    /// A calendar; the default is always open, with no events.
    public init(closedWeekdays: Set<Weekday> = [], closedDates: Set<CivilDate> = [], events: [Event] = []) {
        self.closedWeekdays = closedWeekdays
        self.closedDates = closedDates
        self.events = Dictionary(events.map { ($0.date, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Whether the calendar says anything at all.
    public var isEmpty: Bool { closedWeekdays.isEmpty && closedDates.isEmpty && events.isEmpty }

    /// Whether the shop is closed on `date`.
    public func isClosed(_ date: CivilDate) -> Bool {
        closedDates.contains(date) || closedWeekdays.contains(Weekday(date))
    }

    /// Whether each of the `count` days from `first` is closed; empty when the calendar closes no day at all (so that
    /// a series read through an empty calendar costs nothing).
    public func closedFlags(from first: CivilDate, count: Int) -> [Bool] {
        guard !closedWeekdays.isEmpty || !closedDates.isEmpty else { return [] }
        return (0..<max(0, count)).map { isClosed(first.adding(days: $0)) }
    }

    /// The days from `first` on, `count` of them, that the calendar closes, and those with an event (date order).
    public func days(from first: CivilDate, count: Int) -> (closed: [CivilDate], events: [Event]) {
        let dates = (0..<max(0, count)).map { first.adding(days: $0) }
        return (dates.filter(isClosed), dates.compactMap { isClosed($0) ? nil : events[$0] })
    }

    /// How many times a usual day's demand `date` is expected to see: its event's factor, else 1.
    public func factor(on date: CivilDate) -> Double {
        events[date]?.factor ?? 1
    }
}
