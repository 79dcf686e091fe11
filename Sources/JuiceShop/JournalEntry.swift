import JuiceCore

/// What kind of change a journal entry records.
public enum JournalKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// Juices were made.
    case order
    /// Fruit was added.
    case add
    /// Fruit was taken away.
    case remove
    /// Stock was set to absolute values.
    case set
    /// Stock went back to the store section's initial stock.
    case reset
    /// An earlier change was reverted.
    case undo
    /// A fruit the recipes no longer have was retired: its kept stock taken to 0, so it is no longer reported.
    case retire
    /// Fruit was delivered (`juice receive`): each fruit a lot, with its use-by date and cost (`JournalDetail.lots`).
    case delivery
    /// Fruit was thrown away (`juice waste`), with its reason, note and cost (`JournalDetail`).
    case waste
    /// Fruit was counted (`juice count`): each counted fruit set to what was counted, with the expected value and the
    /// variance (`JournalDetail.counts`); recorded even when everything matched.
    case count
}

/// One change in the shop's journal.
public struct JournalEntry: Hashable, Sendable {
    /// The entry's number (increasing).
    public var id: Int
    /// When it happened, ISO 8601 in UTC.
    public var time: String
    /// What kind of change it was.
    public var kind: JournalKind
    /// The command that made it (for example `juice order banana-juice`).
    public var command: String
    /// The juice ordered, for orders.
    public var juice: JuiceID?
    /// How many were ordered, for orders.
    public var count: Int?
    /// The change per fruit.
    public var deltas: [FruitID: Int]
    /// The entry this one reverted, for undos.
    public var undoes: Int?
    /// The undo that reverted this entry, if any.
    public var undoneBy: Int?
    /// The request id the change was made under (an order's receipt id: `POST /api/orders` and `juice order` give
    /// one to every order), by which a client whose answer was lost can look it up; nil for other changes.
    public var request: String? = nil
    /// What a delivery, waste or count recorded beyond its deltas; nil for the other kinds.
    public var detail: JournalDetail? = nil

    /// An entry with the given fields.
    public init(
        id: Int, time: String, kind: JournalKind, command: String, juice: JuiceID?, count: Int?, deltas: [FruitID: Int], undoes: Int?,
        undoneBy: Int?, request: String? = nil, detail: JournalDetail? = nil
    ) {
        self.id = id
        self.time = time
        self.kind = kind
        self.command = command
        self.juice = juice
        self.count = count
        self.deltas = deltas
        self.undoes = undoes
        self.undoneBy = undoneBy
        self.request = request
        self.detail = detail
    }
}
