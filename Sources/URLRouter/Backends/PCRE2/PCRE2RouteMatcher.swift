#if PCRE2
internal import CURLRouterPCRE2

/// The PCRE2 backend's route matcher: the table's routes in one JIT-compiled alternation, or in
/// the shards of a ``ShardPlan``; one lookup writes the subject, picks the shard, runs it, and
/// reads the winner's captures through its ``CapturePlan``.
// @unchecked: the unsafe buffers are written once in init and only read afterwards; the
// compiled codes they point to are immutable and PCRE2 allows concurrent matching with them.
final class PCRE2RouteMatcher: RouteMatcher, CompiledPatternFacts, @unchecked Sendable {
    let routes: [CompiledRoute]
    let shards: [RouteShard]
    /// Owns the first-segment table that ``firstSegments`` reads; `nil` when one shard holds everything.
    let firstSegmentTable: ByteKeyTable?
    /// First segments (literal first positions) to selectors, read without reference counting.
    let firstSegments: ByteKeyTable.Index?
    /// Per selector, its shards in ``selectorShards`` (start, count): one shard, or one per
    /// segment count, the last serving every longer request (see ``ShardPlan/Selector``).
    let selectors: UnsafeMutableBufferPointer<(start: Int32, count: Int32)>
    let selectorShards: UnsafeMutableBufferPointer<Int32>
    /// Owns the literal paths that ``literalPaths`` reads; `nil` when no route is wholly literal.
    let literalRoutes: LiteralRoutes?
    /// Whole literal paths to their routes, read without reference counting.
    let literalPaths: LiteralRoutes.Index?
    let methods: MethodList
    let composites: [CompositeMatcher]
    let compositeIDs: [CompositePattern: Int]
    let caseInsensitive: Bool
    /// Whether subjects carry the path's trailing slash (a table that does not ignore it).
    let marksTrailingSlash: Bool
    /// Whether subjects carry the lookup's host (a table with host routes).
    let matchesHosts: Bool
    let methodCodes: MethodCodes
    let jitStackBytes: Int
    let maxURLLength: Int
    /// ``PCRE2MatchState/key``, read once here rather than through its lazy global per lookup.
    let matchStateKey = PCRE2MatchState.key
    /// Per shard, what a match needs, without reference counting (the codes live in `shards`).
    let shardInfo: UnsafeMutableBufferPointer<ShardInfo>
    /// Per route, how to read its captures from the segments (see `CapturePlan`).
    let plans: [CapturePlan]

    struct ShardInfo {
        var code: OpaquePointer
        var jit: Bool
        var routeCount: Int
        var hasUserRegex: Bool
        var hasCallouts: Bool
        /// The shard holding the next routes in precedence order, tried when this one finds no
        /// match; -1 at the end of a chain.
        var next: Int
    }

    /// Writes `/segment` for each of `count` segments, `range(i)` of `source`, to `subject`;
    /// returns how many bytes.
    static func writeSegments(
        _ count: Int, _ range: (Int) -> Range<Int>, from source: UnsafePointer<UInt8>?,
        to subject: UnsafeMutablePointer<UInt8>
    ) -> Int {
        var end = 0
        for index in 0..<count {
            let range = range(index)
            subject[end] = UInt8(ascii: "/")
            if let source { (subject + end + 1).update(from: source + range.lowerBound, count: range.count) }
            end += range.count + 1
        }
        return end
    }

    deinit {
        shardInfo.deallocate()
        selectors.deallocate()
        selectorShards.deallocate()
    }

    /// Every compiled pattern runs as JIT code.
    var isJITCompiled: Bool { shards.allSatisfy { $0.code.isJITCompiled } }

    /// The JIT machine code of every shard, in bytes.
    var jitCodeBytes: Int { shards.reduce(0) { $0 + $1.code.jitCodeBytes } }

    /// The compiled patterns of every shard, in bytes.
    var patternBytes: Int { shards.reduce(0) { $0 + $1.code.patternBytes } }

    /// How many patterns the table took (1 unless PCRE2's size limits forced shards).
    var compiledPatternCount: Int { shards.count }

