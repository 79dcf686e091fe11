import Foundation
import JuiceCore
import JuicePlanning
import JuiceShop
import JuiceUseCases

/// Where the staff panel's plan stands for what the shop is now.
enum PlanState: Sendable {
    /// Made: the report, or nil when the sales name no juice of the menu.
    case ready(StockPlanReport?)
    /// Still being made (a history with much demand takes a while): ask again shortly.
    case planning
}

/// The shop's sales and the plan made from them, kept until the shop changes: the sales records are brought up to date
/// (reading only the journal entries and refusals that are new: `JournalFollower`) only when the journal's change token or
/// the newest refused order differ (a refusal never moves the change token), and the plan is made again only when
/// those, the menu's version, the local day or the settings differ. So reloading the staff panel costs two small reads,
/// not a plan (with suppliers, a third: the open purchase orders; the lots come from the follower's `JournalLots`). One plan is
/// made at a time, on a thread of its own, one core's work (the threads that answer requests stay free), for the
/// newest request; a request waits for it only so long, then hears that it is still being made.
actor SalesCache {
    /// What the shop's sales were read at.
    struct SalesKey: Hashable, Sendable {
        /// The store's change token.
        var changeToken: Int
        /// The newest refused order's number (nil when there is none).
        var newestRefusal: Int?
    }

    /// What the replay of the last weeks was made from: only whole days before today count.
    struct PromiseKey: Hashable, Sendable {
        var menuVersion: String
        var today: CivilDate
        var settings: SalesPlanSettings
        /// How many records there are before today (an undo of an older order changes it).
        var recordsBefore: Int
    }

    /// What a plan was made from.
    struct PlanKey: Hashable, Sendable {
        var sales: SalesKey
        var menuVersion: String
        var today: CivilDate
        var settings: SalesPlanSettings
        var onHand: [Int]
        /// The lots' remaining units and use-by dates and the open orders (with suppliers), and how many of the
        /// suppliers' cut-offs have passed today (the next order moves on when one does).
        var lots: [String]
        var cutOffsPassed: Int
    }

    private let store: any ShopStore
    /// The shop's clock: what today is, and the time zone sales are read in.
    private let clock: ShopClock
    /// The sales, and the key they were last brought up to date at.
    private var sales: (key: SalesKey?, follower: JournalFollower)
    /// The newest plan made.
    private var made: (key: PlanKey, report: StockPlanReport?)?
    /// What the plan being made is for.
    private var making: PlanKey?
    /// The newest replay of the last weeks (nil inside when there is no whole day to replay).
    private var promised: (key: PromiseKey, backtest: PlanBacktest?)?

    /// How often a request waiting for a plan looks whether it is made.
    private static let pollInterval = Duration.milliseconds(10)

    /// A cache over `store`, its days those of `clock`.
    init(store: any ShopStore, clock: ShopClock) {
        self.store = store
        self.clock = clock
        sales = (nil, JournalFollower(timeZone: clock.timeZone))
    }

    /// The shop's sales now, and the key they were read at.
    func records() async throws(ShopError) -> (key: SalesKey, records: [SaleRecord]) {
        let (key, current) = try await follower()
        return (key, current.records)
    }

    /// The deliveries, wastes and counts not undone, oldest first (`JournalFollower.stockRoom`), brought up to date as the
    /// sales are.
    func stockRoomEntries() async throws(ShopError) -> [JournalEntry] {
        try await follower().follower.stockRoom
    }

    /// The lots and last counts as of `today`, replayed from the journal as the sales are read (a shop with many orders
    /// since its first delivery reads the new entries, not all of them, per request).
    func shelf(today: CivilDate) async throws(ShopError) -> Shelf {
        Shelf(today: today, lots: try await follower().follower.lots)
    }

    /// The follower brought up to date, and the key it was read at.
    private func follower() async throws(ShopError) -> (key: SalesKey, follower: JournalFollower) {
        let key = SalesKey(changeToken: try await store.changeToken(), newestRefusal: try await store.refusedOrders(limit: 1).first?.id)
        if sales.key == key { return (key, sales.follower) }
        // Only what is new is read. (Two requests may bring copies up to date at once; each copy is right as of its own
        // key, and the one kept is stored with its key, so a later request reads on from there.)
        var follower = sales.follower
        try await follower.update(from: store)
        sales = (key, follower)
        return (key, follower)
    }

    /// The plan for `book` (the menu `menuVersion`) with `settings`, from the shop's sales and `stock`, or `.planning`
    /// when it is not made within `patience` (another plan being made counts against it); and the last weeks replayed,
    /// if made for the sales as they are (nil while being made, or when there is no whole day to replay), and whether
    /// that replay is still being made. The sales are read once for both.
    func plan(
        book: RecipeBook, menuVersion: String, settings: SalesPlanSettings, stock: StartingStock, patience: Duration
    ) async throws(ShopError)
        -> (state: PlanState, recent: PlanBacktest?, recentPending: Bool)
    {
        let (salesKey, records) = try await records()
        // The last weeks replayed, if made for these sales (read once for both).
        let now = clock.moment
        let promiseKey = Self.promiseKey(records: records, menuVersion: menuVersion, settings: settings, today: now.date)
        var recent: PlanBacktest? {
            guard let promiseKey, let promised, promised.key == promiseKey else { return nil }
            return promised.backtest
        }
        // Being made (after the plan): there are whole days to replay and no replay of them yet.
        var pending: Bool { promiseKey.map { $0.recordsBefore > 0 && promised?.key != $0 } ?? false }
        let passed = book.suppliers.filter { supplier in supplier.cutOff.map { cutOff in now.minuteOfDay > cutOff } ?? false }.count
        let key = PlanKey(
            sales: salesKey, menuVersion: menuVersion, today: now.date, settings: settings, onHand: stock.onHand,
            lots: stock.lots.map { "\($0.fruit) \($0.remaining) \($0.expires ?? "")" } + stock.onOrder.map { "order \($0.id) \($0.status.rawValue)" },
            cutOffsPassed: passed)
        let deadline = ContinuousClock.now + patience
        while true {
            if let made, made.key == key { return (.ready(made.report), recent, pending) }
            if making == nil {
                making = key
                Task {
                    let report = await ComputeThreads.run(serial: true) {
                        SalesPlanning.plan(
                            records: records, book: book, settings: settings, onHand: stock.onHand, lots: stock.lots, onOrder: stock.onOrder,
                            now: now)
                    }
                    self.finished(key, report: report)
                    // Then the last weeks replayed, once a day (or when older sales or the menu change): slower than the plan.
                    guard let promiseKey, promiseKey != self.promised?.key else { return }
                    let backtest = await ComputeThreads.run(serial: true) {
                        SalesPlanning.recentPromise(records: records, book: book, settings: settings, before: promiseKey.today)
                    }
                    self.promised = (promiseKey, backtest)
                }
            }
            guard ContinuousClock.now < deadline else { return (.planning, recent, pending) }
            try? await Task.sleep(for: Self.pollInterval)
        }
    }

    /// The key of the replay of the days before `today`, from `records` in time order.
    private static func promiseKey(records: [SaleRecord], menuVersion: String, settings: SalesPlanSettings, today: CivilDate) -> PromiseKey? {
        // The records are in time order: the first of today by halving.
        var (low, high) = (0, records.count)
        while low < high {
            let middle = (low + high) / 2
            if records[middle].time.date < today { low = middle + 1 } else { high = middle }
        }
        return PromiseKey(menuVersion: menuVersion, today: today, settings: settings, recordsBefore: low)
    }

    /// Keeps the plan made for `key`.
    private func finished(_ key: PlanKey, report: StockPlanReport?) {
        made = (key, report)
        making = nil
    }
}
