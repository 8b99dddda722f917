import Foundation
@_spi(HandlerRouter) @_spi(Tools) public import URLRouter
package import URLRouterHandlers

/// What one backend returned for one case, in the terms a fixture compares.
public struct Observation: Sendable, Hashable, CustomStringConvertible {
    /// For a lookup: the winning route id, or `nil` on a miss.
    public var route: String?
    /// The miss reason, `nil` on a match.
    public var error: String?
    /// Path, query and extra params as strings; `nil` on a miss.
    public var params: [String: String]?
    /// The catch-all.
    public var catchall: String?
    /// The chosen variant.
    public var variant: String?
    /// The transition prefix.
    public var transition: String?
    /// The callback URL.
    public var callbackURL: String?
    /// The fragment.
    public var fragment: String?
    /// The scheme.
    public var scheme: String?
    /// The normalized path.
    public var path: String?
    /// The URL after rewriting, `nil` when no rule applied.
    public var rewrittenTo: String?
    /// For a `redirect` miss: the URL to send the client to.
    public var location: String?
    /// The host the lookup routed on.
    public var host: String?
    /// For a rewrite-alone case: the output, `nil` when no rule applies.
    public var rewriteOutput: String?
    /// For a registration (invalid entries, unregister): what happened.
    public var registration: String?

    public var description: String {
        if let registration { return registration }
        var parts: [String] = []
        if let rewriteOutput { return "url=\(rewriteOutput)" }
        if route == nil && error == nil && params == nil && rewrittenTo == nil && scheme == nil && path == nil {
            return "url=null"
        }
        parts.append("route=\(route ?? "null")")
        if let error { parts.append("error=\(error)") }
        if let params { parts.append("params=" + Observation.render(params)) }
        for (name, value) in [
            ("catchall", catchall), ("variant", variant), ("transition", transition), ("callbackURL", callbackURL),
            ("fragment", fragment), ("scheme", scheme), ("path", path), ("rewrittenTo", rewrittenTo),
            ("location", location), ("host", host),
        ] {
            if let value { parts.append("\(name)=\(value)") }
        }
        return parts.joined(separator: " ")
    }

    static func render(_ map: [String: String]) -> String {
        "{" + map.keys.sorted().map { "\($0)=\(map[$0]!)" }.joined(separator: ", ") + "}"
    }

    /// Whether two backends' observations agree. A `limitExceeded` beside a miss is not a
    /// disagreement (the engines' work limits differ); beside a match it is.
    public func agrees(with other: Observation) -> Bool {
        if self == other { return true }
        let misses = route == nil && other.route == nil && error != nil && other.error != nil
        return misses && (error == "limitExceeded" || other.error == "limitExceeded")
    }
}

/// The result of one case, or of one `invalid` entry.
public struct CaseResult: Sendable {
    /// Where the case is: `cases[3]` or `invalid[0]`.
    public var location: String
    /// The case's id, if any.
    public var id: String?
    /// The case's comment, if any.
    public var comment: String?
    /// What the case did, in one line.
    public var summary: String
    /// What was expected, in one line.
    public var expected: String
    /// What each backend returned, by backend name, in run order.
    public var results: [(backend: String, observation: Observation)]
    /// Why the case failed; `nil` when it passed.
    public var failure: String?

    /// Whether the case passed.
    public var passed: Bool { failure == nil }
}

/// The result of one suite.
public struct SuiteResult: Sendable {
    /// The suite's name.
    public var name: String
    /// The file it came from.
    public var file: String
    /// One result per invalid entry and per case, in that order (the order they ran).
    public var cases: [CaseResult]
    /// Why the suite could not run, when a route or rule of its own was refused.
    public var brokenReason: String?

    /// The number of cases and invalid entries that passed.
    public var passed: Int { cases.filter(\.passed).count }
    /// The number that failed.
    public var failed: Int { cases.count - passed }
}

/// Runs fixture suites on one or more backends (Docs/FIXTURES.md), through each entry point.
///
/// Each backend gets its own router per suite, and its own ``RouteTable`` and ``LiveRouteTable``
/// of the suite's routes for the route table's entry points. A case passes when every result
/// meets the expectation and all agree: the backends, and each entry point with the router.
public struct ConformanceRunner: Sendable {
    /// The backends to run, in order.
    public var backends: [RouterBackend]
    /// The entry points to run, in order; the router always runs (it is the reference).
    public var entryPoints: [EntryPoint]