    init(routes: [CompiledRoute], options: RouterOptions, methods: MethodList) throws {
        self.routes = routes
        self.caseInsensitive = options.caseInsensitive
        self.marksTrailingSlash = options.trailingSlash != .ignore
        self.matchesHosts = routes.contains { $0.host != nil }
        self.maxURLLength = options.maxURLLength
        // A catch-all over n segments keeps a few words of JIT stack per segment; give every
        // thread room for the longest URL the router accepts.
        self.jitStackBytes = max(256 * 1024, options.maxURLLength * 128)
        let methodCodes = try MethodCodes(methods: methods)
        self.methodCodes = methodCodes
        self.methods = methods
        let literalRoutes = LiteralRoutes(routes: routes, methods: methods, caseInsensitive: options.caseInsensitive)
        self.literalRoutes = literalRoutes
        self.literalPaths = literalRoutes?.index
        let alternation = RouteAlternation(routes: routes, options: options, methodCodes: methodCodes)
        // The routes the literal paths answer are left out of the alternation: a lookup of their
        // path that none of them answers needs the other routes only (see LiteralRoutes).
        let held = Set(literalRoutes?.heldRoutes ?? [])
        let indices = routes.indices.filter { !held.contains($0) }
        let plan = try ShardPlan(routes: routes, indices: indices, alternation: alternation, options: options)
        let shards = plan.shards
        self.firstSegmentTable = plan.firstSegments
        self.firstSegments = plan.firstSegments?.index
        var flat: [Int32] = []
        let selectors = UnsafeMutableBufferPointer<(start: Int32, count: Int32)>.allocate(
            capacity: plan.selectors.count)
        for (index, selector) in plan.selectors.enumerated() {
            let members: [Int]
            switch selector {
            case .shard(let shard): members = [shard]
            case .byCount(let byCount): members = byCount
            }
            selectors.initializeElement(at: index, to: (Int32(flat.count), Int32(members.count)))
            flat += members.map { Int32($0) }
        }
        self.selectors = selectors
        let selectorShards = UnsafeMutableBufferPointer<Int32>.allocate(capacity: max(1, flat.count))
        _ = selectorShards.initialize(from: flat)
        self.selectorShards = selectorShards
        self.shards = shards
        self.composites = alternation.composites.map { CompositeMatcher($0, caseInsensitive: options.caseInsensitive) }
        self.compositeIDs = alternation.compositeIDs
        let info = UnsafeMutableBufferPointer<ShardInfo>.allocate(capacity: shards.count)
        for (index, shard) in shards.enumerated() {
            info.initializeElement(
                at: index,
                to: ShardInfo(
                    code: shard.code.pointer, jit: shard.code.isJITCompiled, routeCount: shard.routeCount,
                    hasUserRegex: shard.hasUserRegex, hasCallouts: shard.hasCallouts, next: plan.next[index]))
        }
        self.shardInfo = info
        self.plans = routes.map(CapturePlan.init)
    }

    /// The shard for a request: one hash lookup of its first segment, then its segment count.
    @inline(__always)
    func shard(firstSegment: UnsafeBufferPointer<UInt8>?, segmentCount: Int) -> ShardInfo {
        guard let firstSegments else { return shardInfo[0] }
        var selector = 0
        if let firstSegment { selector = firstSegments.lookup(firstSegment, folding: caseInsensitive) ?? 0 }
        let (start, count) = selectors[selector]
        return shardInfo[Int(selectorShards[Int(start) + min(segmentCount, Int(count) - 1)])]
    }

    /// What one match call found.
    enum CallResult {
        case route(Int)
        case noMatch
        case limitExceeded
    }

    /// Runs `shard`, and the rest of its chain while none matches, on the subject in `state` (of
    /// `length` bytes): the winner's index from its `(*MARK)`.
    func run(
        _ shard: ShardInfo, _ state: UnsafeMutablePointer<PCRE2MatchState>, length: Int,
        variants: UnsafeBufferPointer<String>, budget: inout WorkBudget
    ) -> CallResult {
        var shard = shard
        while true {
            let result = runOne(shard, state, length: length, variants: variants, budget: &budget)
            guard case .noMatch = result, shard.next >= 0 else { return result }
            shard = shardInfo[shard.next]
        }
    }

