import Hummingbird
import JuiceShop
import NIOCore

extension ShopServer {
    /// `GET /metrics`: the Prometheus text format, with the stock gauges read at the time of the scrape. It answers
    /// while the state cannot be read too (`juice_state_up` 0), so the failures of an outage can still be scraped.
    func addMetricsRoutes(to router: Router<ShopRequestContext>) {
        router.get("/metrics") { _, _ in
            let book = await menu.current.book
            do throws(ShopError) {
                metrics.recordStock(try await store.snapshot(book: book), book: book)
                metrics.recordStateUp(true)
            } catch {
                metrics.recordStateUp(false)
            }
            return Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: metrics.registry.emitToBuffer())))
        }
    }
}
