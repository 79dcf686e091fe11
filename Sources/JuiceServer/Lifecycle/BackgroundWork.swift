import Logging
import ServiceLifecycle
import UnixSignals

/// What runs beside the HTTP server: the loop that follows the store's changes, the menu watcher, `menu` events and reload metrics, and
/// SIGHUP reloads; all of it stops on graceful shutdown, and every event stream is ended.
struct BackgroundWork: Service {
    let server: ShopServer
    let logger: Logger

    func run() async throws {
        let start = await server.menu.current
        server.metrics.recordStart(loadedAt: start.loadedAt)
        await server.connectMenuToStock()
        await withDiscardingTaskGroup { group in
            group.addTask {
                let interval = server.configuration.eventPollInterval
                await server.hub.follow(server.store.changeTokens(pollingEvery: interval), retryEvery: interval)
            }
            group.addTask { await server.forwardMenuUpdates(logger: logger) }
            group.addTask { await server.menu.watch() }
            group.addTask {
                for await _ in await UnixSignalsSequence(trapping: .sighup) {
                    logger.info("SIGHUP: reloading the menu")
                    await server.menu.reload()
                }
            }
            try? await gracefulShutdown()
            group.cancelAll()
        }
        await server.hub.close()
    }
}

extension ShopServer {
    /// Publishes a `menu` event (and a fresh `stock` event, as the fruits may have changed) for every reload
    /// attempt, and counts it; until cancelled.
    func forwardMenuUpdates(logger: Logger) async {
        for await attempt in await menu.updates() {
            metrics.recordReload(attempt)
            let current = await menu.current
            logger.info("menu reload \(attempt.result.rawValue)", metadata: ["version": "\(current.version)", "problems": "\(attempt.diagnostics.count)"])
            await hub.publish(ServerEvent(name: "menu", data: JSONResponse.text(MenuEventBody(version: current.version, result: attempt.result.rawValue))))
            if attempt.result == .applied { try? await hub.publishCurrentStock() }
        }
    }
}
