import JuiceCore

/// One fruit as a store keeps it: its stock, the initial stock it started from, and the sum of its journaled deltas.
struct StockRow: Hashable, Sendable {
    /// The stock now.
    var count: Int
    /// The stock the fruit joined the shop with.
    var initial: Int
    /// The sum of the journal's deltas for the fruit.
    var journaled: Int

    /// Whether the invariant holds for this row: stock = initial stock + the journal's deltas.
    var isConsistent: Bool { count == initial + journaled }
}

/// What one change decided, for the store to record: the journal entry's fields, the fruits that joined the state,
/// and the stock afterwards.
struct LedgerChange: Sendable {
    var kind: JournalKind
    var juice: JuiceID?
    var count: Int?
    var deltas: [FruitID: Int]
    /// For an undo, the entry it reverts.
    var undone: JournalEntry?
    /// What a delivery, waste or count records beyond its deltas.
    var detail: JournalDetail? = nil
    /// Fruits of the recipe book the state did not hold yet, with the initial stock they joined at before the deltas.
    var joined: [FruitID: Int]
    var snapshot: ShopSnapshot

    /// Whether the change changes nothing, so that nothing is written (never for an undo, which marks its target, nor
    /// for a count, which records that it matched).
    var changesNothing: Bool { deltas.isEmpty && undone == nil && detail == nil }

    /// The journal entry this change is recorded as.
    func entry(id: Int, time: String, command: String, request: String? = nil) -> JournalEntry {
        JournalEntry(
            id: id, time: time, kind: kind, command: command, juice: juice, count: count, deltas: deltas,
            undoes: undone?.id, undoneBy: nil, request: request, detail: detail)
    }

    /// The receipt for this change recorded as `entry` (nil when it changed nothing).
    func receipt(entry: JournalEntry?) -> ShopReceipt {
        var undone = undone
        undone?.undoneBy = entry?.id
        return ShopReceipt(entry: entry, snapshot: snapshot, undone: undone)
    }
}

/// Every fruit a store holds, with the rules all stores share: how a recipe book sees the stock, how an operation or
/// an undo changes it (all or nothing), and whether the invariant holds.
struct StockLedger: Sendable {
    var rows: [FruitID: StockRow]

    /// The stock as `book` sees it: its fruits (at their initial stock when the state does not hold them yet), and the
    /// fruits the state holds that `book` no longer has.
    func snapshot(book: RecipeBook) -> ShopSnapshot {
        ShopSnapshot(stored: rows.mapValues(\.count), book: book)
    }

    /// The stock of `book`'s fruits (at their initial stock when the state does not hold them yet), with their
    /// capacities: the snapshot without its orphans.
    func inventory(book: RecipeBook) -> Inventory {
        ShopSnapshot.inventory(book: book) { rows[$0]?.count }
    }

    /// The fruits whose stock differs from their initial stock plus their journaled deltas, in id order.
    var inconsistentFruits: [FruitID] {
        rows.filter { !$0.value.isConsistent }.map(\.key).sorted()
    }

    /// Refuses to change anything while stock was edited behind JuiceMaker's back (a fruit's stock no longer its
    /// initial stock plus its journaled deltas), naming the fruits: the one invariant guard of every store, checked
    /// before each change (or batch of changes) on the rows the change reads. `location` names the state.
    func requireConsistent(location: String) throws(ShopError) {
        let broken = inconsistentFruits
        if !broken.isEmpty { throw .state(.invariantBroken(path: location, fruits: broken.map(\.rawValue))) }
    }

