import Hummingbird
import JuiceCore
import JuiceServer
import JuiceShop
import Logging
import Metrics

/// The order benchmark's baseline (`juice-bench echo-server`; `scripts/bench-server.sh` runs `wrk` against it and
/// against `juice serve` in the same run). Its one route, `POST /api/orders`, does all the HTTP work of the shop's:
/// the same middleware (request logs, Prometheus metrics, language and error bodies), the same order decoding and
/// checks, a receipt of the same shape written the same way, but it touches no state. Not part of the shop: it lives
/// in the benchmarks' executable, which only `JUICE_BENCHMARKS=1` builds; `scripts/bench-server.sh` checks that it
/// answers an order and a refusal as the shop does before measuring.
struct OrderEchoServer: Sendable {
    /// The port to listen on, on 127.0.0.1 (0: any free port).
    var port: Int

    /// A baseline server on `port`.
    init(port: Int = 0) {
        self.port = port
    }

    /// The router: the shop's middleware and the one route.
    func router() -> Router<ShopRequestContext> {
        let configuration = ServerConfiguration()
        let router = ShopServer.router(language: configuration.language, stateFailures: StateFailureLog(interval: .seconds(10)))
        router.post("/api/orders") { request, _ in
            let body = try await OrderRequest.checked(request, configuration: configuration)
            let entry = JournalEntry(
                id: 0, time: "", kind: .order, command: "juice serve: POST /api/orders", juice: JuiceID(rawValue: body.juice),
                count: body.count, deltas: [:], undoes: nil, undoneBy: nil)
            return JSONResponse.make(
                ReceiptJSON(message: body.juice, entry: JournalEntryJSON(entry), stock: SortedObject([String: Int]())), status: .created)
        }
        return router
    }

    /// Bootstraps the process's metrics system with the shop's Prometheus registry, as `juice serve` does (so call it
    /// once per process), and serves until the process is told to stop; `onRunning` is told the port actually bound.
    func run(logger: Logger, onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        MetricsSystem.bootstrap(ShopMetrics().factory)
        let application = Application(
            router: router(),
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port), serverName: "juice"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) },
            logger: logger)
        try await application.runService()
    }
}
