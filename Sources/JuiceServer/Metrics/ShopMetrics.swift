import CoreMetrics
import Foundation
import JuiceCore
import JuiceReload
import JuiceShop
import Prometheus

/// The shop's Prometheus series, made through swift-metrics with a factory of the server's own registry (so that
/// several servers in one process, as in tests, keep separate figures).
package struct ShopMetrics: Sendable {
    /// The registry `GET /metrics` prints.
    package let registry: PrometheusCollectorRegistry
    /// The swift-metrics factory writing into `registry` (bootstrap swift-metrics with it to add Hummingbird's series).
    package let factory: PrometheusMetricsFactory

    /// How an order ended, for `juice_orders_total{result}`.
    enum OrderResult: String, CaseIterable {
        case served, refused, unknown, invalid, failed
    }

    private let orders: [OrderResult: CoreMetrics.Counter]
    private let orderLatency: CoreMetrics.Timer
    private let reloads: [ReloadAttempt.Result: CoreMetrics.Counter]
    private let lastReloadSuccessful: CoreMetrics.Gauge
    private let lastReloadSuccessTime: CoreMetrics.Gauge
    private let stateUp: CoreMetrics.Gauge

    /// Series in a new registry.
    package init() {
        registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = [
            .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2),
            .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
            .milliseconds(250), .milliseconds(500), .seconds(1),
        ]
        self.factory = factory
        orders = Dictionary(
            uniqueKeysWithValues: OrderResult.allCases.map {
                ($0, CoreMetrics.Counter(label: "juice_orders_total", dimensions: [("result", $0.rawValue)], factory: factory))
            })
        orderLatency = CoreMetrics.Timer(label: "juice_order_duration_seconds", factory: factory)
        reloads = Dictionary(
            uniqueKeysWithValues: [ReloadAttempt.Result.applied, .unchanged, .rejected].map {
                ($0, CoreMetrics.Counter(label: "juice_config_reloads_total", dimensions: [("result", $0.rawValue)], factory: factory))
            })
        lastReloadSuccessful = CoreMetrics.Gauge(label: "juice_config_last_reload_successful", factory: factory)
        lastReloadSuccessTime = CoreMetrics.Gauge(label: "juice_config_last_reload_success_timestamp_seconds", factory: factory)
        stateUp = CoreMetrics.Gauge(label: "juice_state_up", factory: factory)
    }

    /// Counts an order that ended as `result` after `duration`.
    func recordOrder(_ result: OrderResult, duration: Duration) {
        orders[result]?.increment()
        orderLatency.recordNanoseconds(duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000)
    }

    /// The menu that is live at start counts as a successful load.
    func recordStart(loadedAt: Date) {
        lastReloadSuccessful.record(1)
        lastReloadSuccessTime.record(loadedAt.timeIntervalSince1970)
    }

    /// Counts a reload attempt.
    func recordReload(_ attempt: ReloadAttempt) {
        reloads[attempt.result]?.increment()
        switch attempt.result {
        case .applied, .unchanged:
            lastReloadSuccessful.record(1)
            lastReloadSuccessTime.record(attempt.at.timeIntervalSince1970)
        case .rejected:
            lastReloadSuccessful.record(0)
        }
    }

    /// Sets `juice_stock{fruit}` from a snapshot.
    func recordStock(_ snapshot: ShopSnapshot, book: RecipeBook) {
        for fruit in book.fruits {
            CoreMetrics.Gauge(label: "juice_stock", dimensions: [("fruit", fruit.id.rawValue)], factory: factory).record(snapshot.inventory[fruit.id])
        }
    }

    /// Sets `juice_state_up`: 1 when the shop's state could be read at the scrape, 0 while it cannot (the database is
    /// away; the stock gauges then keep their last values).
    func recordStateUp(_ up: Bool) {
        stateUp.record(up ? 1 : 0)
    }
}
