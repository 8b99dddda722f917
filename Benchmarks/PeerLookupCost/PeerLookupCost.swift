@_spi(Internal) import Hummingbird
import RoutingKit
@_spi(HandlerRouter) @_spi(Tools) import URLRouter

#if canImport(Glibc)
import Glibc
#endif

/// The routers URLRouter is compared with, looked up the way `LookupCost` looks URLRouter up, for
/// `Benchmarks/peer-instructions` to count under callgrind beside it: the count of a run of 3
/// passes less that of 1 pass, over twice the requests, is the cost of one lookup.
///
/// Each lookup reads its route and every parameter by name as a `String`, as URLRouter's owning
/// lookup is read as the README teaches (`LookupCost owning-parameters`):
/// - `hummingbird-trie`: Hummingbird 2's router trie, resolved as its own benchmarks resolve it,
///   each path holding its methods' routes (as Hummingbird's router groups endpoints);
///   `context.parameters.get(name)` reads the same `Parameters`.
/// - `routing-kit`: routing-kit's `TrieRouter`, called as Vapor's responder calls it (the method
///   first, then the path split on `/`).
///
///     PeerLookupCost ROUTES REQUESTS hummingbird-trie|routing-kit PASSES
@main
enum PeerLookupCost {
    static func main() throws {
        let arguments = CommandLine.arguments
        guard arguments.count == 5, let passes = Int(arguments[4]),
            ["hummingbird-trie", "routing-kit"].contains(arguments[3])
        else {
            print("usage: PeerLookupCost ROUTES REQUESTS hummingbird-trie|routing-kit PASSES")
            exit(2)
        }
        // The route set's files are `METHOD /path` lines, request i best matched by route i
        // (`Benchmarks/Routes`), read with URLRouter's route-file reader as `LookupCost` reads them.
        let routes = try RouteFile(contentsOf: arguments[1]).routes.map {
            (method: $0.method ?? "GET", path: $0.pattern)
        }
        let requests = try RouteFile(contentsOf: arguments[2]).routes.map {
            (method: $0.method ?? "GET", url: $0.pattern)
        }
        let names = routes.map { route in
            route.path.split(separator: "/").filter { $0.hasPrefix(":") }.map { String($0.dropFirst()) }
        }
        var read = 0
        if arguments[3] == "hummingbird-trie" {
            var methodsByPath: [String: [String: Int]] = [:]
            var paths: [String] = []
            for (index, route) in routes.enumerated() {
                if methodsByPath[route.path] == nil { paths.append(route.path) }
                methodsByPath[route.path, default: [:]][route.method] = index
            }
            let builder = RouterPathTrieBuilder<[String: Int]>()
            for path in paths { builder.addEntry(RouterPath(path), value: methodsByPath[path]!) }
            let trie = builder.build()
            for _ in 0..<passes { read &+= hummingbird(trie, requests, names) }
        } else {
            let router = TrieRouter(Int.self)
            for (index, route) in routes.enumerated() {
                router.register(index, at: [.constant(route.method)] + route.path.pathComponents)
            }
            for _ in 0..<passes { read &+= routingKit(router, requests, names) }
        }
        // What was read is printed, so that no pass can be optimized away.
        print("\(requests.count) requests, \(passes) passes, \(read) bytes read")
    }

    /// One pass of Hummingbird trie lookups: the route, and every parameter by name.
    @inline(never)
    static func hummingbird(
        _ trie: RouterTrie<[String: Int]>, _ requests: [(method: String, url: String)], _ names: [[String]]
    ) -> Int {
        var read = 0
        for request in requests {
            guard let (methods, parameters) = trie.resolve(request.url), let index = methods[request.method] else {
                continue
            }
            read &+= index
            for name in names[index] { read &+= parameters.get(name)?.utf8.count ?? 0 }
        }
        return read
    }

    /// One pass of routing-kit lookups: the route, and every parameter by name.
    @inline(never)
    static func routingKit(
        _ router: TrieRouter<Int>, _ requests: [(method: String, url: String)], _ names: [[String]]
    ) -> Int {
        var read = 0
        for request in requests {
            var parameters = RoutingKit.Parameters()
            let path = [request.method] + request.url.split(separator: "/").map(String.init)
            guard let index = router.route(path: path, parameters: &parameters) else { continue }
            read &+= index
            for name in names[index] { read &+= parameters.get(name)?.utf8.count ?? 0 }
        }
        return read
    }
}
