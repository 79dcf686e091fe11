import JuiceCore

/// An order refused for want of fruit, as the refusals log keeps it: `GET /api/refusals` and `juice history
/// --refusals --json`.
public struct RefusedOrderJSON: Codable, Sendable, Hashable {
    /// The refusal's number.
    public var id: Int
    /// When it was refused (ISO 8601, UTC).
    public var time: String
    /// The command or route that asked for it.
    public var command: String
    /// The juice asked for.
    public var juice: String
    /// How many were asked for.
    public var count: Int
    /// The fruits it was short of.
    public var shortages: [ShortageJSON]

    /// `refusal`.
    public init(_ refusal: RefusedOrder) {
        id = refusal.id
        time = refusal.time
        command = refusal.command
        juice = refusal.juice.rawValue
        count = refusal.count
        shortages = refusal.shortages.map { ShortageJSON($0) }
    }
}
