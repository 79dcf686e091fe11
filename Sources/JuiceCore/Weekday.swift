/// A day of the week, as recipe files name it (`mon` … `sun`): a shop's closing days (`calendar: closed:`) and a
/// supplier's order days (`suppliers: … order-days:`).
public enum Weekday: Int, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible, Codable {
    case monday = 0, tuesday, wednesday, thursday, friday, saturday, sunday

    /// The day `date` falls on.
    public init(_ date: CivilDate) {
        // `CivilDate.weekday` is 0 for Monday … 6 for Sunday, as the raw values.
        self = Weekday(rawValue: date.weekday) ?? .monday
    }

    /// The day a recipe file names: `mon` … `sun` (as written there: lowercase, three letters); nil for anything else.
    public init?(fileName: String) {
        guard let index = Weekday.fileNames.firstIndex(of: fileName), let day = Weekday(rawValue: index) else { return nil }
        self = day
    }

    /// The names recipe files use, Monday first.
    public static let fileNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    /// The name recipe files use: `mon` … `sun`.
    public var fileName: String { Weekday.fileNames[rawValue] }

    /// The name recipe files use.
    public var description: String { fileName }

    /// Decodes the day from its file name (`mon` … `sun`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let day = Weekday(fileName: name) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected mon … sun, got '\(name)'")
        }
        self = day
    }

    /// Encodes the day as its file name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(fileName)
    }

    /// Monday first.
    public static func < (left: Weekday, right: Weekday) -> Bool { left.rawValue < right.rawValue }

    /// The day's name in `language`: 월요일 …, Monday ….
    public func name(in language: Language) -> String {
        language == .korean
            ? ["월요일", "화요일", "수요일", "목요일", "금요일", "토요일", "일요일"][rawValue]
            : ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][rawValue]
    }
}
