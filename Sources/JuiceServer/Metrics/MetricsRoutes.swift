import Hummingbird
import NIOCore

extension ShopServer {
    /// `GET /metrics`: the Prometheus text format, with the stock gauges read at the time of the scrape.
    func addMetricsRoutes(to router: Router<ShopRequestContext>) {
        router.get("/metrics") { _, _ in
            let book = await menu.current.book
            metrics.recordStock(try await snapshot(book: book), book: book)
            return Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: metrics.registry.emitToBuffer())))
        }
    }
}
