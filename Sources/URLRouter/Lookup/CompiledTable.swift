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
/// 3. the URL is scanned (``PlainScan``): its segments are ranges of its own bytes, and the
///    escapes of its query and fragment are checked there (`malformedURL` on a bad one) and
///    decoded only when a value is read; a path with escapes has its escaped segments decoded in
///    room lent for the call (``RequestURL/decodeSegments(of:_:into:ranges:)``); a URL with an
///    upper-case scheme or an escaped authority is normalized in full (``RequestURL``); with
///    ``RouterOptions/requestChecks``, a URL the scan cannot clear, and an escaped segment, is
///    checked by ``RequestRefusal`` and may be refused (`dotSegment`, …) before any matching;
/// 4. the backend finds the first route in precedence order that matches and answers the
///    method and variants, in one call; then, if the path matched only routes of other methods,
///    `methodNotAllowed` (with the methods that would have answered); else `noMatch`; and, in a
///    table that redirects trailing slashes, `redirect` when the path with its slash flipped has
///    a route of the lookup's method (``findRedirect(_:)``);
/// 5. the answer (`CompiledTable+Answer.swift`): the registration of the winning route that
///    answers the variants, lent in place (the borrowed lookup) or copied into a ``RouteMatch``.
///
/// Nothing on the way is reference counted or allocated for a URL with no rewrite that the full
/// normalization does not take: its segments, their decoded forms and the winner's captures go to
/// storage lent from the stack (``RangeBuffer``), and the matcher is lent the lookup's state
/// (``PreparedLookup``): it reads the request there and writes the winner there.
///
/// Every lookup enters at ``resolve(_:method:variants:forcingCharges:_:)`` (steps 1 to 3), which
/// lends the ``PreparedLookup`` to the match (``match(_:)``, step 4) and the answer. What most
/// lookups do not need (a rewrite, the full normalization, a miss's allowed methods) is out of
/// line.
@usableFromInline
struct CompiledTable: Sendable {
    /// The options the table was built under.
    let options: RouterOptions
    /// The routes in precedence order.
    let routes: [CompiledRoute]
    /// The rewrite rules in the order added.
    let rules: [RewriteRule]
    /// The name of the backend that compiled the table.
    let backendName: String
    /// Why the table is served by another backend than the router's, or `nil` when it is not.
    ///
    /// A router builds its table on its own backend. Only when that engine fails (for example
    /// out of memory for JIT code) does the router serve the table from the Foundation backend,
    /// and says so here, with ``backendName`` naming the backend that answers.
    let fallbackReason: String?

    private(set) var matcher: any RouteMatcher
    let rewriter: (any URLRewriter)?
    /// Whether a lookup that found no route looks for routes of other methods
    /// (``RouterOptions/reportsMethodNotAllowed``, in a table with routes of a method): the one
    /// place that option is read.
    let reportsMethodNotAllowed: Bool
    /// The registrations, flat, for the answer step.
    let store: RegistrationStore
    /// Whether a lookup tells the matcher whether its path has a trailing slash
    /// (``RouterOptions/trailingSlash`` not ``RouterOptions/TrailingSlash/ignore``).
    let marksTrailingSlash: Bool
    /// Whether a lookup that found no route for its method tries the path with its trailing slash
    /// flipped (``RouterOptions/TrailingSlash/redirect``).
    let redirectsTrailingSlash: Bool
    /// Whether a route has a host pattern: then every lookup routes on a host, the one it is
    /// given or the URL's own (`CompiledTable+Host.swift`).
    let matchesHosts: Bool
    /// Whether lookups scan a URL with ``PlainScan`` before they normalize it: always but in a
    /// copy made by ``normalizingEveryURL()``.
    private(set) var scansPlain = true
    /// Whether lookups take the short way into step 3
    /// (``resolve(_:method:variants:forcingCharges:layering:_:)``): the table has no rewrite
    /// rules and no regex whose work a lookup must charge.
    let takesShortWay: Bool
    // The options a lookup reads, held apart: reading them does not copy ``options``.
    let maxURLLength: Int
    let decodePlus: Bool
    /// The request shapes refused before matching (the strict profile).
    let requestChecks: RequestChecks
    /// The distinct methods of the routes (and `HEAD` with `GET`), numbered: what a lookup's
    /// method is compared as, and the candidates of a `methodNotAllowed` miss's allowed methods.
    let methods: MethodList
    /// The most values one route captures: the room a lookup lends the matcher for them.
    let maxCaptureCount: Int
    /// The bound on what the lookup's user regexes can cost, charged before they run.
    let regexWork: RegexWork

