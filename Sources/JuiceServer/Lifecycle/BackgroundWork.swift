import JuiceReload
import JuiceShop
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
    /// For every reload attempt, until cancelled: counts it, logs it once (what the menu changed and, for an applied
    /// one, the juices the shop's stock can no longer make), and publishes a `menu` event, then for an applied one a
    /// fresh `stock` event (the fruits may have changed). One read of the stock serves the event and the log.
    func forwardMenuUpdates(logger: Logger) async {
        for await attempt in await menu.updates() {
            metrics.recordReload(attempt)
            var lines = attempt.logLines
            var stock: ServerEvent?
            if attempt.result == .applied, let book = attempt.book, let replaced = attempt.replacedBook,
                let snapshot = try? await store.snapshot(book: book)
            {
                lines += MenuChanges.unmakeableLines(MenuChanges.unmakeable(from: replaced, to: book, stock: snapshot.inventory))
                stock = EventHub.stockEvent(snapshot, book: book)
            }
            let metadata: Logger.Metadata = ["version": "\(attempt.version)", "problems": "\(attempt.diagnostics.count)"]
            if attempt.result == .rejected {
                logger.warning("\(lines.joined(separator: "\n"))", metadata: metadata)
            } else {
                logger.info("\(lines.joined(separator: "\n"))", metadata: metadata)
            }
            await hub.publish(
                ServerEvent(name: "menu", data: JSONResponse.text(MenuEventBody(version: attempt.version, result: attempt.result.rawValue))))
            if let stock { await hub.publish(stock) }
            if attempt.result != .rejected { await keepLastGood(await menu.current, logger: logger) }
        }
    }

    /// Keeps the menu being served in the store as the last good recipe set (see `keepLastGood(_:logger:)`): what
    /// `juice serve` does once at start, before it answers, and the server again after every reload that applied a
    /// set or found the directory good. Answers whether the store wrote it (false when it kept that version already,
    /// when the menu is not the directory's, or when keeping failed, which is logged).
    @discardableResult
    package func keepLastGoodMenu(logger: Logger) async -> Bool {
        await keepLastGood(await menu.current, logger: logger)
    }

    /// Keeps `live` in the store as the last good recipe set when it was read from the recipe directory (not the
    /// built-in set, and not the kept set itself); the store writes only when its version differs from the one kept.
    /// A failure is logged and changes nothing else: the menu is live all the same.
    @discardableResult
    func keepLastGood(_ live: MenuVersion, logger: Logger) async -> Bool {
        guard menu.directory != nil, live.origin == .directory, !live.files.isEmpty else { return false }
        let set = KeptRecipeSet(version: live.version, files: live.files.map { KeptRecipeFile(name: $0.name, bytes: $0.bytes) })
        do {
            return try await store.keepLastGoodRecipes(set)
        } catch {
            logger.warning(
                "could not keep the recipe set (menu version \(live.version.prefix(12))) as the last good menu: \(error)",
                metadata: ["version": "\(live.version)"])
            return false
        }
    }
}
