import HTTPTypes
@_spi(Internal) import Hummingbird
import Logging
import NIOCore
import RoutingKit
@_spi(HandlerRouter) @_spi(Tools) import URLRouter

/// One router under test: built from a route set, it answers `METHOD path` with the index of the
/// route that won (`nil` for a 404).
protocol ComparedRouter: AnyObject {
    /// The route index that answers, or `nil` (used to check answers before timing).
    func answer(method: String, path: String) async -> Int?
}

/// A router whose lookup is synchronous: the route and all its parameters, folded into a number.
protocol SynchronousRouter: ComparedRouter {
    func lookup(method: String, path: String) -> Int
}

/// A router whose lookup is asynchronous (Hummingbird's responder).
protocol AsynchronousRouter: ComparedRouter {
    func lookup(method: String, path: String) async -> Int
}

/// The parameter names of each route, in pattern order.
func parameterNames(_ set: BenchRouteSet) -> [[String]] {
    set.routes.map { route in
        route.path.split(separator: "/").filter { $0.hasPrefix(":") }.map { String($0.dropFirst()) }
    }
}

/// URLRouter's typed table on one backend, called the way a server calls it: the owning lookup
/// (a match object holding the value, the route and the parameters), every parameter read by name
/// as a `String`, as the README teaches and as the other routers here are read.
final class URLRouterUnderTest: SynchronousRouter {
    let table: RouteTable<Int>
    let names: [[String]]

    init(_ set: BenchRouteSet, backend: RouterBackend) throws {
        // The same table `urlrouter bench` measures: route i holds i.
        table = try set.typedTable(backend: backend)
        names = parameterNames(set)
    }

    func answer(method: String, path: String) -> Int? {
        guard case .success(let match) = table.lookup(method: method, url: path) else { return nil }
        return match.value
    }

    func lookup(method: String, path: String) -> Int {
        guard case .success(let match) = table.lookup(method: method, url: path) else { return -1 }
        var total = 0
        for name in names[match.value] { total &+= match.parameters.get(name)?.utf8.count ?? 0 }
        return total
    }
}

/// URLRouter's typed table on one backend through the borrowed lookup (`withMatch`), the hot path
/// of a server: every parameter read in place, as bytes; nothing allocated.
final class URLRouterBorrowedUnderTest: SynchronousRouter {
    let table: RouteTable<Int>

    init(_ set: BenchRouteSet, backend: RouterBackend) throws {
        table = try set.typedTable(backend: backend)
    }

    func answer(method: String, path: String) -> Int? {
        table.withMatch(method: method, url: path) { lookup -> Int? in
            switch lookup {
            case .miss: return nil
            case .match(let match):
                return match.value
            }
        }
    }

    func lookup(method: String, path: String) -> Int {
        table.withMatch(method: method, url: path) { lookup in
            switch lookup {
            case .miss: return -1
            case .match(let match):
                var total = 0
                for index in 0..<match.parameterCount { total &+= match.parameter(at: index).count }
                return total
            }
        }
    }
}

/// vapor/routing-kit's TrieRouter, the way Vapor's DefaultResponder calls it: the method as the
/// first component, the path split on `/`.
final class RoutingKitUnderTest: SynchronousRouter {
    let router: TrieRouter<Int>
    let names: [[String]]

    init(_ set: BenchRouteSet) {
        router = TrieRouter(Int.self)
        for (index, route) in set.routes.enumerated() {
            router.register(index, at: [.constant(route.method)] + route.path.pathComponents)
        }
        names = parameterNames(set)
    }

    func route(_ method: String, _ path: String, _ parameters: inout RoutingKit.Parameters) -> Int? {
        let components = path.split(separator: "/").map(String.init)
        return router.route(path: [method] + components, parameters: &parameters)
    }

    func answer(method: String, path: String) -> Int? {
        var parameters = RoutingKit.Parameters()
        return route(method, path, &parameters)
    }

    func lookup(method: String, path: String) -> Int {
        var parameters = RoutingKit.Parameters()
        guard let index = route(method, path, &parameters) else { return -1 }
        var total = 0
        for name in names[index] { total &+= parameters.get(name)?.utf8.count ?? 0 }
        return total
    }
}

/// Hummingbird 2's router trie, resolved the way its own benchmarks call it; each path holds its
/// methods' route indices.
final class HummingbirdTrieUnderTest: SynchronousRouter {
    let trie: RouterTrie<[String: Int]>
    let names: [[String]]