    /// Compiles `registry` and `rules` on `backend`; `fallbackReason` says why this backend serves
    /// (see ``fallbackReason``).
    init(
        backend: RouterBackend, registry: RouteRegistry, rules: [RewriteRule], fallbackReason: String? = nil
    ) throws {
        try self.init(engine: backend.engine, registry: registry, rules: rules, fallbackReason: fallbackReason)
    }

    /// Compiles `registry` and `rules` on the engine `backend`.
    init(
        engine backend: any MatcherBackend, registry: RouteRegistry, rules: [RewriteRule], fallbackReason: String? = nil
    ) throws {
        self.fallbackReason = fallbackReason
        let routes = registry.compile()
        self.options = registry.options
        self.routes = routes
        self.rules = rules
        self.backendName = backend.name
        let methods = MethodList(routes: routes, headMatchesGet: registry.options.headMatchesGet)
        self.methods = methods
        self.matcher = try backend.makeRouteMatcher(routes: routes, options: registry.options, methods: methods)
        // Made even without rules, so that a backend keeps nothing of an earlier table's rules.
        let rewriter = try backend.makeRewriter(rules: rules)
        self.rewriter = rules.isEmpty ? nil : rewriter
        self.reportsMethodNotAllowed = registry.options.reportsMethodNotAllowed && routes.contains { $0.method != nil }
        let options = registry.options
        (marksTrailingSlash, redirectsTrailingSlash) = (
            options.trailingSlash != .ignore, options.trailingSlash == .redirect
        )
        self.store = RegistrationStore(routes: routes, keepsTrailingSlash: marksTrailingSlash)
        self.matchesHosts = routes.contains { $0.host != nil }
        let regexWork = RegexWork(routes: routes, rules: rules, options: options)
        self.regexWork = regexWork
        self.maxURLLength = options.maxURLLength
        self.decodePlus = options.decodePlus
        self.requestChecks = options.requestChecks
        self.maxCaptureCount = routes.map(\.captureCount).max() ?? 0
        self.takesShortWay = rules.isEmpty && !regexWork.mayExceedBudget
    }

    /// The same table with every URL normalized in full, never scanned plain: what the tests and
    /// the fuzzer hold the plain scan to (the two must give the same answers).
    func normalizingEveryURL() -> CompiledTable {
        var table = self
        table.scansPlain = false
        return table
    }

    /// What the backend reports about the compiled routes, when it compiles patterns (PCRE2).
    var routePatternFacts: (any CompiledPatternFacts)? { matcher as? any CompiledPatternFacts }

    /// Records the engine calls that `lookup(table, 0)` to `lookup(table, count - 1)` make, where
    /// `table` answers as this one does and records; `nil` when the backend has no bare engine
    /// calls (Foundation) or one of them could not be replayed bare. For `urlrouter bench`'s
    /// baseline: the table's own lookups never look for a recorder.
    func recordRawMatches(lookups count: Int, _ lookup: (CompiledTable, Int) -> Void) -> (any RawMatchReplay)? {
        guard let recordable = matcher as? any RawMatchRecording else { return nil }
        return recordable.recordRawMatches(lookups: count) { recording, index in
            var table = self
            table.matcher = recording
            lookup(table, index)
        }
    }

    /// What the backend reports about the compiled rewrite rules, when it compiles patterns.
    var rulePatternFacts: (any CompiledPatternFacts)? { rewriter as? any CompiledPatternFacts }

