import JuiceCore
import JuiceRecipes

/// How `juice report` groups sales.
public enum ReportGrouping: String, Sendable, Hashable, CaseIterable {
    /// A row per day.
    case day
    /// A row per weekday, Monday first.
    case weekday
    /// A row per hour of the day.
    case hour
    /// A row per juice, in menu order.
    case juice
    /// A row per fruit: what the juices served used.
    case fruit
}

/// Orders served and refused, revenue and fruit used, grouped by day, weekday, hour, juice or fruit.
public struct SalesReport: Sendable {
    /// One group's figures.
    public struct Row: Sendable, Hashable {
        /// The group's key as data (`2026-11-20`, `0` for Monday, `9` for 9:00, a juice or fruit id).
        public var key: String
        /// Units served.
        public var served = 0
        /// Units refused.
        public var refused = 0
        /// Revenue of the units served (juices without a price count 0).
        public var revenue = 0
        /// Fruit used by the units served.
        public var fruitUsed: [FruitID: Int] = [:]
    }

    /// The grouping.
    public let grouping: ReportGrouping
    /// The rows, in the grouping's order (days and hours ascending, weekdays from Monday, juices and fruits in menu order).
    public private(set) var rows: [Row] = []
    /// Every group together.
    public private(set) var total = Row(key: "total")
    /// The first and last day of the sales counted.
    public private(set) var firstDay: CivilDate?
    /// The last day.
    public private(set) var lastDay: CivilDate?
    private let book: RecipeBook
    private var byKey: [String: Row] = [:]

    /// An empty report of `book`'s sales grouped by `grouping`.
    public init(book: RecipeBook, grouping: ReportGrouping) {
        self.book = book
        self.grouping = grouping
    }

    /// Counts `count` units of `juice` sold (or refused) at `time`.
    public mutating func add(_ juice: Juice, count units: Int, result: SaleResult, at time: SaleTime) {
        firstDay = min(firstDay ?? time.date, time.date)
        lastDay = max(lastDay ?? time.date, time.date)
        let served = result == .served ? units : 0
        let refused = result == .refused ? units : 0
        let revenue = served * (juice.price ?? 0)
        var used: [FruitID: Int] = [:]
        for ingredient in juice.totals where served > 0 { used[ingredient.fruit] = ingredient.amount * served }
        func tally(into key: String) {
            var row = byKey[key] ?? Row(key: key)
            row.served += served
            row.refused += refused
            row.revenue += revenue
            row.fruitUsed.merge(used, uniquingKeysWith: +)
            byKey[key] = row
        }
        switch grouping {
        case .day: tally(into: time.date.description)
        case .weekday: tally(into: "\(time.date.weekday)")
        case .hour: tally(into: "\(time.secondOfDay / 3600)")
        case .juice: tally(into: juice.id.rawValue)
        case .fruit:
            for fruit in juice.totals.map(\.fruit) { tally(into: fruit.rawValue) }
        }
        total.served += served
        total.refused += refused
        total.revenue += revenue
        total.fruitUsed.merge(used, uniquingKeysWith: +)
    }

    /// Orders the rows; call once every sale is counted.
    public mutating func finish() {
        switch grouping {
        case .day: rows = byKey.values.sorted { $0.key < $1.key }
        case .weekday, .hour: rows = byKey.values.sorted { (Int($0.key) ?? 0) < (Int($1.key) ?? 0) }
        case .juice: rows = book.juices.compactMap { byKey[$0.id.rawValue] }
        case .fruit:
            rows = book.fruits.compactMap { fruit in
                byKey[fruit.id.rawValue].map { row in
                    var only = row
                    only.fruitUsed = [fruit.id: row.fruitUsed[fruit.id] ?? 0]
                    return only
                }
            }
        }
        byKey = [:]
    }
}