    /// Makes a runner.
    public init(backends: [RouterBackend], entryPoints: [EntryPoint] = EntryPoint.allCases) {
        self.backends = backends
        self.entryPoints = entryPoints
    }

    /// One backend's router, and its tables when an entry point of the route table runs.
    struct BackendRun {
        let backend: String
        let router: Router
        let tables: TableEntryPoints?
    }

    /// The entry points besides the router.
    var tableEntryPoints: [EntryPoint] { entryPoints.filter { $0 != .router } }

    /// Runs one suite.
    public func run(_ suite: FixtureSuite) -> SuiteResult {
        var runs: [(backend: String, router: Router?, setupError: String?)] = []
        for backend in backends {
            let (router, problem) = makeRouter(suite, backend)
            runs.append((backend.name, router, problem))
        }
        var results: [CaseResult] = []
        if let broken = runs.first(where: { $0.setupError != nil }) {
            let reason = "the suite is broken on \(broken.backend): \(broken.setupError!)"
            for (index, _) in suite.invalid.enumerated() {
                results.append(
                    CaseResult(location: "invalid[\(index)]", summary: "", expected: "", results: [], failure: reason))
            }
            for (index, testCase) in suite.cases.enumerated() {
                results.append(
                    CaseResult(
                        location: "cases[\(index)]", id: testCase.id, comment: testCase.comment, summary: "",
                        expected: "",
                        results: [], failure: reason))
            }
            return SuiteResult(name: suite.name, file: suite.file, cases: results, brokenReason: reason)
        }
        let routers = zip(backends, runs).map { backend, run in
            BackendRun(
                backend: run.backend, router: run.router!,
                tables: tableEntryPoints.isEmpty ? nil : try? TableEntryPoints(suite, backend: backend))
        }

        for (index, entry) in suite.invalid.enumerated() {
            results.append(runInvalid(entry, location: "invalid[\(index)]", routers: routers))
        }
        for (index, testCase) in suite.cases.enumerated() {
            results.append(runCase(testCase, location: "cases[\(index)]", suite: suite, routers: routers))
        }
        return SuiteResult(name: suite.name, file: suite.file, cases: results, brokenReason: nil)
    }

    package func makeRouter(_ suite: FixtureSuite, _ backend: RouterBackend) -> (Router?, String?) {
        let router = Router(options: suite.options, handlerOptions: suite.handlerOptions, backend: backend)
        do {
            try router.register(
                contentsOf: suite.routes.map { route in
                    RouteDefinition(
                        route.pattern, method: route.method, host: route.host, variant: route.variant,
                        priority: route.priority, name: route.id,
                        handler: ConformanceRunner.handler(route))
                })
        } catch {
            return (nil, "a route is refused: \(error)")
        }
        do {
            try router.addRewriteRules(suite.rewrites.map { ($0.match, $0.target) })
        } catch {
            return (nil, "a rewrite rule is refused: \(error)")
        }
        return (router, nil)
    }

    static func handler(_ route: FixtureSuite.Route) -> RouteHandler {
        let id = route.id
        switch route.kind {
        case .action: return .action { _ in }
        case .object: return .value(id)
        case .callback: return .callback { _ in id }
        }
    }

    func runInvalid(_ entry: FixtureSuite.Invalid, location: String, routers: [BackendRun]) -> CaseResult {
        var observations: [(backend: String, observation: Observation)] = []
        let summary: String
        switch entry.subject {
        case .pattern(let pattern, let variant, let method, let host):
            summary =
                "register \(method.map { $0 + " " } ?? "")\(host ?? "")\(pattern)\(variant.map { " variant " + $0 } ?? "")"
        case .rewrite(let rule):
            summary = "add rewrite \(rule.match) -> \(rule.target)"
        }
        for run in routers {
            var outcome: String
            do {
                switch entry.subject {
                case .pattern(let pattern, let variant, let method, let host):
                    try run.router.register(
                        contentsOf: [
                            RouteDefinition(
                                pattern, method: method, host: host, variant: variant, name: "(invalid)",
                                handler: .action { _ in })
                        ])
                case .rewrite(let rule):
                    try run.router.addRewriteRule(rule.match, target: rule.target)
                }
                outcome = "accepted"
            } catch {
                outcome = "\(error.code): \(error.message)"
            }
            observations.append((run.backend, Observation(registration: outcome)))
            // The route table refuses it when it is built: every table entry point builds one.
            if let tables = run.tables {
                let refusal: RouterError?
                switch entry.subject {
                case .pattern(let pattern, let variant, let method, let host):
                    refusal = tables.refusal(
                        adding: .init(pattern, method: method, host: host, variant: variant, value: "(invalid)"))
                case .rewrite(let rule):
                    refusal = tables.refusal(adding: (rule.match, rule.target))
                }
                let tableOutcome = refusal.map { "\($0.code): \($0.message)" } ?? "accepted"
                observations.append(("\(run.backend) table", Observation(registration: tableOutcome)))
            }
        }
        var failure: String?
        for (backend, observation) in observations
        where !(observation.registration ?? "").hasPrefix(entry.error + ":") {
            failure = "\(backend) did not refuse it with \(entry.error)"
            break
        }
        return CaseResult(
            location: location, summary: summary, expected: "refused with \(entry.error)", results: observations,
            failure: failure)
    }

