#if Hummingbird || Vapor
import InMemoryTracing
import Instrumentation
import Metrics
import MetricsTestKit
import Tracing

/// The process's tracer and metrics factory for the integrations' telemetry tests: swift-distributed-
/// tracing's in-memory tracer and swift-metrics' test handler, bootstrapped once (each system can
/// be bootstrapped once a process, and the Hummingbird and Vapor tests share one).
public enum TestTelemetry: Sendable {
    private static let bootstrapped: (tracer: InMemoryTracer, metrics: TestMetrics) = {
        let tracer = InMemoryTracer()
        let metrics = TestMetrics()
        InstrumentationSystem.bootstrap(tracer)
        MetricsSystem.bootstrap(metrics)
        return (tracer, metrics)
    }()

    /// Bootstraps both systems, if no test has yet; call before making the middleware that records.
    public static func start() {
        _ = bootstrapped
    }

    /// The finished spans whose `url.path` attribute is `path`, in the order they ended: each
    /// span's name and its `http.route` attribute.
    public static func spans(ofPath path: String) -> [(name: String, route: String?)] {
        bootstrapped.tracer.finishedSpans.filter { string($0, "url.path") == path }
            .map { ($0.operationName, string($0, "http.route")) }
    }

    /// The total of the counters called `label` with `dimensions`.
    public static func count(_ label: String, _ dimensions: [(String, String)]) -> Int64 {
        bootstrapped.metrics.counterTotal(label: label, dimensions: dimensions)
    }

    /// The span's attribute `name`, when it is a string.
    static func string(_ span: FinishedInMemorySpan, _ name: String) -> String? {
        guard case .string(let value) = span.attributes.get(name) else { return nil }
        return value
    }
}
#endif
