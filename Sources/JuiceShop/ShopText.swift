import JuiceCore

/// Renders the shop's messages (`ShopMessage`) in Korean (the original app's) or English, naming fruits and juices by
/// their names in that language (fruits with their emoji), never by their ids, except fruits the book no longer has.
public struct ShopText: Sendable {
    /// The language messages are in.
    public let language: Language
    /// The book names come from.
    public let book: RecipeBook
    /// The shop's clock, whose time zone the times people read are shown in (nil: as the journal writes them).
    public let clock: ShopClock?

    /// Messages in `language` naming things from `book`; times in `clock`'s zone when given.
    public init(language: Language, book: RecipeBook, clock: ShopClock? = nil) {
        self.language = language
        self.book = book
        self.clock = clock
    }

    /// A journal time (ISO 8601 in UTC) as a person in the shop reads it: the shop's local date and time,
    /// `2026-12-02 06:15`. As written when there is no clock or it is not a journal time.
    public func time(_ journalTime: String) -> String {
        guard let moment = clock?.moment(ofJournalTime: journalTime) else { return journalTime }
        return moment.displayed
    }

    /// Whether messages are Korean.
    public var isKorean: Bool { language == .korean }

    /// A juice's display name.
    public func name(of juice: JuiceID) -> String { book.displayName(of: juice, in: language) }

    /// A fruit's display name, with its emoji where it has one (its id when the book no longer has it).
    public func label(of fruit: FruitID) -> String { book.displayLabel(of: fruit, in: language) }

    /// `message` in this text's language.
    public func callAsFunction(_ message: ShopMessage) -> String {
        message.rendered(by: self)
    }

    /// The shortages of `shortages` that no restocking can cure: more is needed than the store can hold.
    public func beyondCapacity(_ shortages: [Shortage]) -> [Shortage] {
        shortages.filter { $0.needed > book.store.capacity(of: $0.fruit) }
    }

    /// Whether `answer` means yes (예, 네, ㅇ, y, yes).
    public func isYes(_ answer: String) -> Bool {
        ["예", "네", "ㅇ", "y", "yes"].contains(answer.trimmingCharactersInWhitespace().lowercased())
    }

    /// Whether `answer` means no (아니오, 아니요, 아니, ㄴ, n, no).
    public func isNo(_ answer: String) -> Bool {
        ["아니오", "아니요", "아니", "ㄴ", "n", "no"].contains(answer.trimmingCharactersInWhitespace().lowercased())
    }

    /// A journal entry's kind in words.
    func word(for kind: JournalKind) -> String {
        guard isKorean else { return kind.rawValue }
        switch kind {
        case .order: return "주문"
        case .add: return "추가"
        case .remove: return "빼기"
        case .set: return "설정"
        case .reset: return "초기화"
        case .undo: return "되돌리기"
        case .retire: return "단종"
        case .delivery: return "입고"
        case .waste: return "폐기"
        case .count: return "재고 세기"
        }
    }

    /// A waste reason in words.
    public func word(for reason: WasteReason) -> String {
        guard isKorean else { return reason.rawValue }
        switch reason {
        case .spoiled: return "상함"
        case .expired: return "기한 지남"
        case .dropped: return "떨어뜨림"
        case .staff: return "직원 식사"
        case .other: return "기타"
        }
    }

    /// A fruit as commands take it: its id, with its name where the book has it ("'kiwi' (🥝 키위)").
    func quoted(_ fruit: FruitID) -> String {
        let label = label(of: fruit)
        return label == fruit.rawValue ? "'\(fruit)'" : "'\(fruit)' (\(label))"
    }

    /// Per-fruit changes, in the book's fruit order (fruits it no longer has last, by id): "🍓 딸기 -16, 🍌 바나나 -1".
    func deltas(_ deltas: [FruitID: Int]) -> String {
        let order = Dictionary(book.fruits.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        return deltas.sorted { (order[$0.key] ?? .max, $0.key) < (order[$1.key] ?? .max, $1.key) }
            .map { "\(label(of: $0.key)) \($0.value > 0 ? "+" : "")\($0.value)" }
            .joined(separator: ", ")
    }

    /// What a journal entry did, in words: "주문 🍓 딸기쥬스 ×1", "undo #4".
    func summary(_ entry: JournalEntry) -> String {
        var what = word(for: entry.kind)
        if let juice = entry.juice { what += " \(name(of: juice)) ×\(entry.count ?? 1)" }
        if let undoes = entry.undoes { what += " #\(undoes)" }
        return what
    }
}

extension String {
    /// The string without leading and trailing whitespace.
    func trimmingCharactersInWhitespace() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