    func runCase(
        _ testCase: FixtureSuite.Case, location: String, suite: FixtureSuite, routers: [BackendRun]
    ) -> CaseResult {
        var observations: [(backend: String, observation: Observation)] = []
        let summary: String
        let expected: String
        var failure: String?
        switch testCase.action {
        case .unregister(let id):
            summary = "unregister \(id)"
            expected = "removed"
            let route = suite.routes.first { $0.id == id }!
            for run in routers {
                let outcome: String
                do {
                    outcome =
                        try run.router.unregister(route.pattern, method: route.method, variant: route.variant)
                        ? "removed" : "not registered"
                } catch {
                    outcome = "refused: \(error)"
                }
                run.tables?.follow(run.router)
                observations.append((run.backend, Observation(registration: outcome)))
                if outcome != "removed", failure == nil { failure = "\(run.backend): \(outcome)" }
            }
        case .rewrite(let url, let output):
            summary = "rewrite \(url)"
            expected = "url=\(output ?? "null")"
            for run in routers {
                let backend = run.backend
                var observation = Observation()
                switch run.router.table.rewrite(url) {
                case .unchanged: break
                case .rewritten(let result): observation.rewriteOutput = result
                case .limitExceeded: observation.error = "limitExceeded"
                }
                observations.append((backend, observation))
                if observation.error != nil || observation.rewriteOutput != output, failure == nil {
                    failure = "\(backend) differs from the expectation"
                }
            }
        case .lookup(let lookup):
            summary = ConformanceRunner.summary(lookup)
            expected = ConformanceRunner.describe(lookup.expect)
            var entryFailure: String?
            for run in routers {
                let result = run.router.match(
                    lookup.url, method: lookup.method, host: lookup.host, variants: lookup.variants, kind: lookup.kind,
                    extra: lookup.extra)
                let observation = Observation(result)
                observations.append((run.backend, observation))
                if failure == nil, let problem = ConformanceRunner.check(observation, against: lookup.expect) {
                    failure = "\(run.backend): \(problem)"
                }
                guard let tables = run.tables else { continue }
                let routedAsGiven = tables.routesAsGiven(lookup.url, under: suite.handlerOptions)
                for entryPoint in tableEntryPoints
                where entryPoint.expresses(lookup, in: suite, routedAsGiven: routedAsGiven) {
                    let name = entryPoint.resultName(backend: run.backend)
                    guard
                        let seen = tables.observe(
                            lookup, through: entryPoint, queryNames: Array((observation.params ?? [:]).keys))
                    else {
                        entryFailure = entryFailure ?? "\(name): \(tables.problem ?? "no table")"
                        continue
                    }
                    observations.append((name, seen))
                    let routesOnHost = lookup.host != nil || suite.routes.contains { $0.host != nil }
                    let expected = entryPoint.visible(lookup.expect, routesOnHost: routesOnHost)
                    if let problem = ConformanceRunner.check(seen, against: expected) {
                        entryFailure = entryFailure ?? "\(name): \(problem)"
                    } else if !entryPoint.visible(observation, routesOnHost: routesOnHost).agrees(with: seen) {
                        entryFailure = entryFailure ?? "\(run.backend) and \(name) disagree"
                    }
                }
            }
            failure = failure ?? entryFailure
        }
        // The backends agree: their routers with each other (each entry point agreed with its router).
        let routerResults = observations.filter { result in routers.contains { $0.backend == result.backend } }
        if failure == nil, let first = routerResults.first {
            for other in routerResults.dropFirst() where !first.observation.agrees(with: other.observation) {
                failure = "\(first.backend) and \(other.backend) disagree"
                break
            }
        }
        return CaseResult(
            location: location, id: testCase.id, comment: testCase.comment, summary: summary, expected: expected,
            results: observations, failure: failure)
    }

