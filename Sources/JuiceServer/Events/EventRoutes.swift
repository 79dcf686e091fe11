import Hummingbird
import JuiceShop
import NIOCore
import ServiceLifecycle

extension ShopServer {
    /// `GET /api/events`: server-sent events. The stream opens with the current stock (so a reconnecting page is
    /// up to date at once), then carries a `stock` event after every change and a `menu` event after every reload
    /// attempt. It ends when the client goes away or the server shuts down, and its slot is then given back. Beyond
    /// the caps (`StreamLimits`: in all, per client address) it is refused with 503 `too-many-streams`.
    func addEventRoutes(to router: Router<ShopRequestContext>) {
        router.get("/api/events") { request, context in try await events(request, context: context) }
    }

    /// The event stream of one client: its slot taken (or refused), then the stream written until it ends.
    func events(_ request: Request, context: ShopRequestContext) async throws -> Response {
        let subscription: (id: Int, first: ServerEvent, events: AsyncStream<ServerEvent>)
        do throws(EventHub.SubscribeError) {
            subscription = try await hub.subscribe(client: context.client)
        } catch {
            switch error {
            case .state(let error): throw APIError.shop(error, book: await menu.current.book)
            case .full(let limit, let perClient): throw APIError.tooManyStreams(limit: limit, perClient: perClient)
            }
        }
        // Gives the slot back however the response ends, even if its body is never written.
        let lease = StreamLease(hub: hub, id: subscription.id)
        let headers: HTTPFields = [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store"]
        let (first, events) = (subscription.first, subscription.events)
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in try await Self.stream(first, then: events, of: request, to: &writer, lease: lease) })
    }

    /// Writes `first`, then every event of `events`, until they end, the client goes away or the server shuts down;
    /// the slot is given back in every case.
    static func stream(
        _ first: ServerEvent, then events: AsyncStream<ServerEvent>, of request: Request, to writer: inout any ResponseBodyWriter,
        lease: StreamLease
    ) async throws {
        do {
            try await request.body.consumeWithInboundCloseHandler { _ in
                try await withGracefulShutdownHandler {
                    try await writer.write(ByteBuffer(string: "retry: 1000\n\n" + first.wireFormat))
                    for await event in events {
                        try await writer.write(ByteBuffer(string: event.wireFormat))
                    }
                } onGracefulShutdown: {
                    lease.release()
                }
            } onInboundClosed: {
                lease.release()
            }
        } catch {
            await lease.end()
            throw error
        }
        await lease.end()
        try await writer.finish(nil)
    }
}

/// One event stream's slot in the hub: given back when the stream ends, when its client goes away, or at the
/// latest when the response holding it is dropped.
final class StreamLease: Sendable {
    private let hub: EventHub
    private let id: Int

    init(hub: EventHub, id: Int) {
        self.hub = hub
        self.id = id
    }

    /// Ends the stream and gives the slot back, now.
    func end() async { await hub.unsubscribe(id) }

    /// Ends the stream and gives the slot back, soon (from a handler that cannot wait).
    func release() {
        let (hub, id) = (hub, id)
        Task { await hub.unsubscribe(id) }
    }

    deinit {
        let (hub, id) = (hub, id)
        Task { await hub.unsubscribe(id) }
    }
}
