@_spi(HandlerRouter) @_spi(Tools) import URLRouter
import URLRouterHandlers

#if canImport(Glibc)
import Glibc
#endif

/// Runs the owning or the borrowed lookup of a route set's requests a given number of passes,
/// reading every parameter, for `Benchmarks/instructions` to count under callgrind: the count of
/// a run of 3 passes less that of 1 pass, over twice the requests, is the cost of one lookup,
/// with the set-up (reading the files, compiling the table) taken out.
///
/// The third mode, `floor`, is the least an owning lookup can cost: the borrowed lookup, plus
/// each parameter made the `Substring` of the URL that the owning match's `parameter(at:)` returns
/// (the standard library's price of that type, whoever pays it).
///
/// A module of its own, as a server's code calls the library: what the library's inlining
/// annotations do across modules is in the count.
///
/// `owning-parameters` is the owning lookup read as the README teaches: each parameter by name,
/// through `match.parameters`.
///
/// `strict-borrowed` is the borrowed lookup on a table with the strict profile's request checks
/// (``RequestChecks/strict``), whose cost over `borrowed` issue 29 bounds.
///
/// `host-borrowed` and `host-owning` are the lookups of a table whose every route has the host
/// pattern `{tenant}.example.com`, each request given the host `acme.example.com`, and the host's
/// parameter read with the path's (issue 51).
///
/// `trial-owning` and `trial-borrowed` are the live lookups with a trial of the same routes
/// sampling every lookup (issue 53): what a sampled lookup costs.
///
/// `generic-borrowed` is the borrowed lookup made from code that is generic over the table's
/// value and left unspecialized, as a module's generic code is where another module uses it (the
/// integrations' responders, generic over a request context), its answer copied out as a generic
/// enum with payloads, as theirs is.
///
/// `router` is the handler router's `match` (URLRouterHandlers' `Router`, the seeds' entry point)
/// on the same routes, every parameter read by index; `router-scheme` the same with the seeds'
/// default scheme (`HandlerOptions.defaultScheme`), under which the router routes every URL
/// without a scheme with the scheme in front.
///
///     LookupCost ROUTES REQUESTS MODE PASSES
@main
enum LookupCost {
    static func main() throws {
        let arguments = CommandLine.arguments
        guard arguments.count == 5, let passes = Int(arguments[4]),
            modes.contains(arguments[3])
        else {
            print("usage: LookupCost ROUTES REQUESTS \(modes.joined(separator: "|")) PASSES")
            exit(2)
        }
        // The route set's files are `METHOD /path` lines, request i best matched by route i
        // (`Benchmarks/Routes`): both read with URLRouter's route-file reader.
        let routes = try RouteFile(contentsOf: arguments[1]).routes.enumerated().map { index, route in
            RouteTable<Int>.Route(route.pattern, method: route.method, value: index)
        }
        let requests = try RouteFile(contentsOf: arguments[2]).routes.map {
            (method: $0.method ?? "GET", url: $0.pattern)
        }
        // SEMANTICS.md's defaults, which have no request checks, as the routers compared have none.
        let table = try RouteTable(routes, options: .handlerRouter)
        var read = 0
        switch arguments[3] {
        case "owning": for _ in 0..<passes { read &+= owning(table, requests) }
        case "owning-parameters":
            // Set-up, the same in every run: the names of each request's route's parameters.
            let names = requests.map { request in
                guard case .success(let match) = table.lookup(method: request.method, url: request.url) else {
                    return [String]()
                }
                return match.parameters.path.map(\.name)
            }
            for _ in 0..<passes { read &+= owningByName(table, requests, names) }
        case "borrowed": for _ in 0..<passes { read &+= borrowed(table, requests) }
        case "generic-borrowed": for _ in 0..<passes { read &+= genericBorrowed(table, requests) { $0 } }
        case "router":
            let router = Router()
            for route in routes { try router.register(route.pattern, method: route.method) { _ in } }
            for _ in 0..<passes { read &+= routed(router, requests) }
        case "router-scheme":
            // The seeds' default scheme: every URL without a scheme is routed with it in front.
            var handling = HandlerOptions()
            handling.defaultScheme = "app"
            let router = Router(handlerOptions: handling)
            for route in routes { try router.register(route.pattern, method: route.method) { _ in } }
            for _ in 0..<passes { read &+= routed(router, requests) }
        case "strict-borrowed":
            var checked = RouterOptions.handlerRouter
            checked.requestChecks = .strict
            let strict = try RouteTable(routes, options: checked)
            for _ in 0..<passes { read &+= borrowed(strict, requests) }
        case "host-borrowed", "host-owning":
            let hosted = try RouteTable(
                routes.map {
                    RouteTable<Int>.Route($0.pattern, method: $0.method, host: "{tenant}.example.com", value: $0.value)
                },
                options: .handlerRouter)
            let owning = arguments[3] == "host-owning"
            for _ in 0..<passes { read &+= owning ? hostOwning(hosted, requests) : hostBorrowed(hosted, requests) }
        case "live-owning", "live-borrowed", "trial-owning", "trial-borrowed":
            let live = try LiveRouteTable(routes, options: .handlerRouter)
            if arguments[3].hasPrefix("trial") {
                // Every lookup sampled: the cost of a sampled lookup, the candidate the same table.
                try live.startTrial(routes, policy: TrialPolicy(sampleEvery: 1))
            }
            let owning = arguments[3].hasSuffix("-owning")
            for _ in 0..<passes { read &+= owning ? liveOwning(live, requests) : liveBorrowed(live, requests) }
        default:
            // Set-up, the same in every run: where each parameter lies in its URL.
            let ranges = requests.map { request in
                guard case .success(let match) = table.lookup(method: request.method, url: request.url) else {
                    return [Range<Int>]()
                }
                return (0..<match.parameterCount).map { index in
                    let value = match.parameter(at: index)
                    let start = request.url.utf8.distance(from: request.url.startIndex, to: value.startIndex)
                    return start..<(start + value.utf8.count)
                }
            }
            for _ in 0..<passes { read &+= floor(table, requests, ranges) }
        }
        // What was read is printed, so that no pass can be optimized away.
        print("\(requests.count) requests, \(passes) passes, \(read) bytes read")
    }

