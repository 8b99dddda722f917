/// An immutable, compiled snapshot of a router: its routes and rewrite rules on one backend.
///
/// Every lookup runs against one snapshot, so it sees one consistent table. The lookup
/// pipeline is the same for every backend; only ``RouteMatcher`` and ``URLRewriter`` differ:
///
/// 1. a URL longer than ``RouterOptions/maxURLLength`` is refused (`urlTooLong`);
/// 2. the first applicable rewrite rule rewrites it, once (a result that is too long is refused);
/// 3. the URL is normalized (``RequestURL``; `malformedURL` on a bad escape);
/// 4. the backend finds the first route in precedence order that matches and answers the
///    method and variants; with ``RouterOptions/fallbackToLastHandler``, then shorter and shorter
///    runs of leading segments; then, if the path matched only routes of other methods,
///    `methodNotAllowed`; else `noMatch`;
/// 5. the winner's target for the requested variants is checked against the entry point's kind
///    (`kindMismatch`).
public struct RoutingTable: Sendable {
    /// The options the table was built under.
    public let options: RouterOptions
    /// The routes in precedence order.
    public let routes: [CompiledRoute]
    /// The rewrite rules in the order added.
    public let rules: [RewriteRule]
    /// The name of the backend that compiled the table.
    public let backendName: String

    let matcher: any RouteMatcher
    let rewriter: (any URLRewriter)?
    let hasMethodRoutes: Bool

    /// Compiles `registry` and `rules` on `backend`.
    public init(backend: any MatcherBackend, registry: RouteRegistry, rules: [RewriteRule]) throws {
        let routes = registry.compile()
        self.options = registry.options
        self.routes = routes
        self.rules = rules
        self.backendName = backend.name
        self.matcher = try backend.makeRouteMatcher(routes: routes, options: registry.options)
        self.rewriter = rules.isEmpty ? nil : try backend.makeRewriter(rules: rules)
        self.hasMethodRoutes = routes.contains { $0.method != nil }
    }

    /// What the backend reports about the compiled routes, when it compiles patterns (PCRE2).
    public var routePatternFacts: (any CompiledPatternFacts)? { matcher as? any CompiledPatternFacts }

    /// What the backend reports about the compiled rewrite rules, when it compiles patterns.
    public var rulePatternFacts: (any CompiledPatternFacts)? { rewriter as? any CompiledPatternFacts }

    /// A table with no routes and no rules, which matches nothing.
    public init(empty options: RouterOptions) {
        self.options = options
        self.routes = []
        self.rules = []
        self.backendName = "empty"
        self.matcher = EmptyMatcher()
        self.rewriter = nil
        self.hasMethodRoutes = false
    }

    struct EmptyMatcher: RouteMatcher {
        func firstMatch(_ request: borrowing MatchRequest, budget: inout WorkBudget) -> MatchOutcome { .noMatch }
    }

    /// Runs `body` on the UTF-8 bytes of `text`, without copying them when the string is native.
    @inline(__always)
    func withBytes(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        if text.utf8.withContiguousStorageIfAvailable(body) == nil {
            Array(text.utf8).withUnsafeBufferPointer(body)
        }
    }

    /// Step 4 of the pipeline: the full match, the fallback, then `methodNotAllowed`.
    func match(
        _ bytes: UnsafeBufferPointer<UInt8>, _ request: RequestURL, _ method: String?, _ variants: [String],
        _ budget: inout WorkBudget, _ outcome: inout MatchOutcome, _ reason: inout RouteMiss.Reason?
    ) {
        var matchRequest = MatchRequest(
            scheme: request.scheme, bytes: bytes, segments: request.segmentRanges, method: .lookup(method),
            variants: variants)
        outcome = matcher.firstMatch(matchRequest, budget: &budget)
        if outcome == .noMatch, options.fallbackToLastHandler {
            var count = request.segmentRanges.count
            while outcome == .noMatch, count > 0 {
                count -= 1
                matchRequest.segmentCount = count
                outcome = matcher.firstMatch(matchRequest, budget: &budget)
            }
        }
        switch outcome {
        case .matched: return
        case .limitExceeded: reason = .limitExceeded
        case .noMatch:
            reason = .noMatch
            guard hasMethodRoutes else { return }
            matchRequest.segmentCount = request.segmentRanges.count
            matchRequest.method = MethodFilter.any
            switch matcher.firstMatch(matchRequest, budget: &budget) {
            case .matched: reason = .methodNotAllowed
            case .noMatch: break
            case .limitExceeded: reason = .limitExceeded
            }
        }
    }