    static func summary(_ lookup: FixtureSuite.Lookup) -> String {
        var text = (lookup.method.map { $0 + " " } ?? "") + lookup.url
        if let host = lookup.host { text += " host=\(host)" }
        if !lookup.variants.isEmpty { text += " variants=[\(lookup.variants.joined(separator: ","))]" }
        if lookup.kind != .action { text += " kind=\(lookup.kind.name)" }
        if !lookup.extra.isEmpty { text += " extra=" + Observation.render(lookup.extra) }
        return text
    }

    static func describe(_ expect: FixtureSuite.Expectation) -> String {
        if expect.isEmpty { return "(backends agree)" }
        var parts: [String] = []
        func add(_ name: String, _ value: String??) {
            if let value { parts.append("\(name)=\(value ?? "null")") }
        }
        add("route", expect.route)
        if let error = expect.error { parts.append("error=\(error)") }
        if let params = expect.params { parts.append("params=" + Observation.render(params)) }
        add("catchall", expect.catchall)
        add("variant", expect.variant)
        add("transition", expect.transition)
        add("callbackURL", expect.callbackURL)
        add("fragment", expect.fragment)
        add("scheme", expect.scheme)
        add("path", expect.path)
        add("rewrittenTo", expect.rewrittenTo)
        add("location", expect.location)
        add("host", expect.host)
        return parts.joined(separator: " ")
    }

    /// Why `observation` does not meet `expect`, or `nil`.
    static func check(_ observation: Observation, against expect: FixtureSuite.Expectation) -> String? {
        func field(_ name: String, _ expected: String??, _ actual: String?) -> String? {
            guard let expected, expected != actual else { return nil }
            return
                "\(name) is \(actual.map { "'\($0)'" } ?? "absent"), expected \(expected.map { "'\($0)'" } ?? "absent")"
        }
        if let problem = field("route", expect.route, observation.route) { return problem }
        if let error = expect.error, observation.error != error {
            return "error is \(observation.error ?? "none"), expected \(error)"
        }
        if let params = expect.params, observation.params != params {
            return
                "params are \(observation.params.map(Observation.render) ?? "absent"), expected \(Observation.render(params))"
        }
        return field("catchall", expect.catchall, observation.catchall)
            ?? field("variant", expect.variant, observation.variant)
            ?? field("transition", expect.transition, observation.transition)
            ?? field("callbackURL", expect.callbackURL, observation.callbackURL)
            ?? field("fragment", expect.fragment, observation.fragment)
            ?? field("scheme", expect.scheme, observation.scheme)
            ?? field("path", expect.path, observation.path)
            ?? field("rewrittenTo", expect.rewrittenTo, observation.rewrittenTo)
            ?? field("location", expect.location, observation.location)
            ?? field("host", expect.host, observation.host)
    }
}

extension Observation {
    /// The observation of a lookup's result.
    package init<Value>(_ result: Result<RouteTable<Value>.Match, RouteMiss>) {
        switch result {
        case .success(let match):
            route = match.route.name
            params = match.parameters.strings
            catchall = match.catchall
            variant = match.route.variant
            fragment = match.fragment
            scheme = match.scheme
            path = match.path
            rewrittenTo = match.rewrittenURL
            host = match.host
        case .failure(let miss):
            error = miss.reason.name
            fragment = miss.fragment
            scheme = miss.scheme
            path = miss.path
            rewrittenTo = miss.rewrittenURL
            if case .redirect(let to) = miss.reason { location = to }
        }
    }

    /// The observation of a handler router's entry point, with the transition and callback URL
    /// it reports: a kind mismatch is the error `kindMismatch`, with what the URL's match
    /// reports of the URL (as a miss reports it).
    package init(_ routed: (result: Result<RouterMatch, RouteFailure>, transition: String?, callbackURL: String?)) {
        switch routed.result {
        case .success(let match): self.init(Result<RouteTable<RouteHandler>.Match, RouteMiss>.success(match.tableMatch))
        case .failure(.miss(let miss)): self.init(Result<RouteTable<RouteHandler>.Match, RouteMiss>.failure(miss))
        case .failure(.kindMismatch(let match)):
            self.init(Result<RouteTable<RouteHandler>.Match, RouteMiss>.success(match.tableMatch))
            (route, params, catchall, variant) = (nil, nil, nil, nil)
            error = "kindMismatch"
        }
        transition = routed.transition
        callbackURL = routed.callbackURL
    }
}
