/// A deterministic stream of generated orders with a popularity mix.
package struct GeneratedOrders: OrderSource {
    private var remaining: Int
    private var state: UInt64
    private let cumulative: [UInt64]
    private let total: UInt64
    private let count: Int
    /// Told the share of the orders made so far (0 to 1): after each batch, or each 1,048,576 orders made by
    /// `forEachOrder(_:)`.
    package var progress: OrderProgress? {
        didSet { ticker = ProgressTicker(total: count, report: progress) }
    }
    private var ticker = ProgressTicker(total: 0, report: nil)

    /// `count` orders of one juice each, juices drawn with `weights` (one per juice; all equal for a uniform mix) from `seed`.
    package init(count: Int, seed: UInt64, weights: [Int]) throws(OrderSourceError) {
        guard !weights.isEmpty, weights.allSatisfy({ $0 >= 0 }), weights.contains(where: { $0 > 0 }) else {
            throw .badMix(.noWeight)
        }
        remaining = max(0, count)
        self.count = max(0, count)
        state = seed
        var running: UInt64 = 0
        cumulative = weights.map { weight in
            running += UInt64(weight)
            return running
        }
        total = running
    }

    /// Fills `batch` with up to 4,096 orders (small enough to stay in the L1 cache).
    package mutating func nextBatch(into batch: inout [SimulationOrder]) throws(OrderSourceError) -> Bool {
        guard remaining > 0 else {
            batch.removeAll(keepingCapacity: true)
            return false
        }
        let size = min(remaining, 4_096)
        batch.removeAll(keepingCapacity: true)
        forEach(size) { juice, _ in batch.append(SimulationOrder(juice: Int32(truncatingIfNeeded: juice))) }
        ticker.reach(count - remaining)
        return true
    }

    /// Makes every remaining order and hands it to `body` at once: making and serving in one loop, no batch between.
    @inline(__always)
    package mutating func forEachOrder(_ body: (_ juice: Int, _ count: Int) -> Void) throws(OrderSourceError) {
        guard progress != nil else { return forEach(remaining, body) }
        while remaining > 0 {
            forEach(1 << 20, body)
            ticker.reach(count - remaining)
        }
    }

    /// Makes the next `count` orders (at most those remaining), handing each to `body`.
    @inline(__always)
    private mutating func forEach(_ count: Int, _ body: (_ juice: Int, _ count: Int) -> Void) {
        let size = min(remaining, count)
        remaining -= size
        var state = self.state
        let total = self.total
        cumulative.withUnsafeBufferPointer { cumulative in
            for _ in 0..<size {
                // SplitMix64, then multiply-shift onto 0..<total.
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                z ^= z >> 31
                let draw = z.multipliedFullWidth(by: total).high
                var juice = 0
                while draw >= cumulative[juice] { juice &+= 1 }
                body(juice, 1)
            }
        }
        self.state = state
    }
}

/// Parses a mix like `banana-juice=5,kiwi-juice=1` into one weight per juice (unnamed juices get 0).
package enum DemandMix {
    /// The weights for `text`, resolving names with `resolve`; an empty text is a uniform mix.
    package static func weights(_ text: String, juiceCount: Int, resolve: (String) throws(OrderSourceError) -> Int) throws(OrderSourceError) -> [Int]
    {
        guard !text.isEmpty else { return Array(repeating: 1, count: juiceCount) }
        var weights = Array(repeating: 0, count: juiceCount)
        for part in text.split(separator: ",") {
            let pieces = part.split(separator: "=", maxSplits: 1)
            guard pieces.count == 2, let weight = Int(pieces[1].trimmingCharacters(in: " ")), weight >= 0 else {
                throw .badMix(.notAWeight(String(part)))
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
