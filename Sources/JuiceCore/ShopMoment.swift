/// A moment as the shop reads it: its local date and the minute of that day.
public struct ShopMoment: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The shop's local date.
    public var date: CivilDate
    /// Minutes since local midnight (0 ..< 1,440).
    public var minuteOfDay: Int

    /// The moment `minuteOfDay` minutes after midnight on `date`.
    public init(date: CivilDate, minuteOfDay: Int) {
        self.date = date
        self.minuteOfDay = minuteOfDay
    }

    /// `YYYY-MM-DDTHH:MM`.
    public var description: String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(date)T\(two(minuteOfDay / 60)):\(two(minuteOfDay % 60))"
    }

    /// As people read it: `YYYY-MM-DD HH:MM`.
    public var displayed: String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(date) \(two(minuteOfDay / 60)):\(two(minuteOfDay % 60))"
    }

    /// Orders moments.
    public static func < (lhs: ShopMoment, rhs: ShopMoment) -> Bool {
        (lhs.date, lhs.minuteOfDay) < (rhs.date, rhs.minuteOfDay)
    }
}
