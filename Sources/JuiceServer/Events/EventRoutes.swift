import Hummingbird
import JuiceShop
import NIOCore
import ServiceLifecycle

extension ShopServer {
    /// `GET /api/events`: server-sent events. The stream opens with the current stock (so a reconnecting page is
    /// up to date at once), then carries a `stock` event after every change and a `menu` event after every reload
    /// attempt. It ends when the client goes away or the server shuts down.
    func addEventRoutes(to router: Router<ShopRequestContext>) {
        router.get("/api/events") { request, _ in
            let subscription: (id: Int, first: ServerEvent, events: AsyncStream<ServerEvent>)
            do throws(ShopError) { subscription = try await hub.subscribe() } catch { throw APIError.shop(error, book: await menu.current.book) }
            let (id, first, events) = subscription
            let hub = self.hub
            let headers: HTTPFields = [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store"]
            return Response(
                status: .ok, headers: headers,
                body: ResponseBody { writer in
                    try await request.body.consumeWithInboundCloseHandler { _ in
                        try await withGracefulShutdownHandler {
                            try await writer.write(ByteBuffer(string: "retry: 1000\n\n" + first.wireFormat))
                            for await event in events {
                                try await writer.write(ByteBuffer(string: event.wireFormat))
                            }
                        } onGracefulShutdown: {
                            Task { await hub.unsubscribe(id) }
                        }
                    } onInboundClosed: {
                        Task { await hub.unsubscribe(id) }
                    }
                    await hub.unsubscribe(id)
                    try await writer.finish(nil)
                })
        }
    }
}
