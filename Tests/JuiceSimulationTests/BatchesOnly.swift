import JuiceSimulation

/// Hides a source's own order loop (`forEachOrder`), so that the simulator takes the batch path through `nextBatch`:
/// tests compare the two paths. (The fuzzer keeps a copy of its own: it cannot import test targets.)
struct BatchesOnly<Inner: OrderSource>: OrderSource {
    var inner: Inner

    var progress: OrderProgress? {
        get { inner.progress }
        set { inner.progress = newValue }
    }

    mutating func nextBatch(into batch: inout [SimulationOrder]) throws(OrderSourceError) -> Bool {
        try inner.nextBatch(into: &batch)
    }
}