    /// Runs one shard on the subject in `state`.
    func runOne(
        _ shard: ShardInfo, _ state: UnsafeMutablePointer<PCRE2MatchState>, length: Int,
        variants: UnsafeBufferPointer<String>, budget: inout WorkBudget
    ) -> CallResult {
        let subject = state.pointee.subject
        let context = state.pointee.context
        let matchData = state.pointee.matchData
        if shard.hasUserRegex {
            // The charged bound (RegexWork) decides limitExceeded; this only stops a runaway engine.
            let limit = WorkBudget.engineNetSteps + shard.routeCount * (length + 1) * 4
            state.pointee.setMatchLimit(UInt32(clamping: limit))
        } else {
            // Route syntax compiles to linear shapes: no limit is needed, and none may cut a lookup short.
            state.pointee.setMatchLimit(UInt32.max)
        }
        func match() -> Int32 {
            PCRE2Code.match(shard.code, jit: shard.jit, subject, length, matchData, context)
        }
        let result: Int32
        if shard.hasCallouts {
            var calloutContext = CalloutContext(matcher: self, variants: variants)
            result = withUnsafeMutablePointer(to: &calloutContext) { pointer -> Int32 in
                pcre2_set_callout_8(context, routeCallout, pointer)
                defer { pcre2_set_callout_8(context, nil, nil) }
                return match()
            }
        } else {
            result = match()
        }
        let outcome = Self.callResult(result, matchData)
        if case .limitExceeded = outcome { budget.remainingSteps = 0 }
        return outcome
    }

    /// What one call's `result` says, its match data holding the winner's `(*MARK)`: the chain
    /// goes on to the next shard after `.noMatch`. Match, heap, depth or JIT stack limits leave
    /// the answer unknown, never "no match".
    static func callResult(_ result: Int32, _ matchData: OpaquePointer) -> CallResult {
        guard result >= 0 else { return result == PCRE2_ERROR_NOMATCH ? .noMatch : .limitExceeded }
        guard let index = markNumber(in: matchData) else { return .noMatch }
        return .route(index)
    }

    /// The one entry point: writes the subject `/seg1/seg2//Mscheme` (see ``RouteAlternation``)
    /// from the request's bytes (one copy when the segments are one run of them); answers a wholly
    /// literal path from ``LiteralRoutes`` when one of its routes answers; else runs the shard, and reads the
    /// winner's captures from its capture plan into the request's capture room. Nothing on the way
    /// is reference counted or allocated.
    // Inlined into its protocol witness, its one caller, which otherwise took the outcome into a
    // temporary and copied it out; reading it back stalled on the stores just made (commit
    // 6fda3ca gives the measurements).
    @inline(__always)
    func firstMatch(_ request: borrowing MatchRequest, budget: inout WorkBudget) -> MatchOutcome {
        withSubject(of: request) { shard, state, length in
            switch run(shard, state, length: length, variants: request.variants, budget: &budget) {
            case .route(let index): .matched(rawMatch(route: index, request: request))
            case .noMatch: .noMatch
            case .limitExceeded: .limitExceeded
            }
        }
    }

