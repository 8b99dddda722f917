#if PCRE2
internal import CURLRouterPCRE2

/// The PCRE2 backend's route matcher: the table's routes in one JIT-compiled alternation per
/// method filter, each in the shards of a ``ShardPlan`` (``MethodShards``); one lookup reads the
/// path in place (or writes the subject), picks the shard, runs it, and reads the winner's
/// captures through its ``CapturePlan``.
// @unchecked: the literal paths' index points into buffers written once in init and only read
// afterwards; the compiled codes are immutable and PCRE2 allows concurrent matching with them.
final class PCRE2RouteMatcher: RouteMatcher, CompiledPatternFacts, @unchecked Sendable {
    let routes: [CompiledRoute]
    /// The compiled alternations, one per method filter.
    let methodShards: MethodShards
    /// Owns the literal paths that ``literalPaths`` reads; `nil` when no route is wholly literal.
    let literalRoutes: LiteralRoutes?
    /// Whole literal paths to their routes, read without reference counting.
    let literalPaths: LiteralRoutes.Index?
    let methods: MethodList
    let composites: [CompositeMatcher]
    let compositeIDs: [CompositePattern: Int]
    let caseInsensitive: Bool
    /// What subjects carry after the path, as the alternation reads it: whether its trailing
    /// slash, the lookup's host, anything at all (``RouteAlternation``'s properties of the names).
    let marksTrailingSlash: Bool
    let matchesHosts: Bool
    let readsPastPath: Bool
    let jitStackBytes: Int
    let maxURLLength: Int
    /// ``PCRE2MatchState/key``, read once here rather than through its lazy global per lookup.
    let matchStateKey = PCRE2MatchState.key
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

    /// Every compiled pattern runs as JIT code.
    var isJITCompiled: Bool { methodShards.shards.allSatisfy { $0.code.isJITCompiled } }

    /// The JIT machine code of every shard, in bytes.
    var jitCodeBytes: Int { methodShards.shards.reduce(0) { $0 + $1.code.jitCodeBytes } }

    /// The compiled patterns of every shard, in bytes.
    var patternBytes: Int { methodShards.shards.reduce(0) { $0 + $1.code.patternBytes } }

    /// How many patterns the table took (one per method filter with routes of its own, more
    /// where PCRE2's size limits forced shards).
    var compiledPatternCount: Int { methodShards.shards.count }

    init(routes: [CompiledRoute], options: RouterOptions, methods: MethodList) throws {
        self.routes = routes
        self.caseInsensitive = options.caseInsensitive
        self.maxURLLength = options.maxURLLength
        // A catch-all over n segments keeps a few words of JIT stack per segment; give every
        // thread room for the longest URL the router accepts.
        self.jitStackBytes = max(256 * 1024, options.maxURLLength * 128)
        self.methods = methods
        let literalRoutes = LiteralRoutes(routes: routes, methods: methods, caseInsensitive: options.caseInsensitive)
        self.literalRoutes = literalRoutes
        self.literalPaths = literalRoutes?.index
        let alternation = RouteAlternation(routes: routes, options: options)
        (marksTrailingSlash, matchesHosts, readsPastPath) = (
            alternation.marksTrailingSlash, alternation.matchesHosts, alternation.readsPastPath
        )
        // The routes the literal paths answer are left out of the alternations: a lookup of their
        // path that none of them answers needs the other routes only (see LiteralRoutes).
        let held = Set(literalRoutes?.heldRoutes ?? [])
        let indices = routes.indices.filter { !held.contains($0) }
        self.methodShards = try MethodShards(
            routes: routes, indices: indices, methods: methods, alternation: alternation, options: options)
        self.composites = alternation.composites.map { CompositeMatcher($0, caseInsensitive: options.caseInsensitive) }
        self.compositeIDs = alternation.compositeIDs
        self.plans = routes.map(CapturePlan.init)
    }

    /// What one match call found.
    enum CallResult {
        case route(Int)
        case noMatch
        case limitExceeded
    }

