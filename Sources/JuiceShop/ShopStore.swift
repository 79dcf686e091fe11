import JuiceCore
import ServiceLifecycle

/// One change to the shop's stock, as a store applies it: all of it, with its journal entry, or nothing.
public enum StockOperation: Hashable, Sendable {
    /// Make `count` of `juice`: every ingredient for the whole count is checked before anything is taken.
    case make(Juice, count: Int)
    /// Apply stock changes (add, remove, set) in order, all or none, journaled as `kind`.
    case change([StockChange], kind: JournalKind)
    /// Retire a fruit the recipe book no longer has but the state still keeps: its stock goes to 0, journaled as
    /// `.retire` (so an undo gives it back), and it is no longer listed among the orphans. Refused for a fruit the book
    /// has (`ShopError.fruitStillInRecipes`) or the state does not hold (`StockError.unknownFruit`).
    case retire(FruitID)
    /// Receive a delivery: each line's fruit rises by its quantity (all or none, within capacity) and becomes a lot,
    /// journaled as `.delivery` with the lines and the supplier.
    case receive([DeliveryLine], supplier: String?)
    /// Receive purchase order `order` (see `ShopStore.createPurchaseOrder`): `.receive` of `lines` from `supplier`, its
    /// entry's detail naming the order, and the order marked received with that entry, in the same transaction. An
    /// unknown order is refused (`ShopError.unknownPurchaseOrder`), so is one received already
    /// (`.purchaseOrderReceived`) and one with no lines (`.emptyPurchaseOrder`). `Shop.receivePurchaseOrder` makes
    /// the lines from the order.
    case receiveOrder(Int, lines: [DeliveryLine], supplier: String)
    /// Throw fruit away: each fruit falls by its amount (all or none, never below 0), journaled as `.waste` with the
    /// reason, the note, and the cost where every fruit has one (`Fruit.cost`).
    case waste([FruitID: Int], reason: WasteReason, note: String?)
    /// Write off every lot whose use-by date is before `today` (`YYYY-MM-DD`): one `.waste` entry with reason
    /// `.expired`, decided on the lots as the transaction sees them. Nothing expired changes nothing.
    case wasteExpired(today: String, note: String?)
    /// Apply a count: each fruit is set to what was counted, journaled as `.count` with its expected value and variance
    /// (matching fruits too). Given a `session` (see `ShopStore.startCount`), each fruit is set to the count plus the
    /// changes journaled for it since the session started, and the session is closed.
    case count([FruitID: Int], session: String?)
}

/// A count (stocktake) begun while the shop keeps selling: where the journal stood when it started.
public struct CountSession: Hashable, Sendable {
    /// The session's id (a UUID), given to `StockOperation.count`.
    public var id: String
    /// The newest journal entry when it started: the changes after it are carried over when it is applied.
    public var start: Int
    /// When it started, ISO 8601 in UTC.
    public var startedAt: String
    /// The count entry that applied it, once applied.
    public var appliedBy: Int?

    /// A session.
    public init(id: String, start: Int, startedAt: String, appliedBy: Int? = nil) {
        self.id = id
        self.start = start
        self.startedAt = startedAt
        self.appliedBy = appliedBy
    }
}

/// What a store reads in the transaction of an operation that needs more than the stock rows: the lots (for a
/// waste, which takes from them and is valued at their cost), and for a count in a session, the changes journaled since it started.
struct LedgerContext: Sendable {
    /// The lots with fruit left, as the journal so far makes them.
    var lots: [Lot] = []
    /// Per fruit, the sum of the deltas journaled since the count session started.
    var moved: [FruitID: Int] = [:]
}

/// What a store reports about its own health: the invariant (stock = initial + the journal's deltas) and, where the
/// backend has one, its own integrity check.
public struct IntegrityReport: Hashable, Sendable {
    /// Fruits whose stock differs from their initial stock plus the sum of the journal's deltas, with both figures.
    public var brokenFruits: [BrokenFruit]
    /// What the backend's own check said ("ok" when it found nothing), where it has one.
    public var backendCheck: [String]

