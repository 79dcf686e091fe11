import JuiceReload
import JuiceShop

/// One server-sent event.
struct ServerEvent: Sendable, Hashable {
    /// The event's name (`stock`, `menu`).
    var name: String
    /// Its JSON data (one line).
    var data: String

    /// The event as it goes on the wire.
    var wireFormat: String { "event: \(name)\ndata: \(data)\n\n" }
}

/// Fans events out to every open event stream. One poller per server watches the store's change token, so changes
/// from any source (this server, another server, the CLI on the same state) reach every page; each client has a
/// small buffer that keeps only the newest events, so a slow client cannot pile up memory.
actor EventHub {
    /// How many events a client may fall behind before the oldest are dropped (each event carries whole state).
    static let clientBuffer = 8

    private let store: any ShopStore
    private let menu: LiveMenu
    private var subscribers: [Int: AsyncStream<ServerEvent>.Continuation] = [:]
    private var nextID = 0
    private var lastToken: Int?
    private var closed = false

    init(store: any ShopStore, menu: LiveMenu) {
        self.store = store
        self.menu = menu
    }

    /// A new client's stream of events, and its number for `unsubscribe`; an already finished stream after `close()`.
    func subscribe() -> (id: Int, events: AsyncStream<ServerEvent>) {
        let (stream, continuation) = AsyncStream.makeStream(of: ServerEvent.self, bufferingPolicy: .bufferingNewest(Self.clientBuffer))
        nextID += 1
        if closed { continuation.finish() } else { subscribers[nextID] = continuation }
        return (nextID, stream)
    }

    /// Ends a client's stream.
    func unsubscribe(_ id: Int) {
        subscribers.removeValue(forKey: id)?.finish()
    }

    /// Ends every stream, now and for clients that come later (graceful shutdown).
    func close() {
        closed = true
        disconnectAll()
    }

    /// Ends every open stream; clients reconnect (the page does by itself) and start again from the current stock.
    func disconnectAll() {
        for continuation in subscribers.values { continuation.finish() }
        subscribers = [:]
    }

    /// How many clients are listening.
    var subscriberCount: Int { subscribers.count }

    /// Sends `event` to every client.
    func publish(_ event: ServerEvent) {
        for continuation in subscribers.values { continuation.yield(event) }
    }

    /// The current stock as a `stock` event.
    func stockEvent() async throws(ShopError) -> ServerEvent {
        let book = await menu.current.book
        return ServerEvent(name: "stock", data: JSONResponse.text(StockBody(try await store.snapshot(book: book), book: book)))
    }

    /// Publishes a `stock` event when the store's change token moved since the last look.
    func checkForChanges() async throws(ShopError) {
        let token = try await store.changeToken()
        guard token != lastToken else { return }
        // The token is taken as seen only once its stock went out, so a failed read is retried at the next tick.
        if !subscribers.isEmpty { publish(try await stockEvent()) }
        lastToken = token
    }

    /// Looks for changes every `interval` until cancelled; a failed look is retried at the next tick.
    func poll(every interval: Duration) async {
        while !Task.isCancelled {
            try? await checkForChanges()
            try? await Task.sleep(for: interval)
        }
    }
}
