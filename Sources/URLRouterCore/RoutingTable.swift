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
///
/// When the backend serves ``PlainRouteMatcher`` and the table has no rewrite rules, transition
/// prefixes or callback URLs, a URL with no `%` (and at most eight segments, short scheme and
/// method) takes a fast path through the same steps: one scan, one match on the URL's own bytes,
/// and nothing reference counted or allocated until the answer is built.
public struct RoutingTable: Sendable {
    /// The options the table was built under.
    public let options: RouterOptions
    /// The routes in precedence order.
    public let routes: [CompiledRoute]
    /// The rewrite rules in the order added.
    public let rules: [RewriteRule]
    /// The name of the backend that compiled the table.
    public let backendName: String
    /// Why the table is served by another backend than the router's, or `nil` when it is not.
    ///
    /// A router builds its table on its own backend. Only when that engine fails (for example
    /// out of memory for JIT code) does the router serve the table from the Foundation backend,
    /// and says so here, with ``backendName`` naming the backend that answers.
    public package(set) var fallbackReason: String?

    let matcher: any RouteMatcher
    let rewriter: (any URLRewriter)?
    let hasMethodRoutes: Bool
    /// Per route, its target for a lookup without variants (the common case, without a search).
    let untaggedTargets: [RouteRegistration?]
    /// The matcher, when lookups can take the fast path (see ``lookup(_:method:variants:kind:extra:)``):
    /// the backend serves it, and there are no rewrite rules, transition prefixes or callback URLs,
    /// so normalizing a URL with no `%` is a single scan.
    // A strong `let`, called on the borrowed table: a lookup touches no reference count of the
    // shared matcher (which, retained by every thread, would bounce one cache line between
    // cores). An `unowned(unsafe)` property does worse: reading one makes a strong copy, which
    // is retained and released around the call.
    let plainMatcher: any PlainRouteMatcher
    /// Whether lookups take the fast path at all.
    let takesPlainPath: Bool
    /// ``RouterOptions/defaultScheme`` as a token, for the fast path.
    let defaultSchemeToken: ShortToken?
    /// The bound on what the lookup's user regexes can cost, charged before they run.
    let regexWork: RegexWork
    /// What one retry of ``RouterOptions/fallbackToLastHandler`` costs the budget: it runs the
    /// whole table again (32 steps a route, and a fixed 100), so that the retries of a URL of
    /// thousands of segments against thousands of routes end in `limitExceeded` rather than
    /// seconds of matching. A table of 100 routes affords 3,000 retries (a URL of 3,000
    /// segments), one of 10,000 routes 31.
    var fallbackStepsPerRetry: Int { routes.count * 32 + 100 }

    /// Compiles `registry` and `rules` on `backend`.
    public init(backend: any MatcherBackend, registry: RouteRegistry, rules: [RewriteRule]) throws {
        let routes = registry.compile()
        self.options = registry.options
        self.routes = routes
        self.rules = rules
        self.backendName = backend.name
        self.matcher = try backend.makeRouteMatcher(routes: routes, options: registry.options)
        // Made even without rules, so that a backend keeps nothing of an earlier table's rules.
        let rewriter = try backend.makeRewriter(rules: rules)
        self.rewriter = rules.isEmpty ? nil : rewriter
        self.hasMethodRoutes = routes.contains { $0.method != nil }
        self.untaggedTargets = routes.map { $0.target(for: []) }
        let options = registry.options
        let regexWork = RegexWork(routes: routes, rules: rules, options: options)
        self.regexWork = regexWork
        let defaultSchemeToken = options.defaultScheme.flatMap { ShortToken(scheme: $0.utf8) }
        self.defaultSchemeToken = defaultSchemeToken
        let plainURLsAreFast =
            rules.isEmpty && options.transitionPrefixes.isEmpty && !options.fragmentAsCallbackURL
            && (options.defaultScheme == nil || defaultSchemeToken != nil)
        if plainURLsAreFast, let plain = matcher as? any PlainRouteMatcher {
            self.plainMatcher = plain
            self.takesPlainPath = true
        } else {
            self.plainMatcher = EmptyMatcher.shared
            self.takesPlainPath = false
        }
    }

    /// What the backend reports about the compiled routes, when it compiles patterns (PCRE2).
    public var routePatternFacts: (any CompiledPatternFacts)? { matcher as? any CompiledPatternFacts }

    /// The route matcher's bare engine calls, when it has them (PCRE2), for benchmarks.
    package var rawMatchRecording: (any RawMatchRecording)? { matcher as? any RawMatchRecording }

    /// What the backend reports about the compiled rewrite rules, when it compiles patterns.
    public var rulePatternFacts: (any CompiledPatternFacts)? { rewriter as? any CompiledPatternFacts }

