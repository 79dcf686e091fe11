import JuiceCore

extension Language {
    /// The language named by the environment: Korean when `LC_ALL`, `LC_MESSAGES` or `LANG` starts with `ko`, else English.
    public static func from(environment: [String: String]) -> Language {
        for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[key], !value.isEmpty { return value.hasPrefix("ko") ? .korean : .english }
        }
        return .english
    }
}

/// The shop's messages in Korean (the original app's) or English.
public struct ShopText: Sendable {
    /// The language messages are in.
    public let language: Language
    /// The book names come from.
    public let book: RecipeBook

    /// Messages in `language` naming things from `book`.
    public init(language: Language, book: RecipeBook) {
        self.language = language
        self.book = book
    }

    /// A juice's display name.
    public func name(of juice: JuiceID) -> String { book.displayName(of: juice, in: language) }

    /// A fruit's display name, with its emoji where it has one.
    public func label(of fruit: FruitID) -> String { book.displayLabel(of: fruit, in: language) }

    /// "딸바쥬스 나왔습니다! 맛있게 드세요!" / "Strawberry-Banana Juice is ready! Enjoy!"
    public func served(_ juice: JuiceID, count: Int) -> String {
        let name = name(of: juice)
        switch (language, count) {
        case (.korean, 1): return "\(name) 나왔습니다! 맛있게 드세요!"
        case (.korean, _): return "\(name) \(count)잔 나왔습니다! 맛있게 드세요!"
        case (.english, 1): return "\(name) is ready! Enjoy!"
        case (.english, _): return "\(count) × \(name) are ready! Enjoy!"
        }
    }

    /// The original app's refusal: "재료가 모자라요. 재고를 수정할까요?"
    public var notEnough: String {
        language == .korean ? "재료가 모자라요. 재고를 수정할까요?" : "Not enough ingredients. Edit the stock?"
    }

    /// One line per short fruit: what is needed, in stock, and short.
    public func shortageLines(_ shortages: [Shortage]) -> [String] {
        shortages.map { shortage in
            language == .korean
                ? "  \(label(of: shortage.fruit)): \(shortage.needed)개 필요, 재고 \(shortage.inStock)개, \(shortage.short)개 부족"
                : "  \(label(of: shortage.fruit)): need \(shortage.needed), have \(shortage.inStock), short \(shortage.short)"
        }
    }

    /// The yes/no prompt after a refusal.
    public var yesNoPrompt: String { language == .korean ? "[예/아니오] " : "[yes/no] " }

    /// Whether `answer` means yes (예, 네, y, yes).
    public func isYes(_ answer: String) -> Bool {
        ["예", "네", "y", "yes", "ㅇ"].contains(answer.trimmingCharactersInWhitespace().lowercased())
    }

    /// Column headings and words used by tables.
    public func word(_ english: String) -> String {
        guard language == .korean else { return english }
        return [
            "fruit": "과일", "stock": "재고", "capacity": "최대", "juice": "쥬스", "recipe": "레시피", "can make": "가능",
            "limited by": "부족한 재료", "more": "더 필요", "no longer in the recipes; stock kept": "레시피에 없음; 재고 유지",
        ][english] ?? english
    }
}

extension String {
    /// The string without leading and trailing whitespace.
    func trimmingCharactersInWhitespace() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