    /// Applies `operation` to the stock as `book` sees it, with what the store read for it (`context`: the lots, the
    /// changes since a count session started); on failure the ledger is unchanged.
    mutating func apply(_ operation: StockOperation, book: RecipeBook, context: LedgerContext = LedgerContext()) throws(ShopError) -> LedgerChange {
        var inventory = self.inventory(book: book)
        switch operation {
        case .make(let juice, let count):
            let deltas: [FruitID: Int]
            do throws(OrderError) { deltas = try inventory.make(juice, count: count) } catch { throw .orderRefused(error) }
            return commit(deltas, book: book, kind: .order, juice: juice.id, count: count)
        case .change(let changes, let kind):
            return commit(try apply(changes, to: &inventory, book: book), book: book, kind: kind)
        case .retire(let fruit):
            guard book.fruit(fruit) == nil else { throw .fruitStillInRecipes(fruit) }
            guard let row = rows[fruit] else {
                let kept = snapshot(book: book).orphans.keys.map(\.rawValue)
                throw .stockRefused(.unknownFruit(fruit, suggestion: NameMatching.suggestion(for: fruit.rawValue, among: kept).map { FruitID($0) }))
            }
            return commit(row.count == 0 ? [:] : [fruit: -row.count], book: book, kind: .retire)
        case .receive(let lines, let supplier):
            var seen: Set<FruitID> = []
            for line in lines {
                guard line.quantity >= 1 else { throw .invalidQuantity(line.fruit, line.quantity) }
                if let ordered = line.ordered, ordered < 0 { throw .invalidQuantity(line.fruit, ordered) }
                guard seen.insert(line.fruit).inserted else { throw .duplicateFruit(line.fruit) }
            }
            guard !lines.isEmpty else { return commit([:], book: book, kind: .delivery) }
            let deltas = try apply(lines.map { .add($0.fruit, $0.quantity) }, to: &inventory, book: book)
            return commit(deltas, book: book, kind: .delivery, detail: JournalDetail(lots: lines, supplier: supplier))
        case .receiveOrder(let order, let lines, let supplier):
            guard !lines.isEmpty else { throw .emptyPurchaseOrder }
            var change = try apply(.receive(lines, supplier: supplier), book: book, context: context)
            change.detail?.purchaseOrder = order
            return change
        case .waste(let amounts, let reason, let note):
            for (fruit, amount) in amounts where amount < 1 { throw .invalidQuantity(fruit, amount) }
            return try waste(amounts, reason: reason, note: note, from: &inventory, lots: context.lots, book: book)
        case .wasteExpired(let today, let note):
            var amounts: [FruitID: Int] = [:]
            for lot in context.lots where lot.isExpired(today: today) && book.fruit(lot.fruit) != nil {
                amounts[lot.fruit, default: 0] += lot.remaining
            }
            return try waste(amounts, reason: .expired, note: note, from: &inventory, lots: context.lots, book: book)
        case .count(let counted, let session):
            var lines: [CountLine] = []
            var changes: [StockChange] = []
            for (fruit, count) in counted.sorted(by: { $0.key < $1.key }) {
                try CountLine.requireValid(count, of: fruit)
                guard let current = inventory.counts[fruit] else {
                    _ = try apply([.set(fruit, count)], to: &inventory, book: book)
                    continue
                }
                // Counted when the session started: what moved since then is carried over, neither lost nor counted twice.
                let moved = context.moved[fruit] ?? 0
                let now = count + moved
                guard now >= 0 else { throw .stockRefused(.belowZero(fruit, stock: current, result: now)) }
                lines.append(CountLine(fruit: fruit, expected: current - moved, counted: count))
                changes.append(.set(fruit, now))
            }
            let deltas = try apply(changes, to: &inventory, book: book)
            return commit(deltas, book: book, kind: .count, detail: JournalDetail(counts: lines, session: session))
        }
    }

    /// Applies `changes` to `inventory` (all or none), as the deltas they make: a fruit the book no longer has but the
    /// state keeps is refused as such (retire it instead).
    private func apply(_ changes: [StockChange], to inventory: inout Inventory, book: RecipeBook) throws(ShopError) -> [FruitID: Int] {
        do throws(StockError) { return try inventory.apply(changes) } catch {
            if case .unknownFruit(let fruit, _) = error, let kept = rows[fruit]?.count, kept != 0, book.fruit(fruit) == nil {
                throw .fruitNotInRecipes(fruit, kept: kept)
            }
            throw .stockRefused(error)
        }
    }

    /// Throws `amounts` away (all or none), valued where every unit thrown has a cost; nothing to throw changes
    /// nothing.
    private mutating func waste(
        _ amounts: [FruitID: Int], reason: WasteReason, note: String?, from inventory: inout Inventory, lots: [Lot], book: RecipeBook
    ) throws(ShopError) -> LedgerChange {
        guard !amounts.isEmpty else { return commit([:], book: book, kind: .waste) }
        let deltas = try apply(amounts.sorted { $0.key < $1.key }.map { .remove($0.key, $0.value) }, to: &inventory, book: book)
        let cost = Self.wasteCost(amounts, lots: lots, book: book)
        return commit(deltas, book: book, kind: .waste, detail: JournalDetail(reason: reason, note: note, cost: cost))
    }