    init(_ set: BenchRouteSet) {
        // One entry per path, holding its methods (the way Hummingbird's router groups endpoints).
        var methodsByPath: [String: [String: Int]] = [:]
        var paths: [String] = []
        for (index, route) in set.routes.enumerated() {
            if methodsByPath[route.path] == nil { paths.append(route.path) }
            methodsByPath[route.path, default: [:]][route.method] = index
        }
        let builder = RouterPathTrieBuilder<[String: Int]>()
        for path in paths { builder.addEntry(RouterPath(path), value: methodsByPath[path]!) }
        trie = builder.build()
        names = parameterNames(set)
    }

    func answer(method: String, path: String) -> Int? {
        trie.resolve(path)?.value[method]
    }

    func lookup(method: String, path: String) -> Int {
        guard let (value, parameters) = trie.resolve(path), let index = value[method] else { return -1 }
        var total = 0
        for name in names[index] { total &+= parameters.get(name)?.utf8.count ?? 0 }
        return total
    }
}

/// A request context for Hummingbird's responder without a server.
struct BenchContext: RequestContext {
    typealias Source = BenchContextSource
    var coreContext: CoreRequestContextStorage
    init(source: Source) { coreContext = CoreRequestContextStorage(source: source) }
}

struct BenchContextSource: RequestContextSource {
    let logger = Logger(label: "Benchmark")
}

/// Hummingbird 2's full responder (routing, context, handler, response) without networking.
final class HummingbirdResponderUnderTest: AsynchronousRouter {
    let responder: any HTTPResponder<BenchContext>
    static let route = HTTPField.Name("X-Route")!

    init(_ set: BenchRouteSet) {
        let router = Hummingbird.Router(context: BenchContext.self)
        let names = parameterNames(set)
        for (index, route) in set.routes.enumerated() {
            let routeNames = names[index]
            router.on(RouterPath(route.path), method: HTTPRequest.Method(route.method)!) { _, context in
                var total = 0
                for name in routeNames { total &+= context.parameters.get(name)?.utf8.count ?? 0 }
                return Response(status: .ok, headers: [HummingbirdResponderUnderTest.route: String(index)])
            }
        }
        responder = router.buildResponder()
    }

    func respond(_ method: String, _ path: String) async -> Response? {
        let head = HTTPRequest(method: HTTPRequest.Method(method)!, scheme: "http", authority: "localhost", path: path)
        let request = Request(head: head, body: RequestBody(buffer: ByteBuffer()))
        return try? await responder.respond(to: request, context: BenchContext(source: BenchContextSource()))
    }

    func answer(method: String, path: String) async -> Int? {
        guard let response = await respond(method, path), response.status == .ok else { return nil }
        return response.headers[HummingbirdResponderUnderTest.route].flatMap { Int($0) }
    }

    func lookup(method: String, path: String) async -> Int {
        guard let response = await respond(method, path) else { return -1 }
        return Int(response.status.code)
    }
}

/// The routers compared, by the label the report uses.
enum RouterKind: String, CaseIterable, Sendable {
    case urlRouterPCRE2 = "urlrouter-pcre2"
    case urlRouterPCRE2Borrowed = "urlrouter-pcre2-borrowed"
    case urlRouterFoundation = "urlrouter-foundation"
    case routingKit = "routing-kit"
    case hummingbirdTrie = "hummingbird-trie"
    case hummingbirdResponder = "hummingbird-responder"

    /// Whether a lookup must not allocate at all (its malloc threshold is 0).
    var allocatesNothing: Bool { self == .urlRouterPCRE2Borrowed }

    func make(_ set: BenchRouteSet) throws -> any ComparedRouter {
        switch self {
        case .urlRouterPCRE2: return try URLRouterUnderTest(set, backend: .pcre2)
        case .urlRouterPCRE2Borrowed: return try URLRouterBorrowedUnderTest(set, backend: .pcre2)
        case .urlRouterFoundation: return try URLRouterUnderTest(set, backend: .foundation)
        case .routingKit: return RoutingKitUnderTest(set)
        case .hummingbirdTrie: return HummingbirdTrieUnderTest(set)
        case .hummingbirdResponder: return HummingbirdResponderUnderTest(set)
        }
    }
}
