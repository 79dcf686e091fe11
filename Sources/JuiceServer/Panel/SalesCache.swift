import Dispatch
import JuiceCore
import JuicePlanning
import JuiceShop

/// The shop's sales and the plan made from them, kept until the shop changes: the sales records are read again only
/// when the journal's change token or the newest refused order differ (a refusal never moves the change token), and
/// the plan is made again only when those, the menu's version or the local day differ. So reloading the staff panel
/// costs two small reads, not a plan.
actor SalesCache {
    /// What the shop's sales were read at.
    struct SalesKey: Hashable, Sendable {
        /// The store's change token.
        var changeToken: Int
        /// The newest refused order's number (nil when there is none).
        var newestRefusal: Int?
    }

    /// What a plan was made from.
    struct PlanKey: Hashable, Sendable {
        var sales: SalesKey
        var menuVersion: String
        var today: CivilDate?
        var settings: SalesPlanSettings
    }

    private let store: any ShopStore
    private var sales: (key: SalesKey, records: [SaleRecord])?
    private var plan: (key: PlanKey, task: Task<StockPlanReport?, Never>)?

    /// A cache over `store`.
    init(store: any ShopStore) { self.store = store }

    /// The shop's sales now, and the key they were read at.
    func records() async throws(ShopError) -> (key: SalesKey, records: [SaleRecord]) {
        let key = SalesKey(changeToken: try await store.changeToken(), newestRefusal: try await store.refusedOrders(limit: 1).first?.id)
        if let sales, sales.key == key { return sales }
        let records = try await ShopSales.read(from: store)
        sales = (key, records)
        return (key, records)
    }

    /// The plan for `book` (the menu `menuVersion`) with `settings`, from the shop's sales and `onHand` (menu order):
    /// made once per key, on a thread of its own (it keeps every core busy for a moment); concurrent requests for the
    /// same key share one run. Nil when the sales name no juice of the menu.
    func plan(book: RecipeBook, menuVersion: String, settings: SalesPlanSettings, onHand: [Int]) async throws(ShopError) -> StockPlanReport? {
        let (salesKey, records) = try await records()
        let key = PlanKey(sales: salesKey, menuVersion: menuVersion, today: ShopSales.today(), settings: settings)
        if let plan, plan.key == key { return await plan.task.value }
        let task = Task<StockPlanReport?, Never> {
            await Self.offThePool { SalesPlanning.plan(records: records, book: book, settings: settings, onHand: onHand) }
        }
        plan = (key, task)
        return await task.value
    }

    /// `work`'s result, computed on a Dispatch thread rather than the cooperative pool's.
    private static func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: work()) }
        }
    }
}
