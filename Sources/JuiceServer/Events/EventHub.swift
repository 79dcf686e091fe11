import JuiceCore
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

/// Fans events out to every open event stream. One loop per server (`follow`) consumes the store's change tokens
/// (pushed by LISTEN/NOTIFY on PostgreSQL, polled on SQLite), so changes from any source (this server, another server,
/// the CLI on the same state) reach every page, each as exactly one `stock` event: every client remembers the token
/// its stock was last read at and gets an event only for a newer one. Each client has a small buffer that keeps only
/// the newest events, so a slow client cannot pile up memory. Streams are capped (`StreamLimits`), in all and per
/// client address; a slot is taken before the stock is read and given back when the stream ends.
actor EventHub {
    /// How many events a client may fall behind before the oldest are dropped (each event carries whole state).
    static let clientBuffer = 8

    /// How many times `subscribe` reads the stock again when changes keep being published while it reads.
    static let subscribeAttempts = 5

    /// One open event stream.
    private struct Subscriber {
        var continuation: AsyncStream<ServerEvent>.Continuation
        /// The change token the client's stock was last read at (it has seen every change up to it).
        var seen: Int
        /// Whose slot the stream holds.
        var client: ClientAddress
    }

    /// Why a client cannot have a stream now.
    enum SubscribeError: Error, Sendable {
        /// The shop's stock cannot be read.
        case state(ShopError)
        /// `limit` streams are open already, from this client (`perClient`) or in all.
        case full(limit: Int, perClient: Bool)
    }

    private let store: any ShopStore
    private let menu: LiveMenu
    private var subscribers: [Int: Subscriber] = [:]
    private var nextID = 0
    /// The newest change token the loop has handled.
    private var lastToken: Int?
    private var closed = false
    /// The caps on open streams.
    let limits: StreamLimits
    /// Open streams (and streams being opened) per client.
    private var slots: [ClientAddress: Int] = [:]
    /// Open streams (and streams being opened) in all.
    private var slotCount = 0

    init(store: any ShopStore, menu: LiveMenu, limits: StreamLimits = StreamLimits()) {
        self.store = store
        self.menu = menu
        self.limits = limits
    }

    /// Takes a slot for `client`, or says which cap is reached (checked and taken with no suspension in between).
    private func takeSlot(for client: ClientAddress) throws(SubscribeError) {
        if slots[client, default: 0] >= limits.perClient { throw .full(limit: limits.perClient, perClient: true) }
        if slotCount >= limits.total { throw .full(limit: limits.total, perClient: false) }
        slots[client, default: 0] += 1
        slotCount += 1
    }

    /// Gives `client`'s slot back.
    private func releaseSlot(of client: ClientAddress) {
        slotCount -= 1
        let left = slots[client, default: 1] - 1
        slots[client] = left > 0 ? left : nil
    }

    /// How many streams `client` holds (tests).
    func slotsHeld(by client: ClientAddress) -> Int { slots[client, default: 0] }

    /// A new client: its number for `unsubscribe`, the current stock as its first event, and its stream of the events
    /// that follow (every change after that stock, every menu reload); an already finished stream after `close()`.
    /// Throws when `client` or the server has as many streams as the limits allow, or when the stock cannot be read
    /// (the database is away).
    func subscribe(client: ClientAddress) async throws(SubscribeError) -> (id: Int, first: ServerEvent, events: AsyncStream<ServerEvent>) {
        try takeSlot(for: client)
        var current: (token: Int, event: ServerEvent)
        do throws(ShopError) {
            current = try await currentStock()
            for _ in 1..<Self.subscribeAttempts where !isUpToDate(current.token) {
                // The loop handled (and published) a change newer than the token while the stock was being read: the
                // stock may not include it, so read again.
                current = try await currentStock()
            }
        } catch {
            releaseSlot(of: client)
            throw .state(error)
        }
        let (stream, continuation) = AsyncStream.makeStream(of: ServerEvent.self, bufferingPolicy: .bufferingNewest(Self.clientBuffer))
        nextID += 1
        if closed {
            continuation.finish()
            releaseSlot(of: client)
        } else {
            subscribers[nextID] = Subscriber(continuation: continuation, seen: current.token, client: client)
        }
        return (nextID, current.event, stream)
    }

    /// The stock now as a `stock` event, with a change token it includes every change up to (read just before it).
    private func currentStock() async throws(ShopError) -> (token: Int, event: ServerEvent) {
        let token = try await store.changeToken()
        return (token, try await stockEvent())
    }

    /// Whether a client whose stock was read at `token` may join without missing a change: the loop has handled no
    /// change newer than `token` (those it handles from now on reach the client).
    private func isUpToDate(_ token: Int) -> Bool {
        guard let lastToken else { return true }
        return lastToken <= token
    }

    /// Ends a client's stream.
    func unsubscribe(_ id: Int) {
        guard let subscriber = subscribers.removeValue(forKey: id) else { return }
        subscriber.continuation.finish()
        releaseSlot(of: subscriber.client)
    }

    /// Ends every stream, now and for clients that come later (graceful shutdown).
    func close() {
        closed = true
        disconnectAll()
    }

    /// Ends every open stream; clients reconnect (the page does by itself) and start again from the current stock.
    func disconnectAll() {
        for subscriber in subscribers.values {
            subscriber.continuation.finish()
            releaseSlot(of: subscriber.client)
        }
        subscribers = [:]
    }

    /// How many clients are listening.
    var subscriberCount: Int { subscribers.count }

    /// Sends `event` to every client.
    func publish(_ event: ServerEvent) {
        for subscriber in subscribers.values { subscriber.continuation.yield(event) }
    }

    /// The current stock as a `stock` event.
    func stockEvent() async throws(ShopError) -> ServerEvent {
        let book = await menu.current.book
        return Self.stockEvent(try await store.snapshot(book: book), book: book)
    }

    /// `snapshot` as a `stock` event, naming things from `book`.
    static func stockEvent(_ snapshot: ShopSnapshot, book: RecipeBook) -> ServerEvent {
        ServerEvent(name: "stock", data: JSONResponse.text(StockJSON(snapshot, book: book)))
    }

    /// Publishes one `stock` event for every change `tokens` reports (the store's `changeTokens`), until the stream
    /// ends or the task is cancelled. This is the only place stock changes are published (the routes that change
    /// stock publish nothing themselves), and a client gets an event only for a token newer than the one its stock
    /// was read at, so no change reaches a page twice. When the stock cannot be read (the database is away) it is
    /// read again every `retryInterval` until it can, so the pages catch up as soon as the store is back.
    func follow(_ tokens: AsyncStream<Int>, retryEvery retryInterval: Duration) async {
        for await token in tokens {
            while !Task.isCancelled {
                do throws(ShopError) {
                    try await observe(token)
                    break
                } catch {
                    try? await Task.sleep(for: retryInterval)
                }
            }
        }
    }

    /// Handles the change token `token`: every client whose stock is older gets the stock, read now, as a `stock`
    /// event. The stock is read only when some client needs it. A token lower than the last one means the state was
    /// replaced (a backup restored), and every client gets the stock.
    func observe(_ token: Int) async throws(ShopError) {
        guard token != lastToken else { return }
        let reset = lastToken.map { token < $0 } ?? false
        func behind(_ subscriber: Subscriber) -> Bool { reset || subscriber.seen < token }
        if subscribers.values.contains(where: behind) {
            let event = try await stockEvent()
            // Clients that joined during the read are served by the same rule (their own token says what they saw).
            for (id, subscriber) in subscribers where behind(subscriber) {
                subscriber.continuation.yield(event)
                subscribers[id]?.seen = token
            }
        }
        lastToken = token
    }
}
