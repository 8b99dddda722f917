#if Hummingbird
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TelemetryTestSupport
import URLRouterHummingbird

/// Route telemetry as under Hummingbird's own router: `TracingMiddleware` names the span by the
/// endpoint path and tags it `http.route` with the route's template, and `MetricsMiddleware`
/// counts requests per route template, with `NotFound` for every unmatched request.
@Suite struct TelemetryTests {
    /// The routes, under `prefix`, behind tracing and metrics middleware.
    static func addRoutes(to router: some RouterMethods<BasicRequestContext>, prefix: String) {
        _ = router.add(middleware: TracingMiddleware())
        _ = router.add(middleware: MetricsMiddleware())
        router.get("\(prefix)/users/:id") { _, context in context.parameters.get("id") ?? "" }
        router.get("\(prefix)/files/**") { _, _ in "file" }
    }

    /// What tracing and metrics recorded for requests to `responder`'s routes under `prefix`
    /// (written `{prefix}`), a miss among them.
    static func record(_ responder: any HTTPResponder<BasicRequestContext>, prefix: String) async throws -> [String] {
        let paths = ["/users/7", "/files/a/b", "/nowhere/1"].map { prefix + $0 }
        let count = { (route: String, status: String) in
            TestTelemetry.count(
                "hb.requests",
                [("http.route", route), ("http.request.method", "GET"), ("http.response.status_code", status)])
        }
        let counted = [("\(prefix)/users/{id}", "200"), ("\(prefix)/files/**", "200"), ("NotFound", "404")]
        TestTelemetry.start()
        let before = counted.map { count($0.0, $0.1) }
        try await Application(responder: AnyResponder(responder)).test(.router) { client in
            for path in paths { _ = try await client.execute(uri: path, method: .get) { $0.status } }
        }
        var recorded: [String] = []
        for path in paths {
            for span in TestTelemetry.spans(ofPath: path) {
                recorded.append("\(path): \(span.name), http.route \(span.route ?? "-")")
            }
        }
        for (index, route) in counted.enumerated() {
            recorded.append("\(route.0) \(route.1): \(count(route.0, route.1) - before[index])")
        }
        return recorded.map { $0.replacingOccurrences(of: prefix, with: "{prefix}") }
    }

    @Test func spansAndMetricsNameTheRouteTemplateAsHummingbirdsRouterDoes() async throws {
        let hummingbird = Router()
        Self.addRoutes(to: hummingbird, prefix: "/telemetry-hummingbird")
        let urlRouter = URLRouterBuilder()
        Self.addRoutes(to: urlRouter, prefix: "/telemetry-urlrouter")
        let expected = try await Self.record(hummingbird.buildResponder(), prefix: "/telemetry-hummingbird")
        let recorded = try await Self.record(urlRouter.buildResponder(), prefix: "/telemetry-urlrouter")
        #expect(recorded == expected)
        #expect(
            recorded == [
                "{prefix}/users/7: {prefix}/users/{id}, http.route {prefix}/users/{id}",
                "{prefix}/files/a/b: {prefix}/files/**, http.route {prefix}/files/**",
                "{prefix}/nowhere/1: NotFound, http.route NotFound",
                "{prefix}/users/{id} 200: 1", "{prefix}/files/** 200: 1", "NotFound 404: 1",
            ])
    }
}
#endif
