/// An immutable, compiled table: routes and rewrite rules on one backend.
///
/// The engine under a ``RouteTable`` (the public, typed table: one of these and its values), and
/// so under a ``LiveRouteTable`` and the handler router's snapshots.
///
/// Every lookup runs against one snapshot, so it sees one consistent table. There is one lookup
/// pipeline, the same for every backend and for the owning and the borrowed lookups; only
/// ``RouteMatcher`` and ``URLRewriter`` differ:
///
/// 1. a URL longer than ``RouterOptions/maxURLLength`` is refused (`urlTooLong`);
/// 2. the first applicable rewrite rule rewrites it, once (a result that is too long is refused);
/// 3. the URL is scanned (``PlainScan``): a URL with no `%` keeps its segments as ranges of its
///    own bytes; one with escapes is normalized with decoding (``RequestURL``; `malformedURL` on
///    a bad escape); with
///    ``RouterOptions/requestChecks``, a URL the scan cannot clear is checked by
///    ``RequestRefusal`` and may be refused (`dotSegment`, …) before any matching;
/// 4. the backend finds the first route in precedence order that matches and answers the
///    method and variants, in one call; then, if the path matched only routes of other methods,
///    `methodNotAllowed` (with the methods that would have answered); else `noMatch`;
/// 5. the answer (`CompiledTable+Answer.swift`): the registration of the winning route that
///    answers the variants, lent in place (the borrowed lookup) or copied into a ``RouteMatch``.
///
/// Nothing on the way is reference counted or allocated for a URL with no `%` and no rewrite:
/// its segments and the winner's captures go to storage lent from the stack (``RangeBuffer``),
/// and the matcher is handed a ``MatchRequest`` of pointers.
///
/// Every lookup enters at ``resolve(_:method:variants:forcingCharges:_:)``. Most take the *plain
/// path* (``resolvePlain(_:_:_:_:)``): in a table with nothing to rewrite or charge, a URL the
/// scan takes (and clears of the request checks) goes through steps 1 and 3 as above, with what
/// that makes constant left out; every other lookup runs the steps in full
/// (``resolveInFull(_:method:variants:forcingCharges:_:)``). Both lend the same
/// ``PreparedLookup`` to the same match (``match(_:)``) and answer step.
@usableFromInline
package struct CompiledTable: Sendable {
    /// The options the table was built under.
    package let options: RouterOptions
    /// The routes in precedence order.
    let routes: [CompiledRoute]
    /// The rewrite rules in the order added.
    package let rules: [RewriteRule]
    /// The name of the backend that compiled the table.
    package let backendName: String
    /// Why the table is served by another backend than the router's, or `nil` when it is not.
    ///
    /// A router builds its table on its own backend. Only when that engine fails (for example
    /// out of memory for JIT code) does the router serve the table from the Foundation backend,
    /// and says so here, with ``backendName`` naming the backend that answers.
    let fallbackReason: String?

    private(set) var matcher: any RouteMatcher
    let rewriter: (any URLRewriter)?
    let hasMethodRoutes: Bool
    /// The registrations, flat, for the answer step.
    let store: RegistrationStore
    /// Whether lookups scan a URL with ``PlainScan`` before they normalize it: always but in a
    /// copy made by ``normalizingEveryURL()``.
    private(set) var scansPlain = true
    /// Whether a lookup with no variants may take the plain path (``resolvePlain(_:_:_:_:)``): the
    /// table has no rewrite rules and no regex whose work a lookup must charge.
    private(set) var takesPlainPath: Bool
    // The options a lookup reads, held apart: reading them does not copy ``options``.
    let maxURLLength: Int
    let hostRule: RouterOptions.HostRule
    let defaultScheme: String?
    package let decodePlus: Bool
    /// The request shapes refused before matching (the strict profile).
    let requestChecks: RequestChecks
    /// The distinct methods of the routes (and `HEAD` with `GET`), numbered: what a lookup's
    /// method is compared as, and the candidates of a `methodNotAllowed` miss's allowed methods.
    let methods: MethodList
    /// The most values one route captures: the room a lookup lends the matcher for them.
    let maxCaptureCount: Int
    /// The bound on what the lookup's user regexes can cost, charged before they run.
    let regexWork: RegexWork

    /// Compiles `registry` and `rules` on `backend`; `fallbackReason` says why this backend serves (see ``fallbackReason``).
    package init(
        backend: any MatcherBackend, registry: RouteRegistry, rules: [RewriteRule], fallbackReason: String? = nil
    ) throws {
        self.fallbackReason = fallbackReason
        let routes = registry.compile()
        self.options = registry.options
        self.routes = routes
        self.rules = rules
        self.backendName = backend.name
        let methods = MethodList(routes: routes)
        self.methods = methods
        self.matcher = try backend.makeRouteMatcher(routes: routes, options: registry.options, methods: methods)
        // Made even without rules, so that a backend keeps nothing of an earlier table's rules.
        let rewriter = try backend.makeRewriter(rules: rules)
        self.rewriter = rules.isEmpty ? nil : rewriter
        self.hasMethodRoutes = routes.contains { $0.method != nil }
        self.store = RegistrationStore(routes: routes)
        let options = registry.options
        let regexWork = RegexWork(routes: routes, rules: rules, options: options)
        self.regexWork = regexWork
        (maxURLLength, hostRule, defaultScheme) = (options.maxURLLength, options.hostRule, options.fallbackScheme)
        self.decodePlus = options.decodePlus
        self.requestChecks = options.requestChecks
        self.maxCaptureCount = routes.map(\.captureCount).max() ?? 0
        self.takesPlainPath = rules.isEmpty && !regexWork.mayExceedBudget
    }

    /// The same table with every URL normalized in full, never scanned plain: what the tests and
    /// the fuzzer hold the plain scan to (the two must give the same answers).
    package func normalizingEveryURL() -> CompiledTable {
        var table = self
        table.scansPlain = false
        table.takesPlainPath = false
        return table
    }

    /// What the backend reports about the compiled routes, when it compiles patterns (PCRE2).
    package var routePatternFacts: (any CompiledPatternFacts)? { matcher as? any CompiledPatternFacts }

    /// Records the engine calls that `lookup(table, 0)` to `lookup(table, count - 1)` make, where
    /// `table` answers as this one does and records; `nil` when the backend has no bare engine
    /// calls (Foundation) or one of them could not be replayed bare. For `urlrouter bench`'s
    /// baseline: the table's own lookups never look for a recorder.
    package func recordRawMatches(lookups count: Int, _ lookup: (CompiledTable, Int) -> Void) -> (any RawMatchReplay)? {
        guard let recordable = matcher as? any RawMatchRecording else { return nil }
        return recordable.recordRawMatches(lookups: count) { recording, index in
            var table = self
            table.matcher = recording
            lookup(table, index)
        }
    }

    /// What the backend reports about the compiled rewrite rules, when it compiles patterns.
    package var rulePatternFacts: (any CompiledPatternFacts)? { rewriter as? any CompiledPatternFacts }

    /// A table with no routes and no rules, which matches nothing.
    package init(empty options: RouterOptions, fallbackReason: String? = nil) {
        self.fallbackReason = fallbackReason
        self.options = options
        self.routes = []
        self.rules = []
        self.backendName = "empty"
        self.matcher = EmptyMatcher.shared
        self.rewriter = nil
        self.hasMethodRoutes = false
        self.store = RegistrationStore(routes: [])
        self.takesPlainPath = false
        self.methods = MethodList(routes: [])
        self.maxCaptureCount = 0
        (maxURLLength, hostRule, defaultScheme) = (options.maxURLLength, options.hostRule, options.fallbackScheme)
        self.decodePlus = options.decodePlus
        self.requestChecks = options.requestChecks
        self.regexWork = RegexWork(routes: [], rules: [], options: options)
    }

    final class EmptyMatcher: RouteMatcher {
        /// The one instance, which lives as long as the process.
        static let shared = EmptyMatcher()

        func firstMatch(_ request: MatchRequest, budget: inout WorkBudget) -> MatchOutcome { .noMatch }
    }

    /// Runs `body` on the UTF-8 bytes of `text`, without copying them when the string is native.
    @inline(__always)
    func withBytes<R>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }

    /// The result of rewriting a URL on its own.
    package enum RewriteResult: Sendable, Hashable {
        /// No rule applies.
        case unchanged
        /// A rule applied; the new URL.
        case rewritten(String)
        /// A rule reached the work limit.
        case limitExceeded
    }

    /// Rewrites `url` with the first applicable rule.
    package func rewrite(_ url: String) -> RewriteResult {
        var budget = WorkBudget()
        let charging =
            regexWork.mayExceedBudget && !regexWork.fits(urlLength: url.utf8.count, rewritable: false, calls: 0)
        return rewrite(url, charging: charging, budget: &budget)
    }

    func rewrite(_ url: String, charging: Bool, budget: inout WorkBudget) -> RewriteResult {
        guard let rewriter else { return .unchanged }
        if charging, !regexWork.chargeRules(url, to: &budget) { return .limitExceeded }
        switch rewriter.firstApplicableRule(in: url, budget: &budget) {
        case .none: return .unchanged
        case .limitExceeded: return .limitExceeded
        case .applied(let rule, let groups): return .rewritten(rules[rule].template.expand(url: url, groups: groups))
        }
    }

    /// Runs steps 1 to 3 of the pipeline for `url` and lends `body` the prepared lookup: the one
    /// entry of every lookup, the borrowed, the owning and the handler router's.
    ///
    /// Everything `body` gets (the bytes, the ranges) lives only for the call. A lookup first
    /// tries the plain path (``resolvePlain(_:_:_:_:)``), which nearly every lookup takes, and
    /// takes the full one (``resolveInFull(_:method:variants:forcingCharges:_:)``) for the rest.
    /// With `forcingCharges`, every regex the lookup runs is charged to its budget, however short
    /// the URL: for a layer that matches more often than once, which takes the full path.
    @inline(__always)
    func resolve(
        _ url: String, method: String?, variants: [String], forcingCharges: Bool = false,
        _ body: (inout PreparedLookup) -> Void
    ) {
        if !forcingCharges, resolvePlain(url, method, variants, body) { return }
        resolveInFull(url, method: method, variants: variants, forcingCharges: forcingCharges, body)
    }

    /// Steps 1 to 3 in full: the length, the rewrite, the method filter, the scan or the
    /// normalization, and the request checks, charging regex work where the table has some.
    func resolveInFull(
        _ url: String, method: String?, variants: [String], forcingCharges: Bool,
        _ body: (inout PreparedLookup) -> Void
    ) {
        guard url.utf8.count <= maxURLLength else {
            return CompiledTable.miss(.urlTooLong, "longer than \(maxURLLength) bytes", rewrittenURL: nil, body)
        }
        var budget = WorkBudget()
        // Nearly every lookup fits the crude bound, and then charges nothing.
        let charging =
            forcingCharges
            ? regexWork.hasWork
            : regexWork.mayExceedBudget
                && !regexWork.fits(
                    urlLength: url.utf8.count, rewritable: !rules.isEmpty, calls: RegexWork.matcherCallsPerLookup)
        let method = methods.filter(for: method)
        guard rules.isEmpty else {
            return resolveRewriting(url, method, variants, charging, &budget, body)
        }
        variants.withUnsafeBufferPointer { variants in
            resolve(routed: url, nil, method, variants, charging, &budget, body)
        }
    }

    /// Steps 1, 3 and 4 of the common lookup: a table that takes the plain path
    /// (``takesPlainPath``: nothing to rewrite or charge), no variants, and a URL the scan takes
    /// and clears of every request check, routed under its own scheme or none. The same steps as
    /// the rest of the pipeline, with what those conditions make constant left out: one scan into
    /// room of constant size, then `body`. (Behind the full path's nested closures the same lookup
    /// takes longer: `urlrouter bench` measures it.)
    ///
    /// - Returns: `false`, having lent `body` nothing, when the lookup is not such a lookup (a
    ///   table or variants the plain path does not serve, a URL too long, one the scan refuses or
    ///   cannot clear, or one the default scheme applies to): the full path then runs.
    @inline(__always)
    func resolvePlain(
        _ url: String, _ method: String?, _ variants: [String], _ body: (inout PreparedLookup) -> Void
    ) -> Bool {
        guard takesPlainPath, variants.isEmpty else { return false }
        // A string that is not native UTF-8 (bridged) takes the general path, which copies it.
        return url.utf8.withContiguousStorageIfAvailable { bytes in
            let segmentCapacity = PlainScan.segmentCapacity(urlLength: bytes.count)
            guard bytes.count <= maxURLLength, segmentCapacity + maxCaptureCount <= RangeBuffer.fixedCapacity else {
                return false
            }
            return withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: RangeBuffer.fixedCapacity) { room in
                guard
                    let scan = PlainScan.scan(
                        bytes, hostRule: hostRule,
                        segments: RangeBuffer(base: room.baseAddress, capacity: segmentCapacity)),
                    clears(scan, bytes),
                    scan.scheme != nil || defaultScheme == nil
                else { return false }
                let captureRoom = RangeBuffer(
                    base: room.baseAddress.map { $0 + segmentCapacity }, capacity: maxCaptureCount)
                var prepared = PreparedLookup(
                    resolution: Resolution(bytes: bytes, scan: scan, defaultScheme: nil),
                    method: methods.filter(for: method), variants: UnsafeBufferPointer(start: nil, count: 0),
                    captureRoom: captureRoom, charging: false)
                body(&prepared)
                return true
            }
        } ?? false
    }

    /// Whether the request checks clear a URL the scan took, without reading it again
    /// (``PlainScan/mayBeRefused(_:checks:)``): always, in a table without checks. The one test
    /// of both paths; a URL it does not clear goes to the full check.
    @inline(__always)
    func clears(_ scan: PlainScan, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        requestChecks.isEmpty || !scan.mayBeRefused(bytes, checks: requestChecks)
    }

    /// Step 2, for a table with rewrite rules, then steps 3 and 4 for the URL to route. Out of
    /// line: a table without rules keeps none of this in its lookup.
    @inline(never)
    func resolveRewriting(
        _ url: String, _ method: MethodFilter, _ variants: [String], _ charging: Bool, _ budget: inout WorkBudget,
        _ body: (inout PreparedLookup) -> Void
    ) {
        var rewrittenURL: String?
        switch rewrite(url, charging: charging, budget: &budget) {
        case .unchanged: break
        case .limitExceeded: return CompiledTable.miss(.limitExceeded, "in a rewrite rule", rewrittenURL: nil, body)
        case .rewritten(let rewritten):
            guard rewritten.utf8.count <= maxURLLength else {
                return CompiledTable.miss(
                    .urlTooLong, "rewritten URL longer than \(maxURLLength) bytes", rewrittenURL: rewritten, body)
            }
            rewrittenURL = rewritten
        }
        variants.withUnsafeBufferPointer { variants in
            // The URL itself is only borrowed (copying it would retain it): a rewritten one is routed instead.
            if let rewrittenURL {
                resolve(routed: rewrittenURL, rewrittenURL, method, variants, charging, &budget, body)
            } else {
                resolve(routed: url, nil, method, variants, charging, &budget, body)
            }
        }
    }

    /// Lends `body` a miss found before any matching.
    @inline(never)
    static func miss(
        _ reason: RouteMiss.Reason, _ detail: String, rewrittenURL: String?, _ body: (inout PreparedLookup) -> Void
    ) {
        var miss = PreparedLookup(miss: reason, detail: detail)
        miss.resolution.rewrittenURL = rewrittenURL
        body(&miss)
    }

    /// Steps 3 and 4 for the URL to route (the caller's, or the rewritten one), with room for its
    /// segments and the winner's captures lent from the stack.
    @inline(__always)
    func resolve(
        routed: String, _ rewrittenURL: String?, _ method: MethodFilter, _ variants: UnsafeBufferPointer<String>,
        _ charging: Bool, _ budget: inout WorkBudget, _ body: (inout PreparedLookup) -> Void
    ) {
        withBytes(of: routed) { bytes in
            let segmentCapacity = PlainScan.segmentCapacity(urlLength: bytes.count)
            RangeBuffer.withTemporary(capacity: segmentCapacity + maxCaptureCount) { room in
                let captureRoom = RangeBuffer(base: room.base.map { $0 + segmentCapacity }, capacity: maxCaptureCount)
                @inline(__always) func finish(_ resolution: consuming Resolution) {
                    resolution.rewrittenURL = rewrittenURL
                    var prepared = PreparedLookup(
                        resolution: resolution, method: method, variants: variants, captureRoom: captureRoom,
                        charging: charging, budget: budget)
                    body(&prepared)
                }
                // With request checks, a URL the scan cannot clear goes to the full check below.
                if scansPlain,
                    let scan = PlainScan.scan(
                        bytes, hostRule: hostRule, segments: RangeBuffer(base: room.base, capacity: segmentCapacity)),
                    clears(scan, bytes)
                {
                    guard scan.scheme == nil, let defaultScheme else {
                        return finish(Resolution(bytes: bytes, scan: scan, defaultScheme: nil))
                    }
                    return withBytes(of: defaultScheme) { scheme in
                        finish(Resolution(bytes: bytes, scan: scan, defaultScheme: scheme))
                    }
                }
                let request: RequestURL
                do throws(RequestURL.MalformedURL) {
                    request = try RequestURL(normalizing: routed, options: options)
                } catch {
                    return CompiledTable.miss(.malformedURL, error.description, rewrittenURL: rewrittenURL, body)
                }
                if let refusal = RequestRefusal.find(in: bytes, checks: requestChecks, hostRule: hostRule) {
                    return CompiledTable.miss(refusal.reason, refusal.detail, rewrittenURL: rewrittenURL, body)
                }
                withBytes(of: request.storage) { storage in
                    withBytes(of: request.scheme ?? "") { scheme in
                        RangeBuffer.withTemporary(capacity: request.segmentRanges.count) { segments in
                            finish(
                                Resolution(
                                    bytes: bytes, storage: storage, request: request, segments: segments,
                                    scheme: request.scheme == nil ? nil : scheme))
                        }
                    }
                }
            }
        }
    }

    /// Step 4 of the pipeline: the match, then `methodNotAllowed`.
    ///
    /// The first call answers nearly every lookup; what follows a miss is out of line
    /// (``matchAfterMiss(_:_:_:_:_:)``), so that the common path keeps a small frame. A lookup
    /// that ended before the URL was scanned (too long, malformed, refused) has nothing to match.
    @inline(__always)
    func match(_ prepared: inout PreparedLookup) {
        guard prepared.resolution.scanned else { return }
        let request = prepared.matchRequest
        let outcome = firstMatch(request, prepared.charging, &prepared.budget)
        guard case .matched(let raw) = outcome else {
            return matchAfterMiss(&prepared.resolution, request, outcome, prepared.charging, &prepared.budget)
        }
        prepared.resolution.record(raw)
    }

    /// Step 4 after the first call found no winner: whether the path matched routes of other
    /// methods (`methodNotAllowed`, and which).
    @inline(never)
    func matchAfterMiss(
        _ resolution: inout Resolution, _ request: MatchRequest, _ first: MatchOutcome, _ charging: Bool,
        _ budget: inout WorkBudget
    ) {
        switch first {
        case .matched(let raw): resolution.record(raw)
        case .limitExceeded: resolution.reason = .limitExceeded
        case .noMatch: findAllowedMethods(&resolution, request, charging, &budget)
        }
    }

    /// For a lookup that found no route: `methodNotAllowed` and the methods that would have
    /// answered, when routes of other methods take the path; else `noMatch`.
    func findAllowedMethods(
        _ resolution: inout Resolution, _ request: MatchRequest, _ charging: Bool, _ budget: inout WorkBudget
    ) {
        resolution.reason = .noMatch
        guard hasMethodRoutes else { return }
        var request = request
        request.segmentCount = request.segments.count
        request.method = .any
        switch firstMatch(request, charging, &budget) {
        case .matched:
            resolution.reason = .methodNotAllowed
            resolution.allowedMethods = methods.names.indices.filter { candidate in
                request.method = .lookup(candidate)
                if case .matched = firstMatch(request, charging, &budget) { return true }
                return false
            }.map { methods.names[$0] }
        case .noMatch: break
        case .limitExceeded: resolution.reason = .limitExceeded
        }
    }

    /// One matcher call, after charging what its constraints can cost (when the lookup charges).
    @inline(__always)
    func firstMatch(_ request: MatchRequest, _ charging: Bool, _ budget: inout WorkBudget) -> MatchOutcome {
        if charging,
            !regexWork.chargeConstraints(
                request.bytes, request.segments, segmentCount: request.segmentCount, to: &budget)
        {
            return .limitExceeded
        }
        return matcher.firstMatch(request, budget: &budget)
    }
}