    /// The modes.
    static let modes = [
        "owning", "owning-parameters", "borrowed", "floor", "live-owning", "live-borrowed", "trial-owning",
        "trial-borrowed", "strict-borrowed",
        "host-borrowed", "host-owning", "router", "router-scheme", "generic-borrowed",
    ]

    /// One pass of borrowed lookups on the host `acme.example.com`: the value, every parameter's
    /// bytes and the host's `tenant`.
    @inline(never)
    static func hostBorrowed(_ table: RouteTable<Int>, _ requests: [(method: String, url: String)]) -> Int {
        var read = 0
        for request in requests {
            read &+= table.withMatch(method: request.method, host: "acme.example.com", url: request.url) { lookup in
                switch lookup {
                case .miss: return 0
                case .match(let match):
                    var read = match.value + (match.parameter("tenant")?.count ?? 0)
                    for index in 0..<match.parameterCount { read &+= match.parameter(at: index).count }
                    return read
                }
            }
        }
        return read
    }

    /// One pass of owning lookups on the host `acme.example.com`: the value, every parameter as a
    /// `Substring` and the host's `tenant`.
    @inline(never)
    static func hostOwning(_ table: RouteTable<Int>, _ requests: [(method: String, url: String)]) -> Int {
        var read = 0
        for request in requests {
            guard
                case .success(let match) = table.lookup(
                    method: request.method, host: "acme.example.com", url: request.url)
            else { continue }
            read &+= match.value + (match.parameters.get("tenant")?.utf8.count ?? 0)
            for index in 0..<match.parameterCount { read &+= match.parameter(at: index).utf8.count }
        }
        return read
    }

    /// One pass of owning lookups: the value and every parameter as a `Substring`.
    @inline(never)
    static func owning(_ table: RouteTable<Int>, _ requests: [(method: String, url: String)]) -> Int {
        var read = 0
        for request in requests {
            guard case .success(let match) = table.lookup(method: request.method, url: request.url) else { continue }
            read &+= match.value
            for index in 0..<match.parameterCount { read &+= match.parameter(at: index).utf8.count }
        }
        return read
    }

    /// One pass of owning lookups read as the README teaches: the value, and every parameter by
    /// name through `match.parameters` (`names`, found in the set-up).
    @inline(never)
    static func owningByName(
        _ table: RouteTable<Int>, _ requests: [(method: String, url: String)], _ names: [[String]]
    ) -> Int {
        var read = 0
        for (request, names) in zip(requests, names) {
            guard case .success(let match) = table.lookup(method: request.method, url: request.url) else { continue }
            read &+= match.value
            for name in names { read &+= match.parameters.get(name)?.utf8.count ?? 0 }
        }
        return read
    }

