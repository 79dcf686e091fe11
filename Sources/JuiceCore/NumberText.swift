/// Numbers as the shop writes them for people, the same in both languages.
public enum NumberText {
    /// `value` with commas between thousands: 100,000,000.
    public static func grouped(_ value: Int) -> String {
        let digits = Array(String(value.magnitude))
        let groups = stride(from: digits.count, to: 0, by: -3).reversed().map { end in String(digits[max(0, end - 3)..<end]) }
        return (value < 0 ? "-" : "") + groups.joined(separator: ",")
    }
}

/// Money as the shop writes it for people: won with commas between thousands, in each language's one style (Korean
/// `7,056,000원`, English `₩7,056,000`; below zero with a minus sign, `−1,700원`, `−₩1,700`). Every amount a person
/// reads goes through here.
public enum MoneyText {
    /// `won` in `language`'s style.
    public static func won(_ won: Int, in language: Language) -> String {
        let sign = won < 0 ? "−" : ""
        let grouped = NumberText.grouped(won)
        let digits = won < 0 ? String(grouped.dropFirst()) : grouped
        switch language {
        case .korean: return sign + digits + "원"
        case .english: return sign + "₩" + digits
        }
    }

    /// `won`, rounded to the nearest won, in `language`'s style (a dash for what no whole number of won holds).
    public static func won(_ won: Double, in language: Language) -> String {
        guard let whole = Int(exactly: won.rounded()) else { return "–" }
        return Self.won(whole, in: language)
    }
}
