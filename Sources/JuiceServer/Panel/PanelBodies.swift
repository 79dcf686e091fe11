import JuiceCore
import JuicePlanning

/// `GET /api/sales/today`: the shop's sales of its local day, in total and per juice (menu order, juices with a sale
/// or a refusal only).
struct SalesTodayBody: Codable, Sendable, Hashable {
    /// The day, `YYYY-MM-DD`, in the shop's time zone.
    var day: String
    /// Units served.
    var served: Int
    /// Units refused for want of fruit.
    var refused: Int
    /// Revenue of the units served, in won (juices without a price count 0).
    var revenue: Int
    /// Whether any juice on the menu has a price (else revenue means nothing).
    var priced: Bool
    /// Each juice sold or refused today.
    var juices: [JuiceSalesBody]

    /// The figures of `report` (grouped by juice) for `day`, names from `book`.
    init(_ report: SalesReport, day: CivilDate, book: RecipeBook) {
        self.day = day.description
        served = report.total.served
        refused = report.total.refused
        revenue = report.total.revenue
        priced = book.juices.contains { $0.price != nil }
        let juices = Dictionary(book.juices.map { ($0.id.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
        self.juices = report.rows.compactMap { row in
            juices[row.key].map {
                JuiceSalesBody(juice: row.key, name: NameBody($0.name), served: row.served, refused: row.refused, revenue: row.revenue)
            }
        }
    }
}

/// One juice's sales of the day.
struct JuiceSalesBody: Codable, Sendable, Hashable {
    var juice: String
    var name: NameBody
    var served: Int
    var refused: Int
    var revenue: Int
}

/// `GET /api/plan`: the target and, once there are sales, the purchase list for the day after them; else a message
/// saying why there is no plan (yet).
struct PlanBody: Codable, Sendable, Hashable {
    /// Where the plan stands.
    enum Status: String, Codable, Sendable, Hashable {
        /// `plan` holds it.
        case planned
        /// No sales are recorded, so there is nothing to plan from.
        case noSales = "no-sales"
        /// It is still being made: ask again in a moment.
        case planning
    }

    /// The service level aimed for (`juice serve --service-level`).
    var target: Double
    /// The scenarios drawn.
    var scenarios: Int
    /// Where the plan stands.
    var status: Status
    /// The plan; absent unless `status` is `planned`.
    var plan: PlanDetailBody?
    /// Why there is no plan, in the request's language; absent when there is one.
    var message: String?
}

/// A purchase list and what it is expected to give.
struct PlanDetailBody: Codable, Sendable, Hashable {
    /// The day the stock is for (the day after the last day of sales), `YYYY-MM-DD`.
    var day: String
    /// The days of sales the forecasts used.
    var historyDays: Int
    /// The estimated chance that every order of the day is served, with its 95 % interval.
    var serviceLevel: EstimateBody
    /// The expected share of units asked for that are served.
    var fillRate: Double
    /// Whether the target can be reached within the store's capacities.
    var reachable: Bool
    /// Every fruit of the menu, in menu order.
    var fruits: [PlanFruitBody]

    /// `report`'s plan, names from `book`.
    init(_ report: StockPlanReport, book: RecipeBook) {
        day = report.firstDay.description
        historyDays = report.historyDays
        let estimate = report.plan.serviceLevel
        serviceLevel = EstimateBody(value: estimate.value, lower: estimate.lower, upper: estimate.upper)
        fillRate = report.plan.fillRate
        reachable = report.plan.reachable
        let fruits = Dictionary(book.fruits.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.fruits = report.plan.fruits.map { line in
            PlanFruitBody(
                fruit: line.fruit.rawValue, name: NameBody(fruits[line.fruit]?.name ?? LocalizedName()),
                emoji: fruits[line.fruit]?.emoji, onHand: line.onHand, level: line.level, toBuy: line.toBuy, capacity: line.capacity)
        }
    }
}

/// An estimate with its 95 % interval.
struct EstimateBody: Codable, Sendable, Hashable {
    var value: Double
    var lower: Double
    var upper: Double
}

/// One fruit's line of the purchase list.
struct PlanFruitBody: Codable, Sendable, Hashable {
    var fruit: String
    var name: NameBody
    var emoji: String?
    /// What the shop holds now.
    var onHand: Int
    /// What to hold at opening.
    var level: Int
    /// What to buy: max(0, level − onHand).
    var toBuy: Int
    /// The store's capacity.
    var capacity: Int
}