    /// What a generic caller copies out of a borrowed lookup: the value and the parameters'
    /// length, or the miss.
    enum GenericAnswer<V> {
        case endpoint(V, Int)
        case miss(RouteMiss.Reason)
    }

    /// One pass of borrowed lookups from generic code, through the integrations' entry point
    /// (``RouteTable/withMatch(method:routingHost:url:_:)``); `value` reads the value. Never
    /// specialized (an underscored attribute, for the benchmark only): the compiler would
    /// otherwise specialize it for `Int`, which it cannot do for code in another module.
    @inline(never)
    @_semantics("optimize.sil.specialize.generic.never")
    static func genericBorrowed<V: Sendable>(
        _ table: RouteTable<V>, _ requests: [(method: String, url: String)], _ value: (V) -> Int
    ) -> Int {
        var read = 0
        let noHost: () -> String? = { nil }
        for request in requests {
            let answer = table.withMatch(method: request.method, routingHost: noHost, url: request.url) {
                lookup -> GenericAnswer<V> in
                switch lookup {
                case .miss(let reason, _): return .miss(reason)
                case .match(let match):
                    var length = 0
                    for index in 0..<match.parameterCount { length &+= match.parameter(at: index).count }
                    return .endpoint(match.value, length)
                }
            }
            if case .endpoint(let found, let length) = answer { read &+= value(found) + length }
        }
        return read
    }

    /// One pass of borrowed lookups: the value and every parameter's bytes.
    @inline(never)
    static func borrowed(_ table: RouteTable<Int>, _ requests: [(method: String, url: String)]) -> Int {
        var read = 0
        for request in requests {
            read &+= table.withMatch(method: request.method, url: request.url) { lookup in
                switch lookup {
                case .miss: return 0
                case .match(let match):
                    var read = match.value
                    for index in 0..<match.parameterCount { read &+= match.parameter(at: index).count }
                    return read
                }
            }
        }
        return read
    }

    /// The handler router's lookup of each request, every parameter read by index.
    @inline(never)
    static func routed(_ router: Router, _ requests: [(method: String, url: String)]) -> Int {
        var read = 0
        for request in requests {
            guard case .success(let match) = router.match(request.url, method: request.method) else { continue }
            read &+= match.parameterCount
            for index in 0..<match.parameterCount { read &+= match.parameter(at: index).utf8.count }
        }
        return read
    }

    /// ``owning(_:_:)`` through a live table serving the same routes.
    @inline(never)
    static func liveOwning(_ table: LiveRouteTable<Int>, _ requests: [(method: String, url: String)]) -> Int {
        var read = 0
        for request in requests {
            guard case .success(let match) = table.lookup(method: request.method, url: request.url) else { continue }
            read &+= match.value
            for index in 0..<match.parameterCount { read &+= match.parameter(at: index).utf8.count }
        }
        return read
    }

    /// ``borrowed(_:_:)`` through a live table serving the same routes.
    @inline(never)
    static func liveBorrowed(_ table: LiveRouteTable<Int>, _ requests: [(method: String, url: String)]) -> Int {
        var read = 0
        for request in requests {
            read &+= table.withMatch(method: request.method, url: request.url) { lookup in
                switch lookup {
                case .miss: return 0
                case .match(let match):
                    var read = match.value
                    for index in 0..<match.parameterCount { read &+= match.parameter(at: index).count }
                    return read
                }
            }
        }
        return read
    }

    /// One pass of borrowed lookups that also make each parameter the `Substring` of the URL an
    /// owning match returns (from `ranges`, found in the set-up).
    @inline(never)
    static func floor(
        _ table: RouteTable<Int>, _ requests: [(method: String, url: String)], _ ranges: [[Range<Int>]]
    ) -> Int {
        var read = 0
        for (request, ranges) in zip(requests, ranges) {
            read &+= table.withMatch(method: request.method, url: request.url) { lookup in
                switch lookup {
                case .miss: return 0
                case .match(let match):
                    var read = match.value
                    let utf8 = request.url.utf8
                    for range in ranges {
                        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
                        let end = utf8.index(start, offsetBy: range.count)
                        read &+= Substring(utf8[start..<end]).utf8.count
                    }
                    return read
                }
            }
        }
        return read
    }
}