    /// A table with no routes and no rules, which matches nothing.
    init(empty options: RouterOptions, fallbackReason: String? = nil) {
        self.fallbackReason = fallbackReason
        self.options = options
        self.routes = []
        self.rules = []
        self.backendName = "empty"
        self.matcher = EmptyMatcher.shared
        self.rewriter = nil
        self.reportsMethodNotAllowed = false
        (marksTrailingSlash, redirectsTrailingSlash, matchesHosts) = (false, false, false)
        self.store = RegistrationStore(routes: [])
        self.takesShortWay = true
        self.methods = MethodList(routes: [], headMatchesGet: options.headMatchesGet)
        self.maxCaptureCount = 0
        self.maxURLLength = options.maxURLLength
        self.decodePlus = options.decodePlus
        self.requestChecks = options.requestChecks
        self.regexWork = RegexWork(routes: [], rules: [], options: options)
    }

    final class EmptyMatcher: RouteMatcher {
        /// The one instance, which lives as long as the process.
        static let shared = EmptyMatcher()

        func firstMatch(_ lookup: inout PreparedLookup) -> MatchOutcome { .noMatch }
    }

    /// Runs `body` on the UTF-8 bytes of `text`, without copying them when the string is native.
    func withBytes<R>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }

    /// Rewrites `url` with the first applicable rule.
    func rewrite(_ url: String) -> RewriteResult {
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
    /// Everything `body` gets (the bytes, the ranges) lives only for the call. With
    /// `forcingCharges`, every regex the lookup runs is charged to its budget, however short the
    /// URL: for a layer that matches more often than once. A layer that routes another URL than
    /// the one it was given passes `layering` (see ``RoutedURL``).
    ///
    /// Nearly every lookup is one of a table that takes the short way (``takesShortWay``), for a
    /// native string whose segments and captures fit room of constant size: its step 3 runs here,
    /// with what that makes constant folded in. Every other lookup takes the same steps out of
    /// line (``resolveInFull(_:_:_:forcingCharges:_:)``). A URL the scan here turns away goes on to
    /// the full normalization from its tokens, within the same room, and is not scanned again.
    @inline(__always)
    func resolve(
        _ url: String, method: String?, variants: [String], forcingCharges: Bool = false,
        layering: RoutedURL.Layering? = nil, _ body: (inout PreparedLookup) -> Void
    ) {
        let method = methods.filter(for: method)
        guard !forcingCharges, takesShortWay, layering == nil else {
            return resolveInFull(url, method, variants, forcingCharges: forcingCharges, layering: layering, body)
        }
        let prepared = url.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            var segmentCapacity = PlainScan.segmentCapacity(urlLength: bytes.count)
            if segmentCapacity + maxCaptureCount > RangeBuffer.fixedCapacity {
                // A long URL is most often a long query, which holds no segment.
                segmentCapacity = PlainScan.segmentCapacity(ofPathIn: bytes)
            }
            guard bytes.count <= maxURLLength, segmentCapacity + maxCaptureCount <= RangeBuffer.fixedCapacity else {
                return false
            }
            return withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: RangeBuffer.fixedCapacity) { room in
                let lent = Lent(bytes, room: room.baseAddress, segmentCapacity, maxCaptureCount)
                prepareScanned(url, lent, nil, method, variants, false, WorkBudget(), body)
                return true
            }
        }
        if prepared != true { resolveInFull(url, method, variants, forcingCharges: false, body) }
    }

    /// Steps 1 to 3 in full: the length, the charges, the rewrite, a layer's URL, and step 3 on
    /// any string.
    @inline(never)
    func resolveInFull(
        _ url: String, _ method: MethodFilter, _ variants: [String], forcingCharges: Bool,
        layering: RoutedURL.Layering? = nil, _ body: (inout PreparedLookup) -> Void
    ) {
        guard url.utf8.count <= maxURLLength else {
            return CompiledTable.miss(.urlTooLong, "longer than \(maxURLLength) bytes", rewrittenURL: nil, body)
        }
        // Nearly every lookup fits the crude bound, and then charges nothing.
        let charging =
            forcingCharges
            ? regexWork.hasWork
            : regexWork.mayExceedBudget
                && !regexWork.fits(
                    urlLength: url.utf8.count, rewritable: !rules.isEmpty, calls: RegexWork.matcherCallsPerLookup)
        guard rules.isEmpty else { return resolveRewriting(url, method, variants, charging, layering, body) }
        prepare(url, rewrittenURL: nil, method, variants, charging, WorkBudget(), layering, body)
    }

    /// Step 2, for a table with rewrite rules, then step 3 for the URL to route. Out of line: a
    /// table without rules keeps none of this in its lookup.
    func resolveRewriting(
        _ url: String, _ method: MethodFilter, _ variants: [String], _ charging: Bool,
        _ layering: RoutedURL.Layering?, _ body: (inout PreparedLookup) -> Void
    ) {
        var budget = WorkBudget()
        switch rewrite(url, charging: charging, budget: &budget) {
        case .unchanged:
            // The URL itself is only borrowed (copying it would retain it): a rewritten one is routed instead.
            prepare(url, rewrittenURL: nil, method, variants, charging, budget, layering, body)
        case .limitExceeded:
            CompiledTable.miss(.limitExceeded, "in a rewrite rule", rewrittenURL: nil, body)
        case .rewritten(let rewritten):
            guard rewritten.utf8.count <= maxURLLength else {
                return CompiledTable.miss(
                    .urlTooLong, "rewritten URL longer than \(maxURLLength) bytes", rewrittenURL: rewritten, body)
            }
            prepare(rewritten, rewrittenURL: rewritten, method, variants, charging, budget, layering, body)
        }
    }

    /// Lends `body` a miss found before any matching.
    @inline(never)
    static func miss(
        _ reason: RouteMiss.Reason, _ detail: String, rewrittenURL: String?, _ body: (inout PreparedLookup) -> Void
    ) {
        var miss = PreparedLookup(miss: MissReason(reason), detail: detail)
        miss.resolution.rewrittenURL = rewrittenURL
        body(&miss)
    }

    /// Step 3 for the URL to route (the caller's, or the rewritten one, or the one a layer routes
    /// in its place: ``RoutedURL``), on any string, with room for its segments and the winner's
    /// captures lent from the stack: the scan (``prepareScanned(_:_:_:_:_:_:_:_:)``), else the
    /// full normalization from its tokens (``prepareNormalized(_:_:_:_:_:_:_:_:_:)``).
    func prepare(
        _ routed: String, rewrittenURL: String?, _ method: MethodFilter, _ variants: [String], _ charging: Bool,
        _ budget: WorkBudget, _ layering: RoutedURL.Layering? = nil, _ body: (inout PreparedLookup) -> Void
    ) {
        if let layering, let layered = layering(routed) {
            return prepare(layered.url, rewrittenURL: rewrittenURL, method, variants, charging, budget) { prepared in
                prepared.resolution.layered = layered
                body(&prepared)
            }
        }
        withBytes(of: routed) { bytes in
            let segmentCapacity = PlainScan.segmentCapacity(ofPathIn: bytes)
            RangeBuffer.withTemporary(capacity: segmentCapacity + maxCaptureCount) { room in
                let lent = Lent(bytes, room: room.base, segmentCapacity, maxCaptureCount)
                prepareScanned(routed, lent, rewrittenURL, method, variants, charging, budget, body)
            }
        }
    }

    /// Step 3 by the scan (``PlainScan``), on the routed URL's bytes with the room lent: a plain URL,
    /// or one whose query or fragment alone holds escapes (the scan checked them), as ranges of its
    /// own bytes, then `body`; any other the scan marked to ``prepareMarked(_:_:_:_:_:_:_:_:_:)``
    /// (escaped segments decoded in room lent for the call, or the full normalization). With
    /// request checks, a URL the scan cannot clear is checked in full (``RequestRefusal``) on the way.
    func prepareScanned(
        _ routed: String, _ lent: Lent, _ rewrittenURL: String?, _ method: MethodFilter, _ variants: [String],
        _ charging: Bool, _ budget: WorkBudget, _ body: (inout PreparedLookup) -> Void
    ) {
        let bytes = lent.bytes
        var scan = PlainScan(segments: lent.segments)
        if scansPlain { RequestURL.scanPlain(bytes, into: &scan) }
        guard scansPlain else {
            return prepareNormalized(routed, rewrittenURL, lent, nil, method, variants, charging, budget, body)
        }
        // Nearly every URL holds no `%`; one whose query or fragment alone does goes on as if it
        // held none, its escapes checked by the scan and decoded only when a value is read.
        if !scan.marks.subtracting(.escapedTail).isEmpty {
            return prepareMarked(routed, rewrittenURL, lent, scan, method, variants, charging, budget, body)
        }
        if !clears(scan, bytes), let refusal = RequestRefusal.find(in: bytes, tokens: scan, checks: requestChecks) {
            return CompiledTable.miss(refusal.reason, refusal.detail, rewrittenURL: rewrittenURL, body)
        }
        variants.withUnsafeBufferPointer { variants in
            var prepared = PreparedLookup(
                scanned: bytes, scan, method: method, variants: variants, captureRoom: lent.captureRoom,
                charging: charging, budget: budget)
            lend(&prepared, rewrittenURL, body)
        }
    }

    /// Step 3 for a URL the scan marked (``PlainScan/Marks``) other than for escapes in its query
    /// or fragment alone: an upper-case scheme or an escaped authority goes to the full
    /// normalization, a malformed escape in the query or the fragment misses, and escapes in the
    /// path are decoded (``prepareEscapedPath(_:_:_:_:_:_:_:_:)``). Out of line: few URLs are.
    @inline(never)
    func prepareMarked(
        _ routed: String, _ rewrittenURL: String?, _ lent: Lent, _ scan: borrowing PlainScan, _ method: MethodFilter,
        _ variants: [String], _ charging: Bool, _ budget: WorkBudget, _ body: (inout PreparedLookup) -> Void
    ) {
        if !scan.marks.isDisjoint(with: .needsFullNormalization) {
            return prepareNormalized(routed, rewrittenURL, lent, copy scan, method, variants, charging, budget, body)
        }
        if scan.marks.contains(.malformedTail) {
            let detail = RequestURL.malformedTail(of: lent.bytes, scan)?.description ?? "malformed URL"
            return CompiledTable.miss(.malformedURL, detail, rewrittenURL: rewrittenURL, body)
        }
        prepareEscapedPath(rewrittenURL, lent, scan, method, variants, charging, budget, body)
    }

    /// Step 3 for a URL the scan took whose path holds a `%` (its query and fragment checked):
    /// each segment decoded to its comparison form in room lent for the call
    /// (SEMANTICS.md section 1), then the request checks, which read the decoded segments too.
    /// Nothing is allocated for a path of up to 1 KiB (the room the standard library lends from
    /// the stack).
    func prepareEscapedPath(
        _ rewrittenURL: String?, _ lent: Lent, _ scan: PlainScan, _ method: MethodFilter, _ variants: [String],
        _ charging: Bool, _ budget: WorkBudget, _ body: (inout PreparedLookup) -> Void
    ) {
        let bytes = lent.bytes
        // Whether the checks can refuse the URL as written; decoded, any escaped segment may be.
        let clearedAsWritten = clears(scan, bytes)
        let segments = scan.segments
        // Room for every segment after a `/`: a comparison form is never longer than the segment.
        var length = 0
        for index in 0..<segments.count { length += segments[index].count + 1 }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, length)) { room in
            RangeBuffer.withTemporary(capacity: segments.count) { decoded in
                var decoded = decoded
                let storage: UnsafeBufferPointer<UInt8>
                do throws(RequestURL.MalformedURL) {
                    storage = try RequestURL.decodeSegments(of: bytes, scan, into: room, ranges: &decoded)
                } catch {
                    return CompiledTable.miss(.malformedURL, error.description, rewrittenURL: rewrittenURL, body)
                }
                // Escapes in a segment can spell anything the checks refuse: each is read decoded.
                let refusal =
                    clearedAsWritten
                    ? RequestRefusal.findInEscapedSegments(
                        in: bytes, tokens: scan, comparisonForms: storage, decoded, checks: requestChecks)
                    : RequestRefusal.find(in: bytes, tokens: scan, checks: requestChecks)
                if let refusal {
                    return CompiledTable.miss(refusal.reason, refusal.detail, rewrittenURL: rewrittenURL, body)
                }
                variants.withUnsafeBufferPointer { variants in
                    var prepared = PreparedLookup(
                        scanned: bytes, scan, decoded: (storage, decoded), method: method, variants: variants,
                        captureRoom: lent.captureRoom, charging: charging, budget: budget)
                    lend(&prepared, rewrittenURL, body)
                }
            }
        }
    }

    /// The routed URL's bytes and the room a lookup lends for its segments and captures.
    struct Lent {
        let bytes: UnsafeBufferPointer<UInt8>
        let segments: RangeBuffer
        let captureRoom: RangeBuffer

        /// `bytes`, and room at `room` for `segmentCapacity` segments, then `captureCapacity` captures.
        init(
            _ bytes: UnsafeBufferPointer<UInt8>, room: UnsafeMutablePointer<Range<Int>>?, _ segmentCapacity: Int,
            _ captureCapacity: Int
        ) {
            self.bytes = bytes
            self.segments = RangeBuffer(base: room, capacity: segmentCapacity)
            self.captureRoom = RangeBuffer(base: room.map { $0 + segmentCapacity }, capacity: captureCapacity)
        }
    }

    /// Lends `body` the lookup step 3 prepared: the URL it routes when a rule rewrote it, and, in
    /// a table that marks them, whether its path has a trailing slash.
    func lend(_ prepared: inout PreparedLookup, _ rewrittenURL: String?, _ body: (inout PreparedLookup) -> Void) {
        if let rewrittenURL { prepared.resolution.rewrittenURL = rewrittenURL }
        if marksTrailingSlash { prepared.request.trailingSlash = prepared.hasTrailingSlash }
        body(&prepared)
    }

    /// Step 3 for the rest: the full normalization of the URL's tokens (``RequestURL``;
    /// `malformedURL` on a bad escape; `nil` tokens, in a table that normalizes every URL
    /// unscanned: it tokenizes it here) and, with ``RouterOptions/requestChecks``, the checks
    /// (``RequestRefusal``), which may refuse it.
    @inline(never)
    func prepareNormalized(
        _ routed: String, _ rewrittenURL: String?, _ lent: Lent, _ tokens: PlainScan?, _ method: MethodFilter,
        _ variants: [String], _ charging: Bool, _ budget: WorkBudget, _ body: (inout PreparedLookup) -> Void
    ) {
        variants.withUnsafeBufferPointer { variants in
            func finish(
                _ storage: UnsafeBufferPointer<UInt8>, _ segments: RangeBuffer, _ segmentRun: Range<Int>?,
                _ scheme: UnsafeBufferPointer<UInt8>?, _ resolution: consuming Resolution
            ) {
                var prepared = PreparedLookup(
                    bytes: storage, segments: segments, segmentRun: segmentRun, scheme: scheme, method: method,
                    variants: variants, captureRoom: lent.captureRoom, resolution: resolution, charging: charging,
                    budget: budget)
                lend(&prepared, rewrittenURL, body)
            }
            let bytes = lent.bytes
            let request: RequestURL
            do throws(RequestURL.MalformedURL) {
                if let tokens {
                    request = try RequestURL(url: routed, bytes: bytes, tokens: tokens, options: options)
                } else {
                    request = try RequestURL(normalizing: routed, options: options)
                }
            } catch {
                return CompiledTable.miss(.malformedURL, error.description, rewrittenURL: rewrittenURL, body)
            }
            if let refusal = refusal(bytes, tokens) {
                return CompiledTable.miss(refusal.reason, refusal.detail, rewrittenURL: rewrittenURL, body)
            }
            withBytes(of: request.storage) { storage in
                withBytes(of: request.scheme ?? "") { scheme in
                    // The segments, then where each is written when they were decoded.
                    let count = request.segmentRanges.count
                    RangeBuffer.withTemporary(capacity: 2 * count) { room in
                        var segments = RangeBuffer(base: room.base, capacity: count)
                        for range in request.segmentRanges { segments.append(range) }
                        finish(
                            storage, segments, nil, request.scheme == nil ? nil : scheme,
                            Resolution(
                                bytes: bytes, request: request,
                                written: RangeBuffer(base: room.base.map { $0 + count }, capacity: count)))
                    }
                }
            }
        }
    }

    /// What the request checks refuse in the URL `bytes`, from its tokens: the scan's, or, in a
    /// table that normalizes every URL, a scan made here.
    func refusal(_ bytes: UnsafeBufferPointer<UInt8>, _ tokens: PlainScan?) -> RequestRefusal? {
        guard !requestChecks.isEmpty else { return nil }
        if let tokens { return RequestRefusal.find(in: bytes, tokens: tokens, checks: requestChecks) }
        return RangeBuffer.withTemporary(capacity: PlainScan.segmentCapacity(urlLength: bytes.count)) { room in
            let tokens = PlainScan.tokenize(bytes, segments: room)
            return RequestRefusal.find(in: bytes, tokens: tokens, checks: requestChecks)
        }
    }

    /// Whether the request checks clear a URL the scan took, without reading it again
    /// (``PlainScan/mayBeRefused(_:checks:)``): always, in a table without checks. A URL it does
    /// not clear goes to the full check.
    func clears(_ scan: PlainScan, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        requestChecks.isEmpty || !scan.mayBeRefused(bytes, checks: requestChecks)
    }

    /// Step 4 of the pipeline: the match, then `methodNotAllowed`.
    ///
    /// The first call answers nearly every lookup; what follows a miss is out of line
    /// (``matchAfterMiss(_:_:)``), so that the common path keeps a small frame. A lookup
    /// that ended before the URL was scanned (too long, malformed, refused) has nothing to match.
    func match(_ prepared: inout PreparedLookup) {
        guard prepared.resolution.scanned else { return }
        let outcome = firstMatch(&prepared)
        guard case .matched = outcome else { return matchAfterMiss(&prepared, outcome) }
        prepared.resolution.reason = nil
    }

    /// Step 4 after the first call found no winner: whether the path matched routes of other
    /// methods (`methodNotAllowed`, and which).
    @inline(never)
    func matchAfterMiss(_ prepared: inout PreparedLookup, _ first: MatchOutcome) {
        switch first {
        case .matched: prepared.resolution.reason = nil
        case .limitExceeded: prepared.resolution.reason = .limitExceeded
        case .noMatch:
            // A redirect answers before the allowed methods are looked for, which it would drop.
            findRedirect(&prepared)
            if prepared.resolution.reason == .noMatch { findAllowedMethods(&prepared) }
        }
    }

    /// One matcher call on the lookup's request as it stands, after charging what its
    /// constraints can cost (when the lookup charges); a winner is written into the lookup.
    @inline(__always)
    func firstMatch(_ prepared: inout PreparedLookup) -> MatchOutcome {
        if prepared.charging,
            !regexWork.chargeConstraints(
                prepared.request.bytes, prepared.request.segments, segmentCount: prepared.request.segmentCount,
                to: &prepared.budget)
        {
            return .limitExceeded
        }
        return matcher.firstMatch(&prepared)
    }
}