    /// A table with no routes and no rules, which matches nothing.
    public init(empty options: RouterOptions) {
        self.options = options
        self.routes = []
        self.rules = []
        self.backendName = "empty"
        self.matcher = EmptyMatcher.shared
        self.rewriter = nil
        self.hasMethodRoutes = false
        self.untaggedTargets = []
        self.plainMatcher = EmptyMatcher.shared
        self.takesPlainPath = false
        self.defaultSchemeToken = nil
        self.regexWork = RegexWork(routes: [], rules: [], options: options)
    }

    final class EmptyMatcher: PlainRouteMatcher {
        /// The one instance, which lives as long as the process.
        static let shared = EmptyMatcher()

        func firstMatch(_ request: borrowing MatchRequest, budget: inout WorkBudget) -> MatchOutcome { .noMatch }

        func firstPlainMatch(
            _ request: PlainMatchRequest, anyMethod: Bool, variants: [String], budget: inout WorkBudget,
            into match: inout PlainMatch
        ) -> PlainMatchOutcome { .noMatch }
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
        _ bytes: UnsafeBufferPointer<UInt8>, _ scheme: String?, _ segments: RangeList, _ method: String?,
        _ variants: [String], _ charging: Bool, _ budget: inout WorkBudget, _ outcome: inout MatchOutcome,
        _ reason: inout RouteMiss.Reason?
    ) {
        let request = MatchRequest(
            scheme: scheme, bytes: bytes, segments: segments, method: .lookup(method), variants: variants)
        /// One matcher call, after charging what its constraints can cost (when the lookup charges).
        func firstMatch(_ request: borrowing MatchRequest) -> MatchOutcome {
            if charging,
                !regexWork.chargeConstraints(bytes, segments, segmentCount: request.segmentCount, to: &budget)
            {
                return .limitExceeded
            }
            return matcher.firstMatch(request, budget: &budget)
        }
        outcome = firstMatch(request)
        if case .matched = outcome { return }
        var matchRequest = request
        if outcome == .noMatch, options.fallbackToLastHandler {
            var count = segments.count
            while outcome == .noMatch, count > 0 {
                count -= 1
                matchRequest.segmentCount = count
                // Each retry runs the whole table again: the retries of a URL of thousands of
                // segments against thousands of routes are charged to the budget too.
                guard budget.charge(fallbackStepsPerRetry) else {
                    outcome = .limitExceeded
                    break
                }
                outcome = firstMatch(matchRequest)
            }
        }
        switch outcome {
        case .matched: return
        case .limitExceeded: reason = .limitExceeded
        case .noMatch:
            reason = .noMatch
            guard hasMethodRoutes else { return }
            matchRequest.segmentCount = segments.count
            matchRequest.method = MethodFilter.any
            switch firstMatch(matchRequest) {
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
        let charging = regexWork.mayExceedBudget && !regexWork.fits(urlLength: url.utf8.count, rewritable: false, calls: 0)
        return rewrite(url, charging: charging, budget: &budget)
    }

    func rewrite(_ url: String, charging: Bool, budget: inout WorkBudget) -> RewriteResult {
        guard let rewriter else { return .unchanged }
        if charging, !regexWork.chargeRules(url, to: &budget) { return .limitExceeded }
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
        if takesPlainPath, let answer = plainLookup(url, method, variants, kind, extra) {
            return answer
        }
        var budget = WorkBudget()
        // Nearly every lookup fits the crude bound, and then charges nothing.
        let charging =
            regexWork.mayExceedBudget
            && !regexWork.fits(
                urlLength: url.utf8.count, rewritable: !rules.isEmpty,
                calls: RegexWork.matcherCalls(urlLength: url.utf8.count, options: options))
        let method = method.map { HTTPMethodName.normalized($0) ?? $0 }
        // The matcher writes its answer into these; the closures return nothing, so no large value
        // passes through generic code.
        var outcome = MatchOutcome.noMatch
        var reason: RouteMiss.Reason?

        var target = url
        var rewrittenURL: String?
        switch rules.isEmpty ? .unchanged : rewrite(url, charging: charging, budget: &budget) {
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
        withBytes(of: request.storage) { bytes in
            match(bytes, request.scheme, request.segmentRanges, method, variants, charging, &budget, &outcome, &reason)
        }
        guard case .matched(let raw) = outcome else {
            return answer(url, rewrittenURL, request, nil, RangeList(), nil, reason, variants, kind, extra)
        }
        return answer(url, rewrittenURL, request, raw.routeIndex, raw.captures, raw.catchAll, nil, variants, kind, extra)
    }

    /// The fast path of a lookup, for a URL with no `%`, at most eight segments and short tokens
    /// (see ``RequestURL/scanPlain(_:hostRule:into:)``): one scan, one match on the URL's own bytes,
    /// with nothing reference counted until the answer is built. The same steps and the same
    /// answers as the general path; `nil` sends the lookup there.
    @inline(__always)
    func plainLookup(
        _ url: String, _ method: String?, _ variants: [String], _ kind: RouteKind?,
        _ extra: [String: any Sendable]
    ) -> Result<RouteMatch, RouteMiss>? {
        // The fast path charges nothing: a URL that could pass the regex budget takes the general path.
        if regexWork.mayExceedBudget, !regexWork.fits(urlLength: url.utf8.count, rewritable: false, calls: 2) {
            return nil
        }
        var methodToken: ShortToken?
        if let method {
            guard let token = ShortToken(method: method) else { return nil }
            methodToken = token
        }
        var scan = PlainScan()
        var match = PlainMatch()
        var outcome = PlainMatchOutcome.needsGeneralPath
        var reason: RouteMiss.Reason?
        var budget = WorkBudget()
        let scanned: Bool? = url.utf8.withContiguousStorageIfAvailable { bytes in
            guard RequestURL.scanPlain(bytes, hostRule: options.hostAsSegment, into: &scan),
                let base = bytes.baseAddress
            else { return false }
            let request = PlainMatchRequest(
                bytes: base, segments: scan.segments, segmentRun: scan.segmentRun,
                scheme: scan.scheme ?? defaultSchemeToken, method: methodToken)
            outcome = plainMatcher.firstPlainMatch(
                request, anyMethod: false, variants: variants, budget: &budget, into: &match)
            switch outcome {
            case .matched, .needsGeneralPath: break
            case .limitExceeded: reason = .limitExceeded
            case .noMatch:
                // The fallback retries shorter paths: the general path does that.
                guard !options.fallbackToLastHandler else {
                    outcome = .needsGeneralPath
                    return true
                }
                reason = .noMatch
                guard hasMethodRoutes else { break }
                var probe = PlainMatch()
                let any = plainMatcher.firstPlainMatch(
                    request, anyMethod: true, variants: variants, budget: &budget, into: &probe)
                switch any {
                case .matched, .needsGeneralPath: reason = .methodNotAllowed
                case .noMatch: break
                case .limitExceeded: reason = .limitExceeded
                }
            }
            return true
        }
        guard scanned == true else { return nil }
        let scheme = scan.scheme?.string ?? options.defaultScheme
        switch outcome {
        case .needsGeneralPath: return nil
        case .matched:
            if let winner = target(of: match.routeIndex, for: variants), kind == nil || winner.kind == kind {
                return .success(
                    RouteMatch(
                        route: winner, routedURL: url, segments: scan.segments.rangeList, scheme: scheme,
                        decodePlus: options.decodePlus, spans: (scan.hostSpan, scan.querySpan, scan.fragmentSpan),
                        extras: nil, captures: match.captures.rangeList, extra: extra, catchAll: match.catchAll,
                        rewrittenURL: nil, callerURL: nil))
            }
            // A kind mismatch (or a backend bug): the general answer says which.
            fallthrough
        case .noMatch, .limitExceeded:
            let request = RequestURL(
                url: url, segmentRanges: scan.segments.rangeList, scheme: scheme, decodePlus: options.decodePlus,
                hostSpan: scan.hostSpan, querySpan: scan.querySpan, fragmentSpan: scan.fragmentSpan, extras: nil)
            guard case .matched = outcome else {
                return answer(url, nil, request, nil, RangeList(), nil, reason, variants, kind, extra)
            }
            return answer(
                url, nil, request, match.routeIndex, match.captures.rangeList, match.catchAll, nil, variants, kind, extra)
        }
    }

    /// Route `index`'s target for `variants` (without variants, read from a table, not searched).
    @inline(__always)
    func target(of index: Int, for variants: [String]) -> RouteRegistration? {
        variants.isEmpty ? untaggedTargets[index] : routes[index].target(for: variants)
    }

    /// Step 5 of the pipeline: the winner's target for the variants, checked against the kind.
    @inline(__always)
    func answer(
        _ url: String, _ rewrittenURL: String?, _ request: consuming RequestURL, _ routeIndex: Int?,
        _ captures: consuming RangeList, _ catchAll: Range<Int>?, _ reason: RouteMiss.Reason?, _ variants: [String],
        _ kind: RouteKind?, _ extra: [String: any Sendable]
    ) -> Result<RouteMatch, RouteMiss> {
        guard let routeIndex else {
            return .failure(
                RouteMiss(reason: reason ?? .noMatch, url: url, rewrittenURL: rewrittenURL, request: request))
        }
        guard let winner = target(of: routeIndex, for: variants) else {
            // A backend returned a route that does not answer the lookup: a backend bug, reported as no match.
            return .failure(RouteMiss(reason: .noMatch, url: url, rewrittenURL: rewrittenURL, request: request))
        }
        if let kind, winner.kind != kind {
            return .failure(
                RouteMiss(reason: .kindMismatch, url: url, rewrittenURL: rewrittenURL, request: request, route: winner))
        }
        return .success(
            RouteMatch(
                route: winner, url: url, rewrittenURL: rewrittenURL, request: request, captures: captures,
                extra: extra, catchAll: catchAll))
    }
}
