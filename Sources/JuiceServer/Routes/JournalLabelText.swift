import JuiceCore
import JuiceShop

/// The staff page's words for journal entries and waste reasons, in Korean or English: the server says them, so the
/// page does not keep its own copy of the journal's kinds and reasons (`GET /api/history`'s `label` and
/// `reasonLabel`, `GET /api/lots`'s `reasons`).
enum JournalLabelText {
    /// What `entry` did, as the staff panel's journal lists it ("딸기쥬스 2잔 주문", "Undo of #4"), naming juices from
    /// `book` (by id when it no longer has them).
    static func label(of entry: JournalEntry, book: RecipeBook, in language: Language) -> String {
        switch entry.kind {
        case .order:
            let juice = entry.juice.map { book.displayName(of: $0, in: language) } ?? ""
            let count = entry.count ?? 1
            switch language {
            case .korean: return "\(juice) \(count)잔 주문"
            case .english: return "\(count) × \(juice) ordered"
            }
        case .undo:
            let undoes = entry.undoes.map(String.init) ?? "?"
            switch language {
            case .korean: return "#\(undoes) 되돌리기"
            case .english: return "Undo of #\(undoes)"
            }
        default:
            return word(for: entry.kind, in: language)
        }
    }

    /// A kind of change in words ("재고 추가", "Stock added"); an order's and an undo's words are the entry's own
    /// (`label(of:book:in:)`).
    static func word(for kind: JournalKind, in language: Language) -> String {
        switch language {
        case .korean:
            switch kind {
            case .order: return "주문"
            case .add: return "재고 추가"
            case .remove: return "재고 빼기"
            case .set: return "재고 맞추기"
            case .reset: return "재고 초기화"
            case .undo: return "되돌리기"
            case .retire: return "메뉴에서 빠진 과일 정리"
            case .delivery: return "입고"
            case .waste: return "폐기"
            case .count: return "재고 조사"
            }
        case .english:
            switch kind {
            case .order: return "Order"
            case .add: return "Stock added"
            case .remove: return "Stock removed"
            case .set: return "Stock set"
            case .reset: return "Stock reset"
            case .undo: return "Undo"
            case .retire: return "Retired fruit cleared"
            case .delivery: return "Delivery received"
            case .waste: return "Waste"
            case .count: return "Stock count"
            }
        }
    }

    /// A waste reason as the page's choices name it: the shop's own word in Korean (`ShopText.word(for:)`: "상함"),
    /// the reason capitalised in English ("Spoiled").
    static func label(of reason: WasteReason, book: RecipeBook, in language: Language) -> String {
        switch language {
        case .korean: return ShopText(language: language, book: book).word(for: reason)
        case .english: return reason.rawValue.prefix(1).uppercased() + reason.rawValue.dropFirst()
        }
    }
}
