/// A change to the stock, as observers see it.
public struct StockUpdate: Hashable, Sendable {
    /// The stock after the change.
    public var inventory: Inventory
    /// The change per fruit (only fruits that changed).
    public var deltas: [FruitID: Int]
}

/// Shared live stock that observers can follow, as the original app's labels followed notifications.
///
/// Every successful change is published to every stream from `updates()`; a refused change publishes nothing.
public actor StockBoard {
    /// The current stock.
    public private(set) var inventory: Inventory
    private var continuations: [Int: AsyncStream<StockUpdate>.Continuation] = [:]
    private var nextToken = 0

    /// A board starting from `inventory`.
    public init(_ inventory: Inventory) {
        self.inventory = inventory
    }

    /// A stream of every change from now on; it ends when the board is released.
    public func updates() -> AsyncStream<StockUpdate> {
        let (stream, continuation) = AsyncStream<StockUpdate>.makeStream()
        let token = nextToken
        nextToken += 1
        continuations[token] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeContinuation(token) }
        }
        return stream
    }

    private func removeContinuation(_ token: Int) {
        continuations[token] = nil
    }

    /// Makes `count` of `juice`, all or nothing, and publishes the change.
    @discardableResult
    public func make(_ juice: Juice, count: Int = 1) throws(OrderError) -> [FruitID: Int] {
        let deltas = try inventory.make(juice, count: count)
        publish(deltas)
        return deltas
    }

    /// Applies `changes`, all or nothing, and publishes the change.
    @discardableResult
    public func apply(_ changes: [StockChange]) throws(StockError) -> [FruitID: Int] {
        let deltas = try inventory.apply(changes)
        publish(deltas)
        return deltas
    }

    private func publish(_ deltas: [FruitID: Int]) {
        guard !deltas.isEmpty else { return }
        let update = StockUpdate(inventory: inventory, deltas: deltas)
        for continuation in continuations.values { continuation.yield(update) }
    }

    deinit {
        for continuation in continuations.values { continuation.finish() }
    }
}
