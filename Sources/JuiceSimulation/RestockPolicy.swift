/// When a simulation refills fruit during the run.
public struct RestockPolicy: Hashable, Sendable {
    /// Refill every fruit to capacity after every `every` orders.
    public var every: Int?
    /// Refill a fruit to `to` when it falls below `below`.
    public var below: Int?
    /// The level a `below` refill brings a fruit to.
    public var to: Int?

    /// No restocking.
    public static let none = RestockPolicy()

    /// Creates a policy.
    public init(every: Int? = nil, below: Int? = nil, to: Int? = nil) {
        self.every = every
        self.below = below
        self.to = to
    }

    /// Whether any restocking happens.
    public var isActive: Bool { every != nil || below != nil }

    /// Parses `every=K` or `below=T,to=C` (the value of one `--restock` option) into this policy.
    public mutating func add(_ text: String) throws(OrderSourceError) {
        var values: [String: Int] = [:]
        for part in text.split(separator: ",") {
            let pieces = part.split(separator: "=", maxSplits: 1)
            guard pieces.count == 2, let value = Int(pieces[1]), value >= 0 else {
                throw .badMix("--restock expects every=K or below=T,to=C, not '\(text)'")
            }
            values[String(pieces[0])] = value
        }
        if let every = values["every"] {
            guard every >= 1, values.count == 1 else { throw .badMix("--restock every=K needs K of at least 1") }
            self.every = every
        } else if let below = values["below"], let to = values["to"], values.count == 2 {
            guard to >= below else { throw .badMix("--restock below=T,to=C needs C of at least T") }
            self.below = below
            self.to = to
        } else {
            throw .badMix("--restock expects every=K or below=T,to=C, not '\(text)'")
        }
    }
}
