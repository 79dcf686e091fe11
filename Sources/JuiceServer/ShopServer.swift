import Hummingbird
import HummingbirdCore
import JuiceCore
import JuiceMenuEditing
import JuiceReload
import JuiceShop
import Logging
import ServiceLifecycle

/// The live shop over HTTP: the JSON API, server-sent events, the two screens, metrics; one process, one store.
package struct ShopServer: Sendable {
    /// How the server runs.
    package let configuration: ServerConfiguration
    /// The server's Prometheus series.
    package let metrics: ShopMetrics
    let store: any ShopStore
    let menu: LiveMenu
    let hub: EventHub
    let stateFailures: StateFailureLog
    let staffThrottle: StaffThrottle
    /// The shop's sales and the staff panel's plan, kept until the shop changes.
    let sales: SalesCache
    /// Writes staff's menu edits to the recipe directory.
    let editor: MenuEditor

    /// A server selling from `store` with the menu `menu`; throws when `configuration` would expose staff actions.
    /// Menu edits go through `editor` (by default one for the menu's directory, its record kept in memory).
    package init(configuration: ServerConfiguration, store: any ShopStore, menu: LiveMenu, editor: MenuEditor? = nil) throws(ServerStartError) {
        try configuration.validate()
        self.editor = editor ?? MenuEditor(directory: menu.directory)
        self.configuration = configuration
        self.store = store
        self.menu = menu
        self.metrics = ShopMetrics()
        self.hub = EventHub(store: store, menu: menu, limits: configuration.streamLimits)
        self.staffThrottle = StaffThrottle(settings: configuration.staffThrottle)
        self.stateFailures = StateFailureLog(interval: configuration.stateFailureLogInterval)
        self.sales = SalesCache(store: store, clock: configuration.clock)
    }

    /// Every route, with request logs and the API's error bodies. The staff routes are the ones added to one group
    /// behind one middleware (`StaffMiddleware`), which refuses a request without the staff token.
    package func router() -> Router<ShopRequestContext> {
        let router = Self.router(language: configuration.language, stateFailures: stateFailures)
        let staff = router.group().add(middleware: StaffMiddleware(credential: configuration.staff, throttle: staffThrottle))
        addPageRoutes(to: router)
        addShopRoutes(to: router, staff: staff)
        addStockKeepingRoutes(staff: staff)
        addPurchaseRoutes(staff: staff)
        addReloadRoutes(staff: staff)
        addMenuEditRoutes(staff: staff)
        addPanelRoutes(staff: staff)
        addEventRoutes(to: router)
        addMetricsRoutes(to: router)
        return router
    }

    /// A router with the middleware every route of the shop passes (security headers, request logs, metrics, the
    /// request's language and the API's error bodies), and no route yet.
    package static func router(language: Language, stateFailures: StateFailureLog) -> Router<ShopRequestContext> {
        let router = Router(context: ShopRequestContext.self)
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: LogRequestsMiddleware(.info))
        router.add(middleware: MetricsMiddleware())
        router.add(middleware: APIMiddleware(defaultLanguage: language, stateFailures: stateFailures))
        return router
    }

    /// The application: the router plus the background work (the change follower, menu watcher, SIGHUP); `onRunning` is
    /// told the port actually bound. `services` run in the same service group (started before the server answers,
    /// shut down gracefully after it): the seam for a store's own service, such as a PostgreSQL client.
    package func application(
        logger: Logger, services: [any Service] = [], onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let deadlines = configuration.deadlines
        return Application(
            router: router(),
            // Each connection's deadlines for a request's header and body and for idling (`RequestDeadlineHandler`).
            server: .http1(configuration: .init(additionalChannelHandlers: [RequestDeadlineHandler(deadlines: deadlines, logger: logger)])),
            configuration: ApplicationConfiguration(address: .hostname(configuration.host, port: configuration.port), serverName: "juice"),
            services: services + [BackgroundWork(server: self, logger: logger)],
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) },
            logger: logger)
    }
}
