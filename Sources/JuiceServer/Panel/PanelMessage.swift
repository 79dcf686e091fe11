import JuiceCore

/// What the staff panel's routes say in their bodies (not errors), in Korean or English.
enum PanelMessage: Sendable, Hashable {
    /// No sales are recorded yet, so there is nothing to plan from.
    case noSalesYet
    /// The plan is still being made.
    case planning

    /// The message in `language`.
    func text(in language: Language) -> String {
        switch self {
        case .noSalesYet:
            return language == .korean
                ? "아직 판매 기록이 없어서 계획이 없어요. 주문이 들어오면 내일 살 것을 알려 드려요"
                : "No sales recorded yet, so there is no plan. Once orders come in, this lists what to buy for tomorrow"
        case .planning:
            return language == .korean ? "계획을 세우고 있어요. 잠시 뒤에 다시 보여 드려요" : "Planning… the list follows in a moment"
        }
    }
}
