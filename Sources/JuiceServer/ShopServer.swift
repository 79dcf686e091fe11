import Hummingbird
import JuiceCore
import JuiceReload
import JuiceShop
import Logging
import ServiceLifecycle

/// The live shop over HTTP: the JSON API, server-sent events, the two screens, metrics; one process, one store.
public struct ShopServer: Sendable {
    /// How the server runs.
    public let configuration: ServerConfiguration
    /// The server's Prometheus series.
    public let metrics: ShopMetrics
    let store: any ShopStore
    let menu: LiveMenu
    let hub: EventHub
    let stateFailures: StateFailureLog

    /// A server selling from `store` with the menu `menu`; throws when `configuration` would expose staff actions.
    public init(configuration: ServerConfiguration, store: any ShopStore, menu: LiveMenu) throws(ServerStartError) {
        try configuration.validate()
        self.configuration = configuration
        self.store = store
        self.menu = menu
        self.metrics = ShopMetrics()
        self.hub = EventHub(store: store, menu: menu)
        self.stateFailures = StateFailureLog(interval: configuration.stateFailureLogInterval)
    }

    /// Lets the menu name the juices a reload makes unmakeable at the shop's current stock.
    func connectMenuToStock() async {
        let store = store
        let menu = menu
        // The menu keeps this closure: holding the menu strongly would be a cycle, and the menu, its book and the store
        // (an open database) would outlive the server.
        await menu.setStockSource { [weak menu] in
            guard let menu else { return nil }
            return try? await store.snapshot(book: menu.current.book).inventory
        }
    }

    /// Every route, with request logs and the API's error bodies.
    public func router() -> Router<ShopRequestContext> {
        let router = Router(context: ShopRequestContext.self)
        router.add(middleware: LogRequestsMiddleware(.info))
        router.add(middleware: MetricsMiddleware())
        router.add(middleware: APIMiddleware(defaultLanguage: configuration.language, stateFailures: stateFailures))
        addPageRoutes(to: router)
        addShopRoutes(to: router)
        addReloadRoutes(to: router)
        addEventRoutes(to: router)
        addMetricsRoutes(to: router)
        return router
    }

    /// The application: the router plus the background work (the change follower, menu watcher, SIGHUP); `onRunning` is
    /// told the port actually bound.
    public func application(logger: Logger, onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        Application(
            router: router(),
            configuration: ApplicationConfiguration(address: .hostname(configuration.host, port: configuration.port), serverName: "juice"),
            services: [BackgroundWork(server: self, logger: logger)],
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) },
            logger: logger)
    }
}
