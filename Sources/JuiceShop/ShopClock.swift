import Foundation
import JuiceCore

/// The shop's clock: what time it is, and what that is in the shop's time zone. The shop, the server and every command
/// are handed one, so "today" is decided in one place; tests and golden transcripts set it (`fixed`, or
/// `JUICE_NOW` for the built `juice`) instead of scrubbing the date out of what they read.
public struct ShopClock: Sendable {
    /// The shop's time zone: the machine's (`TZ`) unless one is configured.
    public let timeZone: TimeZone
    private let reading: @Sendable () -> Date

    /// A clock that reads `reading` for the instant and places it in `timeZone`.
    public init(timeZone: TimeZone, reading: @escaping @Sendable () -> Date) {
        self.timeZone = timeZone
        self.reading = reading
    }

    /// The machine's clock, in `timeZone` (the machine's own by default).
    public static func system(timeZone: TimeZone = .current) -> ShopClock {
        ShopClock(timeZone: timeZone) { Date() }
    }

    /// A clock that always reads `instant`, in `timeZone`.
    public static func fixed(at instant: Date, timeZone: TimeZone = .current) -> ShopClock {
        ShopClock(timeZone: timeZone) { instant }
    }

    /// The instant now.
    public func now() -> Date { reading() }

    /// Now as the stores write it in the journal: ISO 8601 in UTC (`2026-12-01T21:15:15Z`).
    public func journalTime() -> String { now().formatted(.iso8601) }

    /// Now, as the shop reads it.
    public var moment: ShopMoment { moment(at: now()) }

    /// The shop's local date now.
    public var today: CivilDate { moment.date }

    /// `instant` in the shop's time zone. Total: every instant has a local date and minute.
    public func moment(at instant: Date) -> ShopMoment {
        let offset = timeZone.secondsFromGMT(for: instant)
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down)) + offset
        let (days, second) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let (day, secondOfDay) = second < 0 ? (days - 1, second + 86_400) : (days, second)
        return ShopMoment(date: CivilDate(dayNumber: day), minuteOfDay: secondOfDay / 60)
    }

    /// The instant a journal time (ISO 8601 in UTC, as the stores write it, ending in `Z`) names, or nil when it is not
    /// one.
    public static func instant(ofJournalTime text: String) -> Date? {
        guard text.hasSuffix("Z"), let utc = SaleTime(parsing: text) else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(utc.date.dayNumber * 86_400 + utc.secondOfDay))
    }

    /// A journal time (ISO 8601 in UTC) as the shop reads it, or nil when it is not one.
    public func moment(ofJournalTime text: String) -> ShopMoment? {
        Self.instant(ofJournalTime: text).map { moment(at: $0) }
    }
}

extension ShopClock {
    /// The variable that sets the clock of the built `juice` (tests and golden transcripts): an instant written
    /// ISO 8601 with its offset (`2026-12-02T06:15:00+09:00`, or `…Z`).
    public static let environmentVariable = "JUICE_NOW"

    /// Why `JUICE_NOW` could not set the clock.
    public enum SettingError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The value is not an ISO 8601 instant with an offset.
        case notAnInstant(String)

        /// What was wrong and how to write it.
        public var description: String {
            switch self {
            case .notAnInstant(let text):
                return "\(ShopClock.environmentVariable)='\(text)' is not an instant; write it with its offset, for example 2026-12-02T06:15:00+09:00"
            }
        }
    }

    /// The clock `environment` asks for: fixed at `JUICE_NOW` when it is set, else the machine's; in the machine's
    /// time zone either way.
    public static func from(environment: [String: String], timeZone: TimeZone = .current) throws(SettingError) -> ShopClock {
        guard let text = environment[environmentVariable], !text.isEmpty else { return .system(timeZone: timeZone) }
        guard let instant = instant(parsing: text) else { throw .notAnInstant(text) }
        return .fixed(at: instant, timeZone: timeZone)
    }

    /// `YYYY-MM-DDTHH:MM[:SS]` followed by `Z` or `±HH:MM`, as an instant; nil without an offset (a local time
    /// alone names no instant).
    static func instant(parsing text: String) -> Date? {
        guard let local = SaleTime(parsing: text) else { return nil }
        let seconds = local.date.dayNumber * 86_400 + local.secondOfDay
        if text.hasSuffix("Z") { return Date(timeIntervalSince1970: TimeInterval(seconds)) }
        let bytes = Array(text.utf8)
        guard bytes.count >= 6 else { return nil }
        let sign = bytes[bytes.count - 6]
        guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), bytes[bytes.count - 3] == UInt8(ascii: ":"),
            let hours = Int(String(decoding: bytes[(bytes.count - 5)..<(bytes.count - 3)], as: UTF8.self)),
            let minutes = Int(String(decoding: bytes[(bytes.count - 2)...], as: UTF8.self))
        else { return nil }
        let offset = (hours * 3600 + minutes * 60) * (sign == UInt8(ascii: "+") ? 1 : -1)
        return Date(timeIntervalSince1970: TimeInterval(seconds - offset))
    }
}
