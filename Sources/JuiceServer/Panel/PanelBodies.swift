import JuiceCore
import JuicePlanning
import JuiceShop

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
    /// Today's deliveries and waste, and the last count.
    var stockRoom: StockRoomBody

    /// The figures of `report` (grouped by juice) for `day`, names from `book`, and the day's `stockRoom`.
    init(_ report: SalesReport, day: CivilDate, book: RecipeBook, stockRoom: StockRoomDay) {
        self.stockRoom = StockRoomBody(stockRoom)
        self.day = day.description
        served = report.total.served
        refused = report.total.refused
        revenue = report.total.revenue
        priced = book.juices.contains { $0.price != nil }
        let juices = Dictionary(book.juices.map { ($0.id.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
        self.juices = report.rows.compactMap { row in
            juices[row.key].map {
                JuiceSalesBody(juice: row.key, name: NameJSON($0.name), served: row.served, refused: row.refused, revenue: row.revenue)
            }
        }
    }
}

/// The day's stock room: what was received and thrown away (per fruit, in units, and in won where every unit has a
/// cost), and the last count made that day or before.
struct StockRoomBody: Codable, Sendable, Hashable {
    /// One fruit's units.
    struct FruitUnitsBody: Codable, Sendable, Hashable {
        var fruit: String
        var units: Int
        var cost: Int?
    }

    /// The last count: its journal entry, when (ISO 8601 in UTC), its lines and the sum of their variances.
    struct LastCountBody: Codable, Sendable, Hashable {
        var entry: Int
        var time: String
        var counts: [CountLineJSON]
        var variance: Int
    }

    var received: [FruitUnitsBody]
    var wasted: [FruitUnitsBody]
    /// What today's waste cost in won; absent when some of it has no cost.
    var wastedCost: Int?
    var lastCount: LastCountBody?

    /// The body of `day`.
    init(_ day: StockRoomDay) {
        let body = { (line: StockRoomDay.FruitUnits) in FruitUnitsBody(fruit: line.fruit.rawValue, units: line.units, cost: line.cost) }
        received = day.received.map(body)
        wasted = day.wasted.map(body)
        wastedCost = day.wasted.isEmpty ? nil : day.wastedCost
        lastCount = day.lastCount.map { count in
            LastCountBody(
                entry: count.entry, time: count.time, counts: count.lines.map(CountLineJSON.init),
                variance: count.lines.reduce(0) { $0 + $1.variance })
        }
    }
}

/// One juice's sales of the day.
struct JuiceSalesBody: Codable, Sendable, Hashable {
    var juice: String
    var name: NameJSON
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
    /// Whether the plan kept its promise over the last weeks (up to 56 whole days before today, replayed); absent
    /// while there is no whole day to replay, or while it is being made.
    var recent: RecentPromiseBody?
    /// True while the replay of the last weeks is being made (ask again shortly); absent otherwise.
    var recentPending: Bool?
}

extension PlanBody {
    /// Where the panel's plan `state` stands for `book`, aimed at `target` with `scenarios`, with the last weeks'
    /// replay `recent` (or whether it is `recentPending`), in `language`.
    init(
        _ state: PlanState, target: Double, scenarios: Int, recent: PlanBacktest?, recentPending: Bool, book: RecipeBook,
        language: Language
    ) {
        switch state {
        case .ready(let report?):
            self.init(target: target, scenarios: scenarios, status: .planned, plan: PlanDetailBody(report, book: book, language: language))
        case .ready(nil):
            self.init(target: target, scenarios: scenarios, status: .noSales, message: PanelMessage.noSalesYet.text(in: language))
        case .planning:
            self.init(target: target, scenarios: scenarios, status: .planning, message: PanelMessage.planning.text(in: language))
        }
        self.recent = recent.flatMap(RecentPromiseBody.init)
        self.recentPending = recentPending ? true : nil
    }
}

/// The last weeks replayed as `juice plan --backtest` does: the share of days every order was served, against the
/// target.
struct RecentPromiseBody: Codable, Sendable, Hashable {
    /// The days replayed (56, or fewer when the sales do not reach back so far).
    var days: Int
    /// The first day replayed, `YYYY-MM-DD`.
    var from: String
    /// The last day replayed (yesterday), `YYYY-MM-DD`.
    var to: String
    /// The share of days on which every order was served, with its 95 % (Wilson) interval.
    var achieved: EstimateBody
    /// The share of units asked for that were served.
    var fillRate: Double
    /// Units that spoiled unsold.
    var waste: Int

    /// The body of `backtest`; nil when it replayed no day.
    init?(_ backtest: PlanBacktest) {
        guard let first = backtest.days.first, let last = backtest.days.last else { return nil }
        days = backtest.days.count
        (from, to) = (first.date.description, last.date.description)
        let estimate = ScenarioEstimate(successes: backtest.days.filter(\.allServed).count, trials: days)
        achieved = EstimateBody(value: estimate.value, lower: estimate.lower, upper: estimate.upper)
        fillRate = backtest.fillRate
        waste = backtest.waste
    }
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
    /// With suppliers, each supplier's next purchase order; absent without them.
    var orders: [PlannedOrderJSON]?

    /// `report`'s plan, names from `book`, each purchase order's sheet in `language`.
    init(_ report: StockPlanReport, book: RecipeBook, language: Language) {
        day = report.firstDay.description
        historyDays = report.historyDays
        let estimate = report.plan.serviceLevel
        serviceLevel = EstimateBody(value: estimate.value, lower: estimate.lower, upper: estimate.upper)
        fillRate = report.plan.fillRate
        reachable = report.plan.reachable
        let fruits = Dictionary(book.fruits.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.fruits = report.plan.fruits.map { line in
            PlanFruitBody(
                fruit: line.fruit.rawValue, name: NameJSON(fruits[line.fruit]?.name ?? LocalizedName()),
                emoji: fruits[line.fruit]?.emoji, onHand: line.onHand, level: line.level, toBuy: line.toBuy, capacity: line.capacity)
        }
        let sheet = PurchaseSheet(book: book, language: language)
        orders = report.purchases.map { plan in
            plan.orders.map { PlannedOrderJSON($0, book: book, sheet: sheet.text($0)) }
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
    var name: NameJSON
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
