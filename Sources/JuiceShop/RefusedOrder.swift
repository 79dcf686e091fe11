import JuiceCore

/// An order the stock refused because some fruit was short, as the shop's state records it: demand that was not
/// served, for `juice report` and `juice forecast`. Recording one changes neither the stock nor the journal, so the
/// invariant, `juice doctor`, the change token and `undo` never see it.
public struct RefusedOrder: Hashable, Sendable {
    /// The record's number (increasing; a sequence of its own, not the journal's).
    public var id: Int
    /// When the order was refused, ISO 8601 in UTC, as the journal writes its times.
    public var time: String
    /// The command that asked for it (for example `juice order mango-kiwi-juice`).
    public var command: String
    /// The juice ordered.
    public var juice: JuiceID
    /// How many were ordered.
    public var count: Int
    /// Every fruit that was short, in the order the refusal listed them, with what was needed and what was in stock.
    public var shortages: [Shortage]

    /// Creates a record.
    public init(id: Int, time: String, command: String, juice: JuiceID, count: Int, shortages: [Shortage]) {
        self.id = id
        self.time = time
        self.command = command
        self.juice = juice
        self.count = count
        self.shortages = shortages
    }
}

/// A refusal decided but not written yet: what a store records, in the transaction that decided it, for an order the
/// stock refused. The one place that says which failures are recorded: `ShopError.orderRefused(.insufficientStock)`
/// only (an unknown juice, a bad or too large count, a broken invariant or an unusable state are not demand refused
/// for want of fruit).
struct DecidedRefusal: Sendable {
    var command: String
    var juice: JuiceID
    var count: Int
    var shortages: [Shortage]

    /// The refusal to record for `error`, thrown for an order asked for by `command`; nil when `error` is not an order
    /// refused for want of fruit.
    init?(_ error: ShopError, command: String) {
        guard case .orderRefused(.insufficientStock(let juice, let count, let shortages)) = error else { return nil }
        self.command = command
        self.juice = juice
        self.count = count
        self.shortages = shortages
    }

    /// The record as written with `id` at `time`.
    func recorded(id: Int, time: String) -> RefusedOrder {
        RefusedOrder(id: id, time: time, command: command, juice: juice, count: count, shortages: shortages)
    }
}