    /// The result of rewriting a URL on its own.
    public enum RewriteResult: Sendable, Hashable {
        /// No rule applies.
        case unchanged
        /// A rule applied; the new URL.
        case rewritten(String)
        /// A rule reached the work limit.
        case limitExceeded
    }

    /// Rewrites `url` with the first applicable rule.
    public func rewrite(_ url: String) -> RewriteResult {
        var budget = WorkBudget()
        return rewrite(url, budget: &budget)
    }

    func rewrite(_ url: String, budget: inout WorkBudget) -> RewriteResult {
        guard let rewriter else { return .unchanged }
        switch rewriter.firstApplicableRule(in: url, budget: &budget) {
        case .none: return .unchanged
        case .limitExceeded: return .limitExceeded
        case .applied(let rule, let groups): return .rewritten(rules[rule].target.expand(url: url, groups: groups))
        }
    }

    /// Looks `url` up.
    ///
    /// - Parameters:
    ///   - url: the URL to route.
    ///   - method: the request's HTTP method (any case), or `nil`.
    ///   - variants: acceptable variants in preference order.
    ///   - kind: the entry point's kind; `nil` accepts a winner of any kind.
    ///   - extra: the caller's extra values, which beat path and query parameters.
    /// - Returns: the match, or the reason there is none.
    /// - Complexity: linear in the URL's length for routes without user regexes.
    public func lookup(
        _ url: String, method: String? = nil, variants: [String] = [], kind: RouteKind? = nil,
        extra: [String: any Sendable] = [:]
    ) -> Result<RouteMatch, RouteMiss> {
        guard url.utf8.count <= options.maxURLLength else {
            return .failure(RouteMiss(reason: .urlTooLong, url: url, detail: "longer than \(options.maxURLLength) bytes"))
        }
        var budget = WorkBudget()
        var target = url
        var rewrittenURL: String?
        switch rules.isEmpty ? .unchanged : rewrite(url, budget: &budget) {
        case .unchanged: break
        case .limitExceeded: return .failure(RouteMiss(reason: .limitExceeded, url: url, detail: "in a rewrite rule"))
        case .rewritten(let rewritten):
            guard rewritten.utf8.count <= options.maxURLLength else {
                return .failure(
                    RouteMiss(
                        reason: .urlTooLong, url: url, rewrittenURL: rewritten,
                        detail: "rewritten URL longer than \(options.maxURLLength) bytes"))
            }
            target = rewritten
            rewrittenURL = rewritten
        }

        let request: RequestURL
        do {
            request = try RequestURL(normalizing: target, options: options)
        } catch {
            return .failure(
                RouteMiss(reason: .malformedURL, url: url, rewrittenURL: rewrittenURL, detail: error.description))
        }

        let method = method.map { HTTPMethodName.normalized($0) ?? $0 }
        // The matcher writes its answer into these; the closures return nothing, so no large value
        // passes through generic code.
        var outcome = MatchOutcome.noMatch
        var reason: RouteMiss.Reason?
        if request.segmentsAreInURL {
            withBytes(of: request.url) { match($0, request, method, variants, &budget, &outcome, &reason) }
        } else {
            withBytes(of: request.storage) { match($0, request, method, variants, &budget, &outcome, &reason) }
        }
        guard case .matched(let raw) = outcome else {
            return .failure(
                RouteMiss(reason: reason ?? .noMatch, url: url, rewrittenURL: rewrittenURL, request: request))
        }
        guard let winner = routes[raw.routeIndex].target(for: variants) else {
            // A backend returned a route that does not answer the lookup: a backend bug, reported as no match.
            return .failure(RouteMiss(reason: .noMatch, url: url, rewrittenURL: rewrittenURL, request: request))
        }
        if let kind, winner.kind != kind {
            return .failure(
                RouteMiss(reason: .kindMismatch, url: url, rewrittenURL: rewrittenURL, request: request, route: winner))
        }
        return .success(
            RouteMatch(
                route: winner, url: url, rewrittenURL: rewrittenURL, request: request, captures: raw.captures,
                extra: extra, catchAll: raw.catchAll))
    }
}