    /// Whether nothing is wrong.
    public var isHealthy: Bool { brokenFruits.isEmpty && backendCheck.allSatisfy { $0 == "ok" } }

    /// Creates a report.
    public init(brokenFruits: [BrokenFruit], backendCheck: [String]) {
        self.brokenFruits = brokenFruits
        self.backendCheck = backendCheck
    }

    /// A fruit whose stock disagrees with the journal.
    public struct BrokenFruit: Hashable, Sendable {
        /// The fruit.
        public var fruit: FruitID
        /// The stock the store holds.
        public var stock: Int
        /// Initial stock plus the journal's deltas: what the stock should be.
        public var expected: Int

        /// Creates a record.
        public init(fruit: FruitID, stock: Int, expected: Int) {
            self.fruit = fruit
            self.stock = stock
            self.expected = expected
        }
    }
}

/// The seam for the shop's state: where stock and its journal live (an SQLite file, a PostgreSQL database, memory).
///
/// Every method is safe to call from any task; none blocks an event loop. Changes are all or nothing: a thrown error
/// means stock and journal are exactly as before. Reads never write. The book passed in says which fruits the shop
/// sells, their capacities and initial stock; fruits new to the book join at their initial stock on the first change.
///
/// A store is a ServiceLifecycle `Service`: a server runs it in its `ServiceGroup` (before the HTTP server, so that
/// it shuts down after it), and `run()` returns after closing the store on graceful shutdown. A command that uses a
/// store without a service group calls `close()` when done.
public protocol ShopStore: Service {
    /// A short human description of where the state lives (a path, or a URL without its password), for messages.
    var location: String { get }

    /// The current stock of every fruit in `book`, plus fruits the state keeps that `book` no longer has; never writes.
    func snapshot(book: RecipeBook) async throws(ShopError) -> ShopSnapshot

    /// Applies `operation` with its journal entry, all or nothing; `command` is recorded in the journal. An operation
    /// that changes no stock (adding 0, a reset at the initial stock) writes nothing and answers a receipt without entry.
    ///
    /// An order the stock refuses (`ShopError.orderRefused(.insufficientStock)`, and no other failure) is recorded as
    /// a `RefusedOrder` in the transaction that decided it, without touching stock or journal, and the refusal is
    /// thrown all the same: a refusal whose record cannot be written is still answered as the refusal (the store logs
    /// the failure and goes on).
    func perform(_ operation: StockOperation, book: RecipeBook, command: String) async throws(ShopError) -> ShopReceipt

    /// `perform` with the change's request id, journaled with its entry in the same transaction, so that a client
    /// whose answer was lost (`StateError.outcomeUnknown`) can look it up (`journalEntry(request:)`). Ids are unique:
    /// give each change its own (the server and `juice order` use a random UUID).
    func perform(
        _ operation: StockOperation, book: RecipeBook, command: String, request: String?
    ) async throws(ShopError) -> ShopReceipt

    /// The journal entry made under `request` (see `perform(_:book:command:request:)`), or nil when no change was
    /// journaled under it. Never writes.
    func journalEntry(request: String) async throws(ShopError) -> JournalEntry?

    /// Reverts the newest change not yet undone, if the stock allows it; the undo is journaled too. Undoing the delivery
    /// of a purchase order opens the order again, in the same transaction.
    func undo(book: RecipeBook, command: String) async throws(ShopError) -> ShopReceipt

    /// The journal, newest first; at most `limit` entries.
    func history(limit: Int?) async throws(ShopError) -> [JournalEntry]

    /// The orders the stock refused (see `perform`), newest first; at most `limit` records. Never writes; a state
    /// made before refusals were recorded has none.
    func refusedOrders(limit: Int?) async throws(ShopError) -> [RefusedOrder]

    /// Starts a count session (see `StockOperation.count`): where the journal stands now, kept under a new id. The
    /// stock and the journal are unchanged.
    func startCount() async throws(ShopError) -> CountSession

