import JuiceCore

/// The words of simulation and plan reports and charts, in English or Korean.
struct ReportText: Sendable {
    /// Whether the words are Korean.
    let korean: Bool

    init(_ language: Language) {
        korean = language == .korean
    }

    /// "1 order", "2 orders" (Korean: "주문 2건").
    func orders(_ count: Int) -> String {
        korean ? "주문 \(count)건" : "\(count) order\(count == 1 ? "" : "s")"
    }

    /// The report's first line: how many orders, served and refused; says so when there were none.
    func headline(orders count: Int, served: Int, source: String?) -> String {
        if count == 0 {
            if let source { return korean ? "주문 없음: \(source)에 주문이 없어요" : "no orders: \(source) holds none" }
            return korean ? "주문 없음" : "no orders"
        }
        return korean ? "\(orders(count)): \(served)건 완료, \(count - served)건 거절" : "\(orders(count)): \(served) served, \(count - served) refused"
    }

    var juiceColumns: [String] { korean ? ["쥬스", "만듦", "거절", "거절된 주문"] : ["juice", "served", "refused", "orders refused"] }
    var revenue: String { korean ? "매출" : "revenue" }
    var fruitColumns: [String] {
        korean
            ? ["과일", "시작", "사용", "끝", "바닥난 주문", "처음 모자란 주문", "모자라 거절", "채움", "살 양"]
            : ["fruit", "start", "used", "end", "emptied at", "first short at", "refused for", "refills", "to buy"]
    }
    var never: String { korean ? "없음" : "never" }
    var atStart: String { korean ? "시작" : "start" }

    // MARK: Plan

    func planEmpty(_ source: String) -> String {
        korean ? "계획할 것이 없어요: \(source)에 주문이 없어요.\n" : "nothing to plan: \(source) holds no orders.\n"
    }

    func planYes(orders count: Int) -> String {
        if korean { return "네: 지금 재고로 \(orders(count))을 모두 만들 수 있어요.\n" }
        return count == 1 ? "yes: today's stock serves the 1 order.\n" : "yes: today's stock serves all \(count) orders.\n"
    }

    func planNo(refused: Int, orders count: Int) -> String {
        korean
            ? "아니오: \(orders(count)) 중 \(refused)건을 만들 수 없어요. 사야 할 과일:\n"
            : "no: \(refused) of \(orders(count)) cannot be served. Buy:\n"
    }

    var planFailing: String { korean ? "사지 않으면 실패하는 주문:\n" : "Without it, these orders fail:\n" }

    func planMore(_ count: Int) -> String { korean ? "  … 외 \(count)건\n" : "  … and \(count) more\n" }

    // MARK: Chart

    func chartTitle(orders count: Int) -> String { korean ? "\(orders(count)) 동안의 재고" : "Stock across \(orders(count))" }
    var chartOrderAxis: String { korean ? "주문 번호" : "order number" }
    var chartStockAxis: String { korean ? "재고" : "stock" }
    var chartBandNote: String { korean ? "띠: 구간별 최저–최고 재고" : "bands: lowest to highest stock in each stretch" }
}
