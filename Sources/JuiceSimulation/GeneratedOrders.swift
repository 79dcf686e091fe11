/// A deterministic stream of generated orders with a popularity mix.
public struct GeneratedOrders: OrderSource {
    private var remaining: Int
    private var state: UInt64
    private let cumulative: [UInt64]
    private let total: UInt64

    /// `count` orders of one juice each, juices drawn with `weights` (one per juice; all equal for a uniform mix) from `seed`.
    public init(count: Int, seed: UInt64, weights: [Int]) throws(OrderSourceError) {
        guard !weights.isEmpty, weights.allSatisfy({ $0 >= 0 }), weights.contains(where: { $0 > 0 }) else {
            throw .badMix("weights must be 0 or more, and at least one above 0")
        }
        remaining = max(0, count)
        state = seed
        var running: UInt64 = 0
        cumulative = weights.map { weight in
            running += UInt64(weight)
            return running
        }
        total = running
    }

    /// SplitMix64: fast, and the same sequence on every machine.
    @inline(__always)
    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Fills `batch` with up to 65,536 orders.
    public mutating func nextBatch(into batch: inout [SimulationOrder]) throws(OrderSourceError) -> Bool {
        batch.removeAll(keepingCapacity: true)
        guard remaining > 0 else { return false }
        let size = min(remaining, 65_536)
        remaining -= size
        for _ in 0..<size {
            // Multiply-shift maps the draw onto 0..<total without modulo bias worth mentioning.
            let draw = UInt64((UInt128(next()) * UInt128(total)) >> 64)
            var juice = 0
            while draw >= cumulative[juice] { juice += 1 }
            batch.append(SimulationOrder(juice: Int32(juice)))
        }
        return true
    }
}

/// Parses a mix like `banana-juice=5,kiwi-juice=1` into one weight per juice (unnamed juices get 0).
public enum DemandMix {
    /// The weights for `text`, resolving names with `resolve`; an empty text is a uniform mix.
    public static func weights(_ text: String, juiceCount: Int, resolve: (String) throws(OrderSourceError) -> Int) throws(OrderSourceError) -> [Int] {
        guard !text.isEmpty else { return Array(repeating: 1, count: juiceCount) }
        var weights = Array(repeating: 0, count: juiceCount)
        for part in text.split(separator: ",") {
            let pieces = part.split(separator: "=", maxSplits: 1)
            guard pieces.count == 2, let weight = Int(pieces[1].trimmingCharacters(in: " ")), weight >= 0 else {
                throw .badMix("expected JUICE=WEIGHT, like banana-juice=5, not '\(part)'")
            }
            weights[try resolve(String(pieces[0]).trimmingCharacters(in: " "))] += weight
        }
        return weights
    }
}

extension StringProtocol {
    func trimmingCharacters(in set: Character) -> String {
        String(drop(while: { $0 == set }).reversed().drop(while: { $0 == set }).reversed())
    }
}
