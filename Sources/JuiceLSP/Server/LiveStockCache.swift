import JuiceCore

/// The live stock as last read, read again when it is over a second old: hover and completion ask on every request,
/// the state is read at most about once a second.
actor LiveStockCache {
    private let source: LiveStockSource
    private let log: ServerLog
    private let maximumAge: Duration
    private let now: @Sendable () -> ContinuousClock.Instant
    private var counts: [FruitID: Int]?
    private var readAt: ContinuousClock.Instant?
    private var lastFailure: String?

    /// A cache over `source`, read again after `maximumAge` as measured by `now` (the continuous clock, or a test's).
    init(
        source: LiveStockSource, log: ServerLog, maximumAge: Duration = .seconds(1),
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        self.source = source
        self.log = log
        self.maximumAge = maximumAge
        self.now = now
    }

    /// The counts, read again first when they are older than `maximumAge`; nil when the state cannot be read (logged
    /// once per distinct failure).
    func current(book: RecipeBook) async -> [FruitID: Int]? {
        let now = now()
        if let readAt, now - readAt < maximumAge { return counts }
        readAt = now
        do {
            counts = try await source.read(book)
            if lastFailure != nil { log("live stock from \(source.location) can be read again") }
            lastFailure = nil
        } catch {
            let text = String(describing: error)
            if text != lastFailure { log("live stock from \(source.location) cannot be read, going on without it: \(text)") }
            lastFailure = text
            counts = nil
        }
        return counts
    }
}