    /// Runs `shard`, and the rest of its chain while none matches, on `subject` (of `length`
    /// bytes) with the match data in `state`: the winner's index from its `(*MARK)`.
    func run(
        _ shard: ShardInfo, _ state: UnsafeMutablePointer<PCRE2MatchState>, subject: UnsafePointer<UInt8>,
        length: Int, variants: UnsafeBufferPointer<String>, budget: inout WorkBudget
    ) -> CallResult {
        var shard = shard
        while true {
            let result = runOne(shard, state, subject: subject, length: length, variants: variants, budget: &budget)
            guard case .noMatch = result, shard.next >= 0 else { return result }
            shard = methodShards.info[shard.next]
        }
    }

    /// Runs one shard on `subject`.
    func runOne(
        _ shard: ShardInfo, _ state: UnsafeMutablePointer<PCRE2MatchState>, subject: UnsafePointer<UInt8>,
        length: Int, variants: UnsafeBufferPointer<String>, budget: inout WorkBudget
    ) -> CallResult {
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

    /// The one entry point: the subject is the request's path `/seg1/seg2`, read in place when
    /// its segments are one run of its bytes, with `//`, the trailing-slash mark, the scheme and
    /// `@host` after it in a table that reads them (see ``RouteAlternation``); answers a wholly
    /// literal path from ``LiteralRoutes`` when one of its routes answers; else runs the shard of
    /// the request's method filter, and writes the winner into the lookup, its captures read
    /// through its capture plan into the request's capture room. Nothing on the way is reference
    /// counted or allocated.
    ///
    /// The functions below take the lookup `inout` even where they only read it: a borrow of a
    /// stored part of the caller's `inout` state is a copy of it, made before each call
    /// (Benchmarks/instructions), where `inout` lends its address.
    func firstMatch(_ lookup: inout PreparedLookup) -> MatchOutcome {
        var budget = lookup.budget
        let variants = lookup.request.variants
        let result = withSubject(of: &lookup) { shard, state, subject, length in
            run(shard, state, subject: subject, length: length, variants: variants, budget: &budget)
        }
        lookup.budget = budget
        switch result {
        case .route(let index):
            setWinner(index, of: &lookup)
            return .matched
        case .noMatch: return .noMatch
        case .limitExceeded: return .limitExceeded
        }
    }

    /// Hands `run` the shard that starts the request's chain, the thread's match state, and the
    /// subject and its length: the request's path, `/seg1/seg2`, in place when its segments are
    /// one run of its bytes after a `/` and the table reads nothing past the path; else written
    /// into the match state, followed by `//`, the trailing-slash mark, the scheme and `@host`
    /// where the table reads them (``RouteAlternation``). A wholly literal path one of whose
    /// routes answers is answered here instead, from ``LiteralRoutes``. The one place a subject is
    /// made: lookups and the recording of engine calls (`PCRE2RecordingMatcher`) both go through it.
    @inline(__always)
    func withSubject(
        of lookup: inout PreparedLookup,
        _ run: (
            _ shard: ShardInfo, _ state: UnsafeMutablePointer<PCRE2MatchState>, _ subject: UnsafePointer<UInt8>,
            _ length: Int
        ) -> CallResult
    ) -> CallResult {
        let segmentCount = lookup.request.segmentCount
        let segments = lookup.request.segments
        let shard = methodShards.shard(
            for: lookup.request.method, firstSegment: segmentCount > 0 ? lookup.request.segmentBytes(0) : nil,
            segmentCount: segmentCount, folding: caseInsensitive)
        let state = PCRE2MatchState.current(key: matchStateKey)
        let source = lookup.request.bytes.baseAddress
        // The path in the request's bytes: its segments, one run, and the `/` before them.
        var inPlace: UnsafePointer<UInt8>?
        var length = 0
        if segmentCount == segments.count, let run = lookup.request.segmentRun, let source, run.lowerBound > 0,
            source[run.lowerBound - 1] == UInt8(ascii: "/")
        {
            inPlace = source + run.lowerBound - 1
            length = run.count + 1
        } else {
            for index in 0..<segmentCount { length += segments[index].count + 1 }
        }
        let subject: UnsafePointer<UInt8>
        if let inPlace, !readsPastPath {
            state.pointee.reserve(jitStackBytes: jitStackBytes, pairs: 1, subjectBytes: 0)
            subject = inPlace
        } else {
            // Room for the path, `//`, the trailing-slash mark, the scheme and `@host`.
            var capacity = length + 4 + (lookup.request.scheme?.count ?? 0)
            if matchesHosts { capacity += lookup.request.host.count }
            state.pointee.reserve(jitStackBytes: jitStackBytes, pairs: 1, subjectBytes: capacity)
            let room = state.pointee.subject
            if let inPlace {
                room.update(from: inPlace, count: length)
            } else {
                length = PCRE2RouteMatcher.writeSegments(segmentCount, { segments[$0] }, from: source, to: room)
            }
            subject = UnsafePointer(room)
        }
        if let literalPaths, literalPaths.mayHold(length: length),
            let route = literalWinner(UnsafeBufferPointer(start: subject, count: length), literalPaths, &lookup)
        {
            return .route(route)
        }
        guard readsPastPath else { return run(shard, state, subject, length) }
        let room = state.pointee.subject
        var end = length
        room[end] = UInt8(ascii: "/")
        room[end + 1] = UInt8(ascii: "/")
        end += 2
        if marksTrailingSlash {
            room[end] = lookup.request.trailingSlash ? UInt8(ascii: "1") : UInt8(ascii: "0")
            end += 1
        }
        if let scheme = lookup.request.scheme, let base = scheme.baseAddress {
            (room + end).update(from: base, count: scheme.count)
            end += scheme.count
        }
        if matchesHosts, let host = lookup.request.host.baseAddress, lookup.request.host.count > 0 {
            room[end] = UInt8(ascii: "@")
            (room + end + 1).update(from: host, count: lookup.request.host.count)
            end += lookup.request.host.count + 1
        }
        return run(shard, state, subject, end)
    }

    /// The first literal route of `path` that answers the request, or `nil`. Out of line: most
    /// paths that reach it are not literal paths, and the lookup's own code stays small.
    @inline(never)
    func literalWinner(
        _ path: UnsafeBufferPointer<UInt8>, _ literalPaths: LiteralRoutes.Index, _ lookup: inout PreparedLookup
    ) -> Int? {
        for candidate in literalPaths.candidates(path: path, folding: caseInsensitive) where answers(candidate, lookup)
        {
            return Int(candidate.route)
        }
        return nil
    }

    /// Whether a literal route answers the request (``MatchRequest/isAnswered(by:method:in:schemeAndVariantsMayRefuse:)``,
    /// its scheme and variants only where they can refuse): what the end of its branch in the
    /// alternation checks.
    func answers(_ candidate: LiteralRoutes.Candidate, _ lookup: borrowing PreparedLookup) -> Bool {
        lookup.request.isAnswered(
            by: routes[Int(candidate.route)], method: candidate.method < 0 ? nil : Int(candidate.method), in: methods,
            schemeAndVariantsMayRefuse: candidate.checksSchemeOrVariants)
    }

    /// Writes route `index` into the lookup as its winner, with its captures and catch-all read
    /// from the route's positions and the request's segments.
    @inline(__always)
    func setWinner(_ index: Int, of lookup: inout PreparedLookup) {
        let plan = plans[index]
        let segments = lookup.request.segments
        let segmentCount = lookup.request.segmentCount
        var captures = lookup.request.captureRoom
        if plan.simple {
            plan.forEachCapturedSegment(segmentCount: segmentCount) { captures.append(segments[$0]) }
        } else {
            appendGeneralCaptures(route: index, request: lookup.request, to: &captures)
        }
        lookup.resolution.setWinner(
            index, captures: captures, catchAll: plan.layout.catchAllSegments(segmentCount: segmentCount))
    }

    /// The captures of a route with in-segment patterns, or more than eight parameters.
    func appendGeneralCaptures(route index: Int, request: borrowing MatchRequest, to captures: inout RangeBuffer) {
        let plan = plans[index]
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
#endif
