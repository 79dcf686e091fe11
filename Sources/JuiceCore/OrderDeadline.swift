/// The last moment to place an order: a day of the shop's calendar and, when the supplier has a cut-off, the minute of
/// that day after which the order no longer counts. Written `YYYY-MM-DD`, or `YYYY-MM-DDTHH:MM` with a cut-off.
public struct OrderDeadline: Hashable, Sendable, CustomStringConvertible {
    /// The day.
    public var date: CivilDate
    /// The cut-off, minutes after local midnight (0 ..< 1,440), if there is one.
    public var minuteOfDay: Int?

    /// The end of `date`, or its minute `minuteOfDay` when given.
    public init(date: CivilDate, minuteOfDay: Int? = nil) {
        self.date = date
        self.minuteOfDay = minuteOfDay
    }

    /// The deadline written `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM` (two digits each, 00:00 to 23:59), or nil.
    public init?(parsing text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard let (date, end) = CivilDate.parse(bytes[...]) else { return nil }
        if end == bytes.count {
            self.init(date: date)
            return
        }
        guard bytes.count == end + 6, bytes[end] == UInt8(ascii: "T"), bytes[end + 3] == UInt8(ascii: ":"),
            let hour = CivilDate.digits(bytes[(end + 1)..<(end + 3)]), let minute = CivilDate.digits(bytes[(end + 4)..<(end + 6)]),
            hour < 24, minute < 60
        else { return nil }
        self.init(date: date, minuteOfDay: hour * 60 + minute)
    }

    /// `YYYY-MM-DD`, or `YYYY-MM-DDTHH:MM` with a cut-off.
    public var description: String {
        guard let minuteOfDay else { return date.description }
        return ShopMoment(date: date, minuteOfDay: minuteOfDay).description
    }
}
