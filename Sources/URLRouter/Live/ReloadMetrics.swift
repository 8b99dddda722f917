import Metrics

/// A live table's swift-metrics: `urlrouter_reloads_total` counts changes by outcome, and
/// `urlrouter_routes` is the number of routes served; both carry the table's name.
struct ReloadMetrics: Sendable {
    private let success: Counter
    private let rejected: Counter
    private let unchanged: Counter
    private let routes: Gauge

    init(table: String) {
        func counter(_ outcome: ReloadOutcome.Kind) -> Counter {
            Counter(label: "urlrouter_reloads_total", dimensions: [("outcome", "\(outcome)"), ("table", table)])
        }
        success = counter(.success)
        rejected = counter(.rejected)
        unchanged = counter(.unchanged)
        routes = Gauge(label: "urlrouter_routes", dimensions: [("table", table)])
    }

    /// Counts `outcome` and sets the gauge to the routes it leaves serving.
    func record(_ outcome: ReloadOutcome) {
        switch outcome.kind {
        case .success: success.increment()
        case .rejected: rejected.increment()
        case .unchanged: unchanged.increment()
        }
        routes.record(outcome.routeCount)
    }
}