    /// Writes the request's subject, `/seg1/seg2//Mscheme` (`//TMscheme` when the table marks
    /// trailing slashes, see ``RouteAlternation``), into the thread's match state and
    /// hands `run` the shard that starts the request's chain, the state and the subject's length;
    /// a wholly literal path one of whose routes answers is answered here instead, from
    /// ``LiteralRoutes``. The one place a subject is made: lookups and the recording of engine
    /// calls (`PCRE2RecordingMatcher`) both go through it.
    @inline(__always)
    func withSubject(
        of request: borrowing MatchRequest,
        _ run: (_ shard: ShardInfo, _ state: UnsafeMutablePointer<PCRE2MatchState>, _ length: Int) -> MatchOutcome
    ) -> MatchOutcome {
        let segmentCount = request.segmentCount
        let segments = request.segments
        let shard = shard(firstSegment: segmentCount > 0 ? request.segmentBytes(0) : nil, segmentCount: segmentCount)
        let state = PCRE2MatchState.current(key: matchStateKey)
        let segmentRun = segmentCount == segments.count ? request.segmentRun : nil
        // Room for the segments, `//`, the method code, the scheme and `@host`.
        var length = 8 + (request.scheme?.count ?? 0)
        if matchesHosts { length += request.host.count }
        if let run = segmentRun {
            length += run.count + 1
        } else {
            for index in 0..<segmentCount { length += segments[index].count + 1 }
        }
        state.pointee.reserve(jitStackBytes: jitStackBytes, pairs: 1, subjectBytes: length)

        let subject = state.pointee.subject
        let source = request.bytes.baseAddress
        var end: Int
        if let run = segmentRun, let source {
            subject[0] = UInt8(ascii: "/")
            (subject + 1).update(from: source + run.lowerBound, count: run.count)
            end = run.count + 1
        } else {
            end = PCRE2RouteMatcher.writeSegments(segmentCount, { segments[$0] }, from: source, to: subject)
        }
        if let literalPaths, literalPaths.mayHold(length: end),
            let route = literalWinner(UnsafeBufferPointer(start: subject, count: end), literalPaths, request)
        {
            return .matched(RawMatch(routeIndex: route, captures: request.captureRoom, catchAll: nil))
        }
        subject[end] = UInt8(ascii: "/")
        subject[end + 1] = UInt8(ascii: "/")
        end += 2
        if marksTrailingSlash {
            subject[end] = request.trailingSlash ? UInt8(ascii: "1") : UInt8(ascii: "0")
            end += 1
        }
        subject[end] = methodCodes.code(for: request.method)
        end += 1
        if let scheme = request.scheme, let base = scheme.baseAddress {
            (subject + end).update(from: base, count: scheme.count)
            end += scheme.count
        }
        if matchesHosts, let host = request.host.baseAddress, request.host.count > 0 {
            subject[end] = UInt8(ascii: "@")
            (subject + end + 1).update(from: host, count: request.host.count)
            end += request.host.count + 1
        }

        return run(shard, state, end)
    }

    /// The first literal route of `path` that answers the request, or `nil`. Out of line: most
    /// paths that reach it are not literal paths, and the lookup's own code stays small.
    @inline(never)
    func literalWinner(
        _ path: UnsafeBufferPointer<UInt8>, _ literalPaths: LiteralRoutes.Index, _ request: borrowing MatchRequest
    ) -> Int? {
        for candidate in literalPaths.candidates(path: path, folding: caseInsensitive) where answers(candidate, request)
        {
            return Int(candidate.route)
        }
        return nil
    }

    /// Whether a literal route answers the request (``MatchRequest/isAnswered(by:method:in:schemeAndVariantsMayRefuse:)``,
    /// its scheme and variants only where they can refuse): what the end of its branch in the
    /// alternation checks.
    func answers(_ candidate: LiteralRoutes.Candidate, _ request: borrowing MatchRequest) -> Bool {
        request.isAnswered(
            by: routes[Int(candidate.route)], method: candidate.method < 0 ? nil : Int(candidate.method), in: methods,
            schemeAndVariantsMayRefuse: candidate.checksSchemeOrVariants)
    }

    /// Captures and the catch-all, from the route's positions and the request's segments.
    func rawMatch(route index: Int, request: borrowing MatchRequest) -> RawMatch {
        let plan = plans[index]
        let segmentCount = request.segmentCount
        let catchAll = plan.layout.catchAllSegments(segmentCount: segmentCount)
        guard plan.simple else { return generalRawMatch(route: index, request: request, catchAll: catchAll) }
        var captures = request.captureRoom
        plan.forEachCapturedSegment(segmentCount: segmentCount) { captures.append(request.segments[$0]) }
        return RawMatch(routeIndex: index, captures: captures, catchAll: catchAll)
    }

    /// Routes with in-segment patterns, or more than eight parameters.
    func generalRawMatch(route index: Int, request: borrowing MatchRequest, catchAll: Range<Int>?) -> RawMatch {
        let plan = plans[index]
        var captures = request.captureRoom
        for (position, element) in routes[index].elements.enumerated() {
            let segment = plan.layout.segment(at: position, segmentCount: request.segmentCount)
            switch element {
            case .parameter, .constrained: captures.append(request.segments[segment])
            case .composite(let pattern):
                let matcher = composites[compositeIndex(pattern)]
                _ = matcher.appendCaptures(
                    of: request.segmentBytes(segment), offset: request.segments[segment].lowerBound, to: &captures)
            case .literal, .wildcard, .catchAll: break
            }
        }
        return RawMatch(routeIndex: index, captures: captures, catchAll: catchAll)
    }

