/// A calendar date (proleptic Gregorian), counted as days since 1970-01-01 for arithmetic.
public struct CivilDate: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Days since 1970-01-01 (negative before).
    public var dayNumber: Int

    /// The date `dayNumber` days after 1970-01-01.
    public init(dayNumber: Int) { self.dayNumber = dayNumber }

    /// The date `year`-`month`-`day`, or nil when there is no such day (February 30th).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= Self.days(inMonth: month, of: year) else { return nil }
        // Days from civil (the well-known era computation: 400-year eras of 146,097 days).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        dayNumber = era * 146_097 + dayOfEra - 719_468
    }

    /// The year, month and day.
    public var components: (year: Int, month: Int, day: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shifted = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shifted + 2) / 5 + 1
        let month = shifted + (shifted < 10 ? 3 : -9)
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// 0 for Monday … 6 for Sunday (ISO order).
    public var weekday: Int { ((dayNumber % 7) + 7 + 3) % 7 }

    /// `YYYY-MM-DD`.
    public var description: String {
        let (year, month, day) = components
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))"
    }

    /// The date `days` later.
    public func adding(days: Int) -> CivilDate { CivilDate(dayNumber: dayNumber + days) }

    /// Orders dates.
    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool { lhs.dayNumber < rhs.dayNumber }

    package static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The date written `YYYY-MM-DD`, or nil.
    public init?(parsing text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, let value = Self.parse(bytes[...]) else { return nil }
        self = value.date
    }

    /// The date at the start of `bytes` (`YYYY-MM-DD`) and where it ends.
    package static func parse(_ bytes: ArraySlice<UInt8>) -> (date: CivilDate, end: Int)? {
        let start = bytes.startIndex
        guard bytes.count >= 10, bytes[start + 4] == UInt8(ascii: "-"), bytes[start + 7] == UInt8(ascii: "-"),
            let year = digits(bytes[start..<(start + 4)]), let month = digits(bytes[(start + 5)..<(start + 7)]),
            let day = digits(bytes[(start + 8)..<(start + 10)]), let date = CivilDate(year: year, month: month, day: day)
        else { return nil }
        return (date, start + 10)
    }

    package static func digits(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in bytes {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return bytes.isEmpty ? nil : value
    }
}

/// A date and time of day as a till writes it (ISO 8601, the shop's local time as written; an offset, if any, is
/// checked but not applied: a sale belongs to the day the shop saw).
package struct SaleTime: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The date.
    package var date: CivilDate
    /// Seconds since midnight.
    package var secondOfDay: Int

    /// A time on `date`, `secondOfDay` seconds after midnight.
    package init(date: CivilDate, secondOfDay: Int) {
        self.date = date
        self.secondOfDay = secondOfDay
    }

    /// `YYYY-MM-DDTHH:MM:SS`, or nil: `T` or a space between, seconds and fractions optional, then optionally `Z`
    /// or `±HH:MM`.
    package init?(parsing text: some StringProtocol) {
        self.init(bytes: Array(text.utf8)[...])
    }

    /// The time written in `bytes` (see `init(parsing:)`), read without making a string.
    package init?(bytes: ArraySlice<UInt8>) {
        guard let (date, _) = CivilDate.parse(bytes) else { return nil }
        self.init(bytes: bytes, date: date)
    }

    /// The time written in `bytes` whose first ten bytes are `date` (as `CivilDate.parse` reads them): the rest read
    /// as `init(bytes:)` reads it.
    package init?(bytes: ArraySlice<UInt8>, date: CivilDate) {
        let limit = bytes.endIndex
        let end = bytes.startIndex + 10
        guard end + 6 <= limit,
            bytes[end] == UInt8(ascii: "T") || bytes[end] == UInt8(ascii: " "),
            let hour = CivilDate.digits(bytes[(end + 1)..<(end + 3)]), bytes[end + 3] == UInt8(ascii: ":"),
            let minute = CivilDate.digits(bytes[(end + 4)..<(end + 6)]), hour < 24, minute < 60
        else { return nil }
        var index = end + 6
        var second = 0
        if index < limit, bytes[index] == UInt8(ascii: ":") {
            guard index + 3 <= limit, let value = CivilDate.digits(bytes[(index + 1)..<(index + 3)]), value < 61 else { return nil }
            second = min(value, 59)
            index += 3
            if index < limit, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ",") {
                index += 1
                let digitsStart = index
                while index < limit, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
                guard index > digitsStart else { return nil }
            }
        }
        if index < limit {
            let rest = bytes[index...]
            let isZone =
                rest.elementsEqual([UInt8(ascii: "Z")])
                || (rest.count == 6 && (rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-"))
                    && CivilDate.digits(rest[(index + 1)..<(index + 3)]).map { $0 <= 14 } == true && rest[index + 3] == UInt8(ascii: ":")
                    && CivilDate.digits(rest[(index + 4)..<(index + 6)]).map { $0 < 60 } == true)
            guard isZone else { return nil }
        }
        self.init(date: date, secondOfDay: hour * 3600 + minute * 60 + second)
    }

    /// `YYYY-MM-DDTHH:MM:SS`.
    package var description: String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(date)T\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))"
    }

    /// Orders times.
    package static func < (lhs: SaleTime, rhs: SaleTime) -> Bool {
        (lhs.date.dayNumber, lhs.secondOfDay) < (rhs.date.dayNumber, rhs.secondOfDay)
    }
}
