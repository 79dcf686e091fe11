import Foundation
import JuiceCore

/// The shop's state in memory, for tests (the shop's and a server's): the same rules as every store, nothing kept.
public actor MemoryStore: ShopStore {
    /// "memory".
    public nonisolated let location = "memory"
    private var ledger = StockLedger(rows: [:])
    private var journal: [JournalEntry] = []
    private var refusals: [RefusedOrder] = []
    private var lastGood: KeptRecipeSet?
    private var sessions: [String: CountSession] = [:]
    private var purchases: [PurchaseOrder] = []
    private nonisolated let commits = CommitSignal()
    /// The clock the journal's times are read from.
    private nonisolated let clock: ShopClock

    /// An empty state: every fruit at its book's initial stock, no journal; its times from `clock`.
    public init(clock: ShopClock = .system()) { self.clock = clock }

    /// The current stock as `book` sees it.
    public func snapshot(book: RecipeBook) -> ShopSnapshot {
        ledger.snapshot(book: book)
    }

    /// Applies `operation` with its journal entry, all or nothing.
    public func perform(_ operation: StockOperation, book: RecipeBook, command: String) throws(ShopError) -> ShopReceipt {
        try perform(operation, book: book, command: command, request: nil)
    }

    /// Applies `operation` with its journal entry, which keeps `request`, all or nothing.
    public func perform(_ operation: StockOperation, book: RecipeBook, command: String, request: String?) throws(ShopError) -> ShopReceipt {
        try ledger.requireConsistent(location: location)
        var context = LedgerContext()
        switch operation {
        case .wasteExpired, .waste: context.lots = JournalLots(journal).remaining
        default: break
        }
        var session: CountSession?
        if case .count(_, let id?) = operation {
            let start = try CountSession.requireOpen(id, found: sessions[id].map { ($0.start, $0.appliedBy) })
            session = sessions[id]
            for entry in journal where entry.id > start {
                for (fruit, delta) in entry.deltas { context.moved[fruit, default: 0] += delta }
            }
        }
        var purchase: Int?
        if case .receiveOrder(let id, _, _) = operation {
            let index = purchases.firstIndex(where: { $0.id == id })
            try PurchaseOrder.requireReceivable(id, receivedBy: index.map { purchases[$0].receivedEntry })
            purchase = index
        }
        let change: LedgerChange
        do throws(ShopError) { change = try ledger.apply(operation, book: book, context: context) } catch {
            if let refusal = DecidedRefusal(error, command: command) {
                refusals.append(refusal.recorded(id: (refusals.last?.id ?? 0) + 1, time: clock.journalTime()))
            }
            throw error
        }
        let receipt = record(change, command: command, request: request)
        if let session { sessions[session.id]?.appliedBy = receipt.entry?.id }
        if let purchase, let entry = receipt.entry {
            purchases[purchase].status = .received
            purchases[purchase].receivedEntry = entry.id
            purchases[purchase].receivedAt = entry.time
        }
        return receipt
    }

    /// Keeps `drafts` as the next purchase orders, open.
    public func createPurchaseOrders(_ drafts: [PurchaseOrderDraft]) -> [PurchaseOrder] {
        let time = clock.journalTime()
        let orders = drafts.enumerated().map { PurchaseOrder(id: (purchases.last?.id ?? 0) + 1 + $0, draft: $1, createdAt: time) }
        purchases += orders
        return orders
    }

    /// The purchase orders with `status` (all when nil), newest first.
    public func purchaseOrders(status: PurchaseOrderStatus?) -> [PurchaseOrder] {
        purchases.reversed().filter { status == nil || $0.status == status }
    }

    /// The purchase order numbered `id`, if there is one.
    public func purchaseOrder(id: Int) -> PurchaseOrder? {
        purchases.first { $0.id == id }
    }

    /// The count session `id`, if there is one.
    public func countSession(id: String) -> CountSession? {
        sessions[id]
    }

    /// Starts a count session at the newest journal entry.
    public func startCount() -> CountSession {
        let session = CountSession(id: UUID().uuidString.lowercased(), start: journal.last?.id ?? 0, startedAt: clock.journalTime())
        sessions[session.id] = session
        return session
    }

    /// Reverts the newest change not yet undone, if the stock allows it.
    public func undo(book: RecipeBook, command: String) throws(ShopError) -> ShopReceipt {
        try ledger.requireConsistent(location: location)
        guard let index = journal.lastIndex(where: { $0.kind != .undo && $0.undoneBy == nil }) else { throw .nothingToUndo }
        let change = try ledger.undo(journal[index], book: book)
        let receipt = record(change, command: command)
        journal[index].undoneBy = receipt.entry?.id
        if let reopened = purchases.firstIndex(where: { $0.receivedEntry == journal[index].id }) {
            purchases[reopened].status = .open
            purchases[reopened].receivedEntry = nil
            purchases[reopened].receivedAt = nil
        }
        return receipt
    }

    /// The journal, newest first; at most `limit` entries.
    public func history(limit: Int?) -> [JournalEntry] {
        Array(journal.reversed().prefix(max(0, limit ?? journal.count)))
    }

    /// The orders the stock refused, newest first; at most `limit` records.
    public func refusedOrders(limit: Int?) -> [RefusedOrder] {
        Array(refusals.reversed().prefix(max(0, limit ?? refusals.count)))
    }

    /// The invariant, recomputed from the journal (memory has no integrity check of its own).
    public func checkIntegrity() -> IntegrityReport {
        var sums: [FruitID: Int] = [:]
        for entry in journal {
            for (fruit, delta) in entry.deltas { sums[fruit, default: 0] += delta }
        }
        return ledger.integrityReport(journalSums: sums, backendCheck: [], lots: JournalLots(journal).remaining)
    }

    /// The last recipe set kept, if any.
    public func lastGoodRecipes() -> KeptRecipeSet? {
        lastGood
    }

    /// Keeps `set` unless the kept one has the same version; answers whether it did.
    public func keepLastGoodRecipes(_ set: KeptRecipeSet) -> Bool {
        guard lastGood?.version != set.version else { return false }
        var kept = set
        kept.keptAt = clock.journalTime()
        lastGood = kept
        return true
    }

    /// The newest journal entry's id (0 before the first change).
    public func changeToken() -> Int {
        journal.last?.id ?? 0
    }

    /// The change token now and after every change (at once: a memory store has no other process to poll for).
    public nonisolated func changeTokens(pollingEvery interval: Duration) -> AsyncStream<Int> {
        changeTokenStream(pollingEvery: interval, commits: commits)
    }

    /// Sets a fruit's stock without a journal entry, as a hand edit of a state file would: it breaks the invariant,
    /// for tests of what the shop does then. The fruit joins the state if it was not in it.
    public func overwriteStock(of fruit: FruitID, to count: Int) {
        ledger.rows[fruit, default: StockRow(count: 0, initial: 0, journaled: 0)].count = count
    }

    private func record(_ change: LedgerChange, command: String, request: String? = nil) -> ShopReceipt {
        guard !change.changesNothing else { return change.receipt(entry: nil) }
        let entry = change.entry(id: (journal.last?.id ?? 0) + 1, time: clock.journalTime(), command: command, request: request)
        journal.append(entry)
        commits.committed()
        return change.receipt(entry: entry)
    }
}
