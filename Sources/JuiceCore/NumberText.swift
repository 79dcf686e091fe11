/// Numbers as the shop writes them for people, the same in both languages.
public enum NumberText {
    /// `value` with commas between thousands: 100,000,000.
    public static func grouped(_ value: Int) -> String {
        let digits = Array(String(value.magnitude))
        let groups = stride(from: digits.count, to: 0, by: -3).reversed().map { end in String(digits[max(0, end - 3)..<end]) }
        return (value < 0 ? "-" : "") + groups.joined(separator: ",")
    }
}
