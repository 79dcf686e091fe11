import JuiceCore

/// Fruit of one delivery still on the shelf, as the journal makes it (lots are bookkeeping beside the stock, never a
/// second truth: their remainders never exceed the stock, and the rest of the stock is untracked).
public struct Lot: Hashable, Sendable {
    /// The delivery's journal entry.
    public var entry: Int
    /// The fruit.
    public var fruit: FruitID
    /// When it was received, ISO 8601 in UTC.
    public var received: String
    /// How many units came.
    public var quantity: Int
    /// How many are left.
    public var remaining: Int
    /// Its use-by date (`YYYY-MM-DD`), if known.
    public var expires: String?
    /// What one unit cost, in won, if given.
    public var cost: Int?
    /// Who delivered it, if given.
    public var supplier: String?

    /// Whether its use-by date is before `today` (`YYYY-MM-DD`; the dates compare as text).
    public func isExpired(today: String) -> Bool {
        expires.map { $0 < today } ?? false
    }
}

/// The lots and last counts the journal makes, replayed entry by entry, oldest first.
///
/// A delivery makes a lot of each line. Fruit leaving the shelf (an order, a waste, a removal, a count below what was
/// expected, a retirement) comes from the lot that expires first (first expired, first out; lots without a date
/// last, older before newer), then from untracked stock; an undo of a delivery takes back from that delivery's own
/// lots first. Fruit coming back (an undone order, an addition, a count above what was expected) is untracked. Every
/// entry was allowed by the stock, so the lots never hold more than it.
public struct JournalLots: Sendable {
    /// Per fruit, its lots with fruit left, first out first (by use-by date as text; each tagged with its delivery's
    /// journal entry).
    private var lots: [FruitID: FirstExpiredFirstOut<String>] = [:]
    /// Per fruit, each lot's delivery as it came (its `remaining` is the lots' units), by journal entry.
    private var delivered: [FruitID: [Int: Lot]] = [:]
    /// Per fruit, when it was last counted (a count entry not undone).
    public private(set) var lastCounted: [FruitID: String] = [:]
    /// The count entries replayed, to forget the last counts an undo reverts.
    private var countTimes: [Int: (time: String, fruits: [FruitID])] = [:]

    /// An empty replay: no lots, nothing counted.
    public init() {}

    /// The replay of `entries`, oldest first.
    public init(_ entries: some Sequence<JournalEntry>) {
        for entry in entries { apply(entry) }
    }

    /// Every lot with fruit left: by fruit id, then first out first.
    public var remaining: [Lot] {
        lots.keys.sorted().flatMap { fruit in
            (lots[fruit]?.lots ?? []).compactMap { held in
                delivered[fruit]?[held.tag].map { lot in
                    var lot = lot
                    lot.remaining = held.units
                    return lot
                }
            }
        }
    }

    /// Replays one entry (entries come oldest first).
    public mutating func apply(_ entry: JournalEntry) {
        if entry.kind == .count, let counts = entry.detail?.counts {
            countTimes[entry.id] = (entry.time, counts.map(\.fruit))
            for line in counts { lastCounted[line.fruit] = entry.time }
        }
        if entry.kind == .undo, let undone = entry.undoes, let counted = countTimes.removeValue(forKey: undone) {
            for fruit in counted.fruits {
                lastCounted[fruit] = countTimes.values.filter { $0.fruits.contains(fruit) }.map(\.time).max()
            }
        }
        for (fruit, delta) in entry.deltas where delta < 0 {
            take(-delta, of: fruit, preferring: entry.kind == .undo ? entry.undoes : nil)
        }
        guard entry.kind == .delivery, let lines = entry.detail?.lots else { return }
        // Entries come oldest first, so a lot added after those with its use-by date is the newer delivery.
        for line in lines where line.quantity > 0 {
            let lot = Lot(
                entry: entry.id, fruit: line.fruit, received: entry.time, quantity: line.quantity, remaining: line.quantity,
                expires: line.expires, cost: line.cost, supplier: entry.detail?.supplier)
            lots[line.fruit, default: FirstExpiredFirstOut()].add(line.quantity, lastDay: line.expires, tag: entry.id)
            delivered[line.fruit, default: [:]][entry.id] = lot
        }
    }

    /// Takes `amount` of `fruit` off its lots: from the lots of entry `preferred` first, then first out first; what
    /// the lots do not hold came from untracked stock.
    private mutating func take(_ amount: Int, of fruit: FruitID, preferring preferred: Int?) {
        guard let held = lots[fruit]?.lots.count else { return }
        lots[fruit]?.take(amount, preferring: preferred)
        guard let left = lots[fruit]?.lots, left.count != held else { return }
        if left.isEmpty {
            lots[fruit] = nil
            delivered[fruit] = nil
        } else {
            let tags = Set(left.map(\.tag))
            delivered[fruit] = delivered[fruit]?.filter { tags.contains($0.key) }
        }
    }
}
