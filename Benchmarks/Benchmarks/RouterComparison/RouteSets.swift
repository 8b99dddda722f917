import Foundation
@_spi(HandlerRouter) @_spi(Tools) import URLRouter
import URLRouterHandlers

/// A route set of ../Routes: `METHOD /path/:param` per line, with requests whose line i is
/// best matched by route i, read by URLRouter's route-file reader (which refuses a malformed line).
struct BenchRouteSet: Sendable {
    /// One line: a route's method and pattern, or a request's method and path.
    struct Line: Sendable {
        var method: String
        var path: String
    }

    let name: String
    let routes: [Line]
    let requests: [Line]

    static let directory: String = {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Routes").path
    }()

    static let names = [
        "github-api", "static", "parse-api", "gplus-api", "synthetic-10", "synthetic-100", "synthetic-1000",
        "synthetic-10000",
    ]

    init(_ name: String) {
        self.name = name
        func lines(_ file: String) -> [Line] {
            do {
                return try RouteFile(contentsOf: "\(BenchRouteSet.directory)/\(file)").routes.map {
                    Line(method: $0.method ?? "GET", path: $0.pattern)
                }
            } catch {
                fatalError("\(file): \(error)")
            }
        }
        routes = lines("\(name).txt")
        requests = lines("\(name)-requests.txt")
        precondition(routes.count == requests.count, "\(name): request i must be for route i")
    }

    /// The set's typed table on `backend`, route i holding i, under SEMANTICS.md's defaults (no
    /// request checks, as the routers compared have none): the table `urlrouter bench` measures.
    func typedTable(backend: RouterBackend) throws -> RouteTable<Int> {
        try RouteTable(
            routes.enumerated().map { RouteTable<Int>.Route($1.path, method: $1.method, value: $0) },
            options: .handlerRouter, backend: backend)
    }

    /// The requests of one scenario, each with the route index that must answer it (`nil`: 404).
    struct Scenario: Sendable {
        var kind: String
        var requests: [(method: String, path: String, expected: Int?)]
    }

    /// A check of whether some route matches a request: same method, same number of segments, every
    /// literal segment equal (`:name` takes any one segment). Routes are grouped by method and
    /// segment count, so checking 10,000 requests against 10,000 routes stays quick.
    func routeChecker() -> (_ method: String, _ path: String) -> Bool {
        var groups: [String: [[Substring]]] = [:]
        for route in routes {
            let pattern = route.path.split(separator: "/")
            groups["\(route.method) \(pattern.count)", default: []].append(pattern)
        }
        return { method, path in
            let segments = path.split(separator: "/")
            return groups["\(method) \(segments.count)", default: []].contains { pattern in
                zip(pattern, segments).allSatisfy { $0.hasPrefix(":") || $0 == $1 }
            }
        }
    }

    /// hits: every request; misses: every request with an extra last segment, where no route
    /// takes that (a request whose extended path some route does match is left out);
    /// params: requests for routes with two or more parameters.
    var scenarios: [Scenario] {
        let hits = requests.enumerated().map { ($0.element.method, $0.element.path, Optional($0.offset)) }
        let hasRoute = routeChecker()
        let misses = requests.map { ($0.method, $0.path + "/zz-not-found") }
            .filter { !hasRoute($0.0, $0.1) }
            .map { ($0.0, $0.1, Int?.none) }
        let params = requests.enumerated().filter { index, _ in
            routes[index].path.split(separator: "/").filter { $0.hasPrefix(":") }.count >= 2
        }.map { ($0.element.method, $0.element.path, Optional($0.offset)) }
        var result = [Scenario(kind: "hits", requests: hits), Scenario(kind: "misses", requests: misses)]
        if !params.isEmpty { result.append(Scenario(kind: "params", requests: params)) }
        return result
    }
}