    func compositeIndex(_ pattern: CompositePattern) -> Int {
        compositeIDs[pattern] ?? 0
    }
}

/// Where a route's captures are, so that a match reads them from the request's segments rather
/// than from PCRE2's capture groups: the route's segment layout and up to 8 capturing positions.
/// Routes with in-segment patterns, more than 8 parameters or one past position 65,535 are not
/// `simple`: their captures take the general path. One per route of the table, kept small
/// (positions as `UInt16`).
struct CapturePlan {
    var layout: SegmentLayout
    var simple: Bool
    var captureCount: UInt8
    var positions: (UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16)

    /// The plan of `route`.
    init(_ route: CompiledRoute) {
        layout = route.layout
        simple = true
        positions = (0, 0, 0, 0, 0, 0, 0, 0)
        var captured: [UInt16] = []
        for (position, element) in route.elements.enumerated() {
            switch element {
            case .parameter, .constrained:
                guard let position = UInt16(exactly: position) else {
                    simple = false
                    continue
                }
                captured.append(position)
            case .composite: simple = false
            case .literal, .wildcard, .catchAll: break
            }
        }
        if captured.count > 8 { simple = false }
        captureCount = UInt8(captured.prefix(8).count)
        withUnsafeMutableBytes(of: &positions) { bytes in
            for (slot, position) in captured.prefix(8).enumerated() {
                bytes.storeBytes(of: position, toByteOffset: slot * 2, as: UInt16.self)
            }
        }
    }

    /// Calls `body` with the segment of each capturing position, in order (simple plans only).
    func forEachCapturedSegment(segmentCount: Int, _ body: (Int) -> Void) {
        withUnsafeBytes(of: positions) { positions in
            for slot in 0..<Int(captureCount) {
                let position = Int(positions.load(fromByteOffset: slot * 2, as: UInt16.self))
                body(layout.segment(at: position, segmentCount: segmentCount))
            }
        }
    }
}

/// The one byte each HTTP method of a route table stands for in subjects.
///
/// Codes are ASCII bytes other than `/`, `\n` and `\r`: room for 122 methods, more than the
/// ``HTTPMethodName/maxCount`` a table may have. `\x01` stands for "every method" (to tell
/// `methodNotAllowed` from `noMatch`) and `\x02` for a lookup without a method or with one no route
/// has: only routes of any method take it.
struct MethodCodes: Sendable {
    static let every: UInt8 = 0x01
    static let none: UInt8 = 0x02

    /// The table's methods, numbered as lookups number them.
    let methods: MethodList
    /// The code of each method of ``methods``, by its index there.
    private(set) var byIndex: [UInt8] = []
    /// The codes a route of each method accepts, by the method's index in ``methods``.
    private(set) var acceptedByIndex: [[UInt8]] = []

    /// Codes for every method of the table.
    init(methods: MethodList) throws(PCRE2Error) {
        self.methods = methods
        var next: UInt8 = 0x03
        for _ in methods.names {
            while next == UInt8(ascii: "/") || next == UInt8(ascii: "\n") || next == UInt8(ascii: "\r") { next += 1 }
            guard next < 0x80 else {
                throw PCRE2Error(.compile, code: -1, message: "more than 122 distinct HTTP methods in one table")
            }
            byIndex.append(next)
            next += 1
        }
        // A route accepts the codes of the lookup methods it answers (``MethodList/allows(_:routeMethod:)``:
        // its own, and `HEAD` for `GET`), and "every method".
        acceptedByIndex = methods.names.indices.map { routeMethod in
            methods.names.indices.filter { methods.allows(.lookup($0), routeMethod: routeMethod) }.map { byIndex[$0] }
                + [MethodCodes.every]
        }
    }

    /// The codes a route of `method` accepts.
    func accepting(_ method: String) -> [UInt8] {
        guard let index = methods.index(ofRouteMethod: method) else { return [MethodCodes.none, MethodCodes.every] }
        return acceptedByIndex[index]
    }

    /// The code the subject carries for a lookup's method filter.
    func code(for filter: MethodFilter) -> UInt8 {
        switch filter {
        case .any: return MethodCodes.every
        case .lookup(nil): return MethodCodes.none
        case .lookup(let index?): return byIndex[index]
        }
    }
}
#endif
