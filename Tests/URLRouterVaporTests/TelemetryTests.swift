#if Vapor
import TelemetryTestSupport
import URLRouterVapor
import Vapor
import XCTVapor

/// Route telemetry as under Vapor's own router: `TracingMiddleware` names the span
/// `{METHOD} {route}` and tags it `http.route`, and the request metrics count per route, with
/// `vapor_route_undefined` for every unmatched request.
final class TelemetryTests: XCTestCase {
    /// What tracing and metrics recorded for requests under `provider`, its routes under `prefix`
    /// (written `{prefix}`), a miss among them.
    func record(_ provider: Application.Responder.Provider, prefix: String) async throws -> [String] {
        let paths = ["/users/7", "/files/a/b", "/nowhere/1"].map { "/\(prefix)" + $0 }
        let count = { (path: String, method: String, status: String) in
            TestTelemetry.count("http_requests_total", [("method", method), ("path", path), ("status", status)])
        }
        let counted = [
            ("/\(prefix)/users/:id", "GET", "200"), ("/\(prefix)/files/**", "GET", "200"),
            ("vapor_route_undefined", "undefined", "404"),
        ]
        TestTelemetry.start()
        let before = counted.map { count($0.0, $0.1, $0.2) }
        let routes = { (app: Application) in
            app.middleware.use(TracingMiddleware())
            app.get(PathComponent(stringLiteral: prefix), "users", ":id") { request in
                request.parameters.get("id") ?? ""
            }
            app.get(PathComponent(stringLiteral: prefix), "files", "**") { _ in "file" }
        }
        _ = try await withRunningServer(provider, routes: routes) { client in
            for path in paths { _ = try client.send("GET", path) }
        }
        var recorded: [String] = []
        for path in paths {
            for span in TestTelemetry.spans(ofPath: path) {
                recorded.append("\(path): \(span.name), http.route \(span.route ?? "-")")
            }
        }
        for (index, metric) in counted.enumerated() {
            recorded.append(
                "\(metric.0) \(metric.1) \(metric.2): \(count(metric.0, metric.1, metric.2) - before[index])")
        }
        return recorded.map { $0.replacingOccurrences(of: prefix, with: "{prefix}") }
    }

    func testSpansAndMetricsNameTheRouteAsVaporsRouterDoes() async throws {
        let expected = try await record(.default, prefix: "telemetry-vapor")
        let recorded = try await record(.urlRouter, prefix: "telemetry-urlrouter")
        XCTAssertEqual(recorded, expected)
        XCTAssertEqual(
            recorded,
            [
                "/{prefix}/users/7: GET /{prefix}/users/:id, http.route /{prefix}/users/:id",
                "/{prefix}/files/a/b: GET /{prefix}/files/**, http.route /{prefix}/files/**",
                "/{prefix}/nowhere/1: vapor_route_undefined, http.route -",
                "/{prefix}/users/:id GET 200: 1", "/{prefix}/files/** GET 200: 1",
                "vapor_route_undefined undefined 404: 1",
            ])
    }
}
#endif