    /// What throwing `amounts` away costs, in won: the units come from `lots` (the lots with fruit left, each fruit's
    /// first expired first, as `JournalLots` takes them), each at its lot's cost (else the fruit's), then from untracked
    /// stock at the fruit's cost; nil when a unit has no cost, or the sum overflows.
    static func wasteCost(_ amounts: [FruitID: Int], lots: [Lot], book: RecipeBook) -> Int? {
        var total = 0
        for (fruit, amount) in amounts {
            var left = amount
            var pieces: [(units: Int, cost: Int?)] = []
            for lot in lots where lot.fruit == fruit && left > 0 {
                let units = min(left, lot.remaining)
                pieces.append((units, lot.cost ?? book.fruit(fruit)?.cost))
                left -= units
            }
            if left > 0 { pieces.append((left, book.fruit(fruit)?.cost)) }
            for (units, cost) in pieces {
                guard let cost else { return nil }
                let (product, overflow) = units.multipliedReportingOverflow(by: cost)
                let (sum, overflowSum) = total.addingReportingOverflow(product)
                guard !overflow, !overflowSum else { return nil }
                total = sum
            }
        }
        return total
    }

    /// Reverts `target`'s deltas, if the stock as `book` sees it allows; on failure the ledger is unchanged. Fruits the
    /// book no longer has (a retired one, say) get their stock back with no capacity to limit it.
    mutating func undo(_ target: JournalEntry, book: RecipeBook) throws(ShopError) -> LedgerChange {
        let seen = inventory(book: book)
        var counts = seen.counts
        var capacities = seen.capacities
        for (fruit, row) in rows where counts[fruit] == nil {
            counts[fruit] = row.count
            capacities[fruit] = .max
        }
        var inventory = Inventory(counts: counts, capacities: capacities)
        let changes = target.deltas.sorted { $0.key < $1.key }.map { fruit, delta in
            delta > 0 ? StockChange.remove(fruit, delta) : StockChange.add(fruit, -delta)
        }
        let deltas: [FruitID: Int]
        do throws(StockError) { deltas = try inventory.apply(changes) } catch {
            throw .undoRefused(entry: target.id, kind: target.kind, reason: error)
        }
        return commit(deltas, book: book, kind: .undo, undone: target)
    }

    /// Records `deltas` (already checked against the stock): `book`'s fruits new to the state join at their initial
    /// stock, then each delta changes its fruit's stock and journaled sum. A change of nothing changes no row.
    private mutating func commit(
        _ deltas: [FruitID: Int], book: RecipeBook, kind: JournalKind, juice: JuiceID? = nil, count: Int? = nil,
        undone: JournalEntry? = nil, detail: JournalDetail? = nil
    ) -> LedgerChange {
        if deltas.isEmpty && undone == nil && detail == nil {
            return LedgerChange(
                kind: kind, juice: juice, count: count, deltas: [:], undone: nil, joined: [:], snapshot: snapshot(book: book))
        }
        var joined: [FruitID: Int] = [:]
        for fruit in book.fruits where rows[fruit.id] == nil {
            let initial = book.store.initialStock[fruit.id] ?? 0
            rows[fruit.id] = StockRow(count: initial, initial: initial, journaled: 0)
            joined[fruit.id] = initial
        }
        for (fruit, delta) in deltas {
            rows[fruit, default: StockRow(count: 0, initial: 0, journaled: 0)].count += delta
            rows[fruit, default: StockRow(count: 0, initial: 0, journaled: 0)].journaled += delta
        }
        return LedgerChange(
            kind: kind, juice: juice, count: count, deltas: deltas, undone: undone, detail: detail, joined: joined,
            snapshot: snapshot(book: book))
    }

    /// The full check: each fruit's stock against its initial stock plus the sum of the journal's deltas
    /// (`journalSums`, recomputed from the journal itself), and the kept running sums against the same figures.
    /// `lots` (replayed from the journal) must hold no more of a fruit than its stock.
    func integrityReport(journalSums: [FruitID: Int], backendCheck: [String], lots: [Lot] = []) -> IntegrityReport {
        var broken: [IntegrityReport.BrokenFruit] = []
        var check = backendCheck
        var inLots: [FruitID: Int] = [:]
        for lot in lots { inLots[lot.fruit, default: 0] += lot.remaining }
        for (fruit, held) in inLots.sorted(by: { $0.key < $1.key }) where held > (rows[fruit]?.count ?? 0) {
            check.append("fruit '\(fruit)': its lots hold \(held), more than its stock of \(rows[fruit]?.count ?? 0)")
        }
        for fruit in Set(rows.keys).union(journalSums.keys).sorted() {
            let row = rows[fruit] ?? StockRow(count: 0, initial: 0, journaled: 0)
            let sum = journalSums[fruit] ?? 0
            if row.count != row.initial + sum {
                broken.append(IntegrityReport.BrokenFruit(fruit: fruit, stock: row.count, expected: row.initial + sum))
            }
            if row.journaled != sum {
                check.append(
                    "fruit '\(fruit)': the kept sum of its journaled changes is \(row.journaled), but the journal's changes add up to \(sum)")
            }
        }
        return IntegrityReport(brokenFruits: broken, backendCheck: check)
    }
}