    /// The count session `id`, or nil when there is none. Never writes.
    func countSession(id: String) async throws(ShopError) -> CountSession?

    /// Keeps `drafts` (checked by `Shop.createPurchaseOrders`) as new open purchase orders under the next numbers, in
    /// order, all or none, in one transaction. The stock, the journal and the change token are unchanged.
    func createPurchaseOrders(_ drafts: [PurchaseOrderDraft]) async throws(ShopError) -> [PurchaseOrder]

    /// The purchase orders with `status` (every one when nil), newest first. Never writes; a state made before
    /// purchase orders were kept has none.
    func purchaseOrders(status: PurchaseOrderStatus?) async throws(ShopError) -> [PurchaseOrder]

    /// The purchase order numbered `id`, or nil when there is none. Never writes.
    func purchaseOrder(id: Int) async throws(ShopError) -> PurchaseOrder?

    /// The journal entries the lots and last counts are made from (`JournalLots`), oldest first: every entry from the
    /// first delivery or count on (none when there was neither). Never writes.
    func lotEntries() async throws(ShopError) -> [JournalEntry]

    /// Checks the invariant and the backend's own integrity; never repairs anything.
    func checkIntegrity() async throws(ShopError) -> IntegrityReport

    /// The last recipe set a server accepted (see `keepLastGoodRecipes`), or nil when none was ever kept (a new
    /// state, or one made before sets were kept). Never writes.
    func lastGoodRecipes() async throws(ShopError) -> KeptRecipeSet?

    /// Keeps `set` as the last good recipe set, replacing the one kept before in one transaction, unless the kept
    /// one has the same `version` (then nothing is written). Answers whether it wrote. Called by a server when it
    /// accepts a set (at start and after each applied reload), never on the order path; stock, the journal and the
    /// change token never see it.
    func keepLastGoodRecipes(_ set: KeptRecipeSet) async throws(ShopError) -> Bool

    /// A value that changes whenever the stock or journal changes, from any process (to notice changes to push).
    func changeToken() async throws(ShopError) -> Int

    /// The change token now and then whenever it may have changed (see the default in `ShopStoreChanges.swift`).
    func changeTokens(pollingEvery interval: Duration) -> AsyncStream<Int>

    /// Makes the store ready for changes now (see the default below).
    func prepare() async throws(ShopError)

    /// Lets go of what the store holds open (connections); it cannot be used afterwards (see the default below).
    func close() async
}

extension ShopStore {
    /// Stores that keep no request ids (test doubles) apply the change without one.
    public func perform(
        _ operation: StockOperation, book: RecipeBook, command: String, request: String?
    ) async throws(ShopError) -> ShopReceipt {
        try await perform(operation, book: book, command: command)
    }

    /// Reads the whole journal and keeps the entries from the first delivery or count on (stores with an index on the
    /// kind answer faster).
    public func lotEntries() async throws(ShopError) -> [JournalEntry] {
        let journal = try await history(limit: nil).reversed()
        guard let first = journal.firstIndex(where: { $0.kind == .delivery || $0.kind == .count }) else { return [] }
        return Array(journal[first...])
    }

    /// Looks through the whole journal (stores with an index on request ids answer faster).
    public func journalEntry(request: String) async throws(ShopError) -> JournalEntry? {
        try await history(limit: nil).first { $0.request == request }
    }

    /// Makes the store ready for changes now (creating and migrating its schema) instead of on the first change, so a
    /// server finds a bad state before it starts serving; stores with nothing to prepare do nothing.
    public func prepare() async throws(ShopError) {}

    /// Lets go of what the store holds open; stores that hold nothing open between calls do nothing.
    public func close() async {}

    /// Runs the store as a service: waits for the service group's graceful shutdown (or the task's cancellation),
    /// then closes the store.
    public func run() async throws {
        try? await gracefulShutdown()
        await close()
    }
}
