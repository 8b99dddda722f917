#if PCRE2
internal import CURLRouterPCRE2
import Dispatch
import URLRouterCore

/// One compiled pattern of a route table and what a match on it needs to know.
struct RouteShard: Sendable {
    let code: PCRE2Code
    /// The compiled code's pointer, copied out so that a lookup retains nothing.
    var pointer: OpaquePointer { code.pointer }
    /// How many routes the shard holds (for the work allowance of route syntax).
    let routeCount: Int
    /// Whether any route of the shard has a user regex (a constraint).
    let hasUserRegex: Bool
    /// Whether the pattern has callouts (in-segment patterns, variant checks).
    let hasCallouts: Bool
}

/// The PCRE2 backend's route matcher: the whole table in one JIT-compiled alternation, or, when
/// PCRE2's size limits force it, in shards picked without looping: by the request's first segment
/// (one hash lookup) and, only when one first segment's routes are still too large, by its segment
/// count (an array index). Routes that one pattern still cannot hold (for example 1,400 constraint
/// routes under one first literal and one segment count) become a chain of patterns, each holding
/// a run of routes in precedence order, tried in order until one matches: the table is always
/// served by this backend, never handed to another.
// @unchecked: the two unsafe buffers are written once in init and only read afterwards; the
// compiled codes they point to are immutable and PCRE2 allows concurrent matching with them.
final class PCRE2RouteMatcher: RouteMatcher, CompiledPatternFacts, @unchecked Sendable {
    /// How a request picks its shard, once its first segment has picked the selector.
    enum Selector: Sendable {
        case shard(Int)
        /// By the request's segment count; the last entry serves every longer request.
        case byCount([Int])
    }

    let routes: [CompiledRoute]
    let shards: [RouteShard]
    /// First segments (literal first positions) to selectors; `nil` when one shard holds everything.
    let firstSegments: FirstSegmentTable?
    let selectors: [Selector]
    /// The selector for first segments no literal route starts with (and for zero segments).
    let fallbackSelector: Int
    let composites: [CompositeMatcher]
    let compositeIDs: [CompositePattern: Int]
    let caseInsensitive: Bool
    let methodCodes: MethodCodes
    let jitStackBytes: Int
    let maxURLLength: Int
    /// ``PCRE2MatchState/key``, read once here rather than through its lazy global per lookup.
    let matchStateKey = PCRE2MatchState.key
    /// Per shard, what a match needs, without reference counting (the codes live in `shards`).
    let shardInfo: UnsafeMutableBufferPointer<ShardInfo>
    /// Per route, how to read its captures from the segments (see `CapturePlan`).
    let plans: UnsafeMutableBufferPointer<CapturePlan>

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

    /// Where a route's captures are: its position count, its catch-all, and up to 8 capturing
    /// positions (in-segment patterns, or more than 8, fall back to the general path).
    struct CapturePlan {
        var count: Int32
        var catchAll: Int32
        var simple: Bool
        var captureCount: Int32
        var positions: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32)

        /// The segment position `position` takes in a request of `segmentCount` segments: itself,
        /// or, after a catch-all, counted from the end.
        @inline(__always)
        func segment(at position: Int, segmentCount: Int) -> Int {
            catchAll >= 0 && position > Int(catchAll) ? segmentCount - (Int(count) - position) : position
        }

        /// The segments the catch-all takes in a request of `segmentCount` segments.
        @inline(__always)
        func catchAllRange(segmentCount: Int) -> Range<Int>? {
            guard catchAll >= 0 else { return nil }
            return Int(catchAll)..<(segmentCount - (Int(count) - 1 - Int(catchAll)))
        }

        /// Calls `body` with the segment of each capturing position, in order (simple plans only).
        @inline(__always)
        func forEachCapturedSegment(segmentCount: Int, _ body: (Int) -> Void) {
            withUnsafeBytes(of: positions) { positions in
                for slot in 0..<Int(captureCount) {
                    let position = Int(positions.load(fromByteOffset: slot * 4, as: Int32.self))
                    body(segment(at: position, segmentCount: segmentCount))
                }
            }
        }
    }

    /// Writes `/segment` for each of `count` segments, `range(i)` of `source`, to `subject`;
    /// returns how many bytes.
    @inline(__always)
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
        plans.deallocate()
    }

    /// Every compiled pattern runs as JIT code.
    var isJITCompiled: Bool { shards.allSatisfy { $0.code.isJITCompiled } }

    /// How many patterns the table took (1 unless PCRE2's size limits forced shards).
    var compiledPatternCount: Int { shards.count }

    init(routes: [CompiledRoute], options: RouterOptions) throws {
        self.routes = routes
        self.caseInsensitive = options.caseInsensitive
        self.maxURLLength = options.maxURLLength
        // A catch-all over n segments keeps a few words of JIT stack per segment; give every
        // thread room for the longest URL the router accepts.
        self.jitStackBytes = max(256 * 1024, options.maxURLLength * 128)
        let methodCodes = try MethodCodes(routes: routes)
        self.methodCodes = methodCodes
        let alternation = RouteAlternation(routes: routes, options: options, methodCodes: methodCodes)
        var shards: [RouteShard] = []
        /// Per shard, the next of its chain (-1: none).
        var next: [Int] = []

        func compile(_ indices: [Int]) throws(PCRE2Error) -> Int {
            shards.append(try PCRE2RouteMatcher.makeShard(indices, alternation))
            next.append(-1)
            return shards.count - 1
        }

        /// One pattern for `indices` when it compiles, else a chain of patterns over consecutive
        /// runs of them (halved until each compiles); returns the chain's first and last shard.
        func chain(_ indices: [Int]) throws(PCRE2Error) -> (first: Int, last: Int) {
            do {
                let shard = try compile(indices)
                return (shard, shard)
            } catch {
                guard error.isTooLarge || error.kind == .jit, indices.count > 1 else { throw error }
                let head = try chain(Array(indices[..<(indices.count / 2)]))
                let tail = try chain(Array(indices[(indices.count / 2)...]))
                next[head.last] = tail.first
                return (head.first, tail.last)
            }
        }

        // One pattern when it fits; else shards by first literal, and within a first literal that
        // is still too large, by segment count. A lookup picks its shard with one hash lookup.
        let all = Array(routes.indices)
        var single: Int?
        if all.count <= PCRE2RouteMatcher.routesPerShard {
            do {
                single = try compile(all)
            } catch {
                guard error.isTooLarge || error.kind == .jit else { throw error }
                shards.removeAll()
            }
        }
        if single != nil {
            firstSegments = nil
            selectors = [.shard(0)]
            fallbackSelector = 0
        } else {
            var groups: [[UInt8]: [Int]] = [:]
            var groupOrder: [[UInt8]] = []
            var rest: [Int] = []
            for index in all {
                if case .literal(let text)? = routes[index].elements.first {
                    let key = options.caseInsensitive ? text.utf8.map(asciiLower) : Array(text.utf8)
                    if groups[key] == nil { groupOrder.append(key) }
                    groups[key, default: []].append(index)
                } else {
                    rest.append(index)
                }
            }
            var selectors: [Selector] = []
            func selector(for members: [Int]) throws(PCRE2Error) -> Selector {
                do {
                    return .shard(try compile(members))
                } catch {
                    guard error.isTooLarge || error.kind == .jit else { throw error }
                    return try .byCount(
                        PCRE2RouteMatcher.splitByCount(members, routes: routes) { (subset) throws(PCRE2Error) in try chain(subset).first })
                }
            }
            // Bins of first literals, about `routesPerShard` routes each.
            var bins: [[[UInt8]]] = []
            var current: [[UInt8]] = []
            var size = 0
            for key in groupOrder {
                if size + groups[key]!.count > PCRE2RouteMatcher.routesPerShard, !current.isEmpty {
                    bins.append(current)
                    current = []
                    size = 0
                }
                current.append(key)
                size += groups[key]!.count
            }
            if !current.isEmpty { bins.append(current) }
            func members(_ bin: [[UInt8]]) -> [Int] { (bin.flatMap { groups[$0]! } + rest).sorted() }

            // The routes no literal starts with, and every bin, rendered and compiled on all cores at once.
            let first = PCRE2RouteMatcher.makeShards([rest] + bins.map(members), alternation)
            var table = FirstSegmentTable()
            var pending: [[[UInt8]]] = []
            for (position, made) in first.enumerated() {
                let entry: Selector
                switch made {
                case .success(let shard):
                    shards.append(shard)
                    next.append(-1)
                    entry = .shard(shards.count - 1)
                case .failure(let error):
                    guard error.isTooLarge || error.kind == .jit else { throw error }
                    if position > 0, bins[position - 1].count > 1 {
                        let bin = bins[position - 1]
                        pending.append(Array(bin[..<(bin.count / 2)]))
                        pending.append(Array(bin[(bin.count / 2)...]))
                        continue
                    }
                    entry = try selector(for: position == 0 ? rest : members(bins[position - 1]))
                }
                selectors.append(entry)
                if position > 0 { for key in bins[position - 1] { table.insert(key, selectors.count - 1) } }
            }
            // A bin that does not compile is halved, until it does or holds one first literal.
            while let bin = pending.popLast() {
                let entry: Selector
                do {
                    entry = .shard(try compile(members(bin)))
                } catch {
                    guard error.isTooLarge || error.kind == .jit else { throw error }
                    if bin.count > 1 {
                        pending.append(Array(bin[..<(bin.count / 2)]))
                        pending.append(Array(bin[(bin.count / 2)...]))
                        continue
                    }
                    entry = try selector(for: members(bin))
                }
                selectors.append(entry)
                for key in bin { table.insert(key, selectors.count - 1) }
            }
            table.seal()
            self.firstSegments = table
            self.selectors = selectors
            self.fallbackSelector = 0
        }
        self.shards = shards
        self.composites = alternation.composites.map { CompositeMatcher($0, caseInsensitive: options.caseInsensitive) }
        self.compositeIDs = alternation.compositeIDs
        let info = UnsafeMutableBufferPointer<ShardInfo>.allocate(capacity: shards.count)
        for (index, shard) in shards.enumerated() {
            info.initializeElement(
                at: index,
                to: ShardInfo(
                    code: shard.code.pointer, jit: shard.code.isJITCompiled, routeCount: shard.routeCount,
                    hasUserRegex: shard.hasUserRegex, hasCallouts: shard.hasCallouts, next: next[index]))
        }
        self.shardInfo = info
        let plans = UnsafeMutableBufferPointer<CapturePlan>.allocate(capacity: max(1, routes.count))
        for (index, route) in routes.enumerated() {
            var plan = CapturePlan(
                count: Int32(route.elements.count), catchAll: Int32(route.catchAllIndex ?? -1), simple: true,
                captureCount: 0, positions: (0, 0, 0, 0, 0, 0, 0, 0))
            var positions: [Int32] = []
            for (position, element) in route.elements.enumerated() {
                switch element {
                case .parameter, .constrained: positions.append(Int32(position))
                case .composite: plan.simple = false
                case .literal, .wildcard, .catchAll: break
                }
            }
            if positions.count > 8 { plan.simple = false }
            plan.captureCount = Int32(positions.count)
            withUnsafeMutableBytes(of: &plan.positions) { bytes in
                for (slot, position) in positions.prefix(8).enumerated() {
                    bytes.storeBytes(of: position, toByteOffset: slot * 4, as: Int32.self)
                }
            }
            plans.initializeElement(at: index, to: plan)
        }
        self.plans = plans
    }

    /// Renders and compiles the pattern for the routes at `indices`.
    static func makeShard(_ indices: [Int], _ alternation: RouteAlternation) throws(PCRE2Error) -> RouteShard {
        let hasUserRegex = indices.contains { index in
            alternation.routes[index].elements.contains { if case .constrained = $0 { return true } else { return false } }
        }
        let pattern = (hasUserRegex ? PCRE2Backend.sameSearchAsICU : "") + alternation.pattern(for: indices)
        let code = try PCRE2Code(pattern, options: UInt32(PCRE2_ANCHORED), requireJIT: PCRE2Code.jitAvailable)
        return RouteShard(
            code: code, routeCount: indices.count, hasUserRegex: hasUserRegex,
            hasCallouts: alternation.hasCallouts(indices))
    }

    /// ``makeShard(_:_:)`` for every group, spread over the machine's cores (rendering and JIT
    /// compiling dominate building a large table); one result per group, in order.
    static func makeShards(_ groups: [[Int]], _ alternation: RouteAlternation) -> [Result<RouteShard, PCRE2Error>] {
        let results = UnsafeMutableBufferPointer<Result<RouteShard, PCRE2Error>?>.allocate(capacity: groups.count)
        results.initialize(repeating: nil)
        defer {
            results.deinitialize()
            results.deallocate()
        }
        // Each iteration writes only its own slot; concurrentPerform returns after the last one.
        nonisolated(unsafe) let slots = results
        DispatchQueue.concurrentPerform(iterations: groups.count) { index in
            slots[index] = Result { () throws(PCRE2Error) in try makeShard(groups[index], alternation) }
        }
        return results.map { $0! }
    }

    /// About as many routes as one compiled pattern comfortably holds (link size 2).
    static let routesPerShard = 700

    /// Shards by segment count: a request with n segments can only match routes of n positions,
    /// or routes with a catch-all and at most n positions. `compile` returns the (first) shard of
    /// a subset.
    static func splitByCount(
        _ members: [Int], routes: [CompiledRoute], _ compile: ([Int]) throws(PCRE2Error) -> Int
    ) throws(PCRE2Error) -> [Int] {
        let longest = members.map { routes[$0].elements.count }.max() ?? 0
        var byCount: [Int] = []
        var seen: [[Int]: Int] = [:]
        for count in 0...(longest + 1) {
            let subset = members.filter { index in
                let route = routes[index]
                return route.catchAllIndex == nil ? route.elements.count == count : route.elements.count <= count
            }
            if let known = seen[subset] {
                byCount.append(known)
            } else {
                let shard = try compile(subset)
                seen[subset] = shard
                byCount.append(shard)
            }
        }
        return byCount
    }

    /// The shard for a request: one hash lookup of its first segment, then its segment count.
    @inline(__always)
    func shard(firstSegment: UnsafeBufferPointer<UInt8>?, segmentCount: Int) -> ShardInfo {
        guard let firstSegments else { return shardInfo[0] }
        var selector = fallbackSelector
        if let firstSegment {
            selector = firstSegments.lookup(firstSegment, folding: caseInsensitive) ?? fallbackSelector
        }
        switch selectors[selector] {
        case .shard(let index): return shardInfo[index]
        case .byCount(let shards): return shardInfo[shards[min(segmentCount, shards.count - 1)]]
        }
    }

    /// What one match call found.
    enum CallResult {
        case route(Int)
        case noMatch
        case limitExceeded
    }

    /// Runs `shard`, and the rest of its chain while none matches, on the subject in `state` (of
    /// `length` bytes): the winner's index from its `(*MARK)`.
    @inline(__always)
    func run(
        _ shard: ShardInfo, _ state: UnsafeMutablePointer<PCRE2MatchState>, length: Int, variants: UnsafeBufferPointer<String>,
        budget: inout WorkBudget
    ) -> CallResult {
        var shard = shard
        while true {
            let result = runOne(shard, state, length: length, variants: variants, budget: &budget)
            guard case .noMatch = result, shard.next >= 0 else { return result }
            shard = shardInfo[shard.next]
        }
    }

    /// Runs one shard on the subject in `state`.
    @inline(__always)
    func runOne(
        _ shard: ShardInfo, _ state: UnsafeMutablePointer<PCRE2MatchState>, length: Int, variants: UnsafeBufferPointer<String>,
        budget: inout WorkBudget
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
        @inline(__always) func match() -> Int32 {
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
        if let recorder = state.pointee.recorder {
            PCRE2RawCallRecorder.record(
                recorder, shard: shard, subject: subject, length: length, result: result, matchData: matchData)
        }
        guard result >= 0 else {
            if result == PCRE2_ERROR_NOMATCH { return .noMatch }
            // Match, heap, depth or JIT stack limits: the answer is unknown, never "no match".
            budget.remainingSteps = 0
            return .limitExceeded
        }
        guard let index = markNumber(in: matchData) else { return .noMatch }
        return .route(index)
    }

    /// The one entry point: writes the subject `/seg1/seg2//Mscheme` from the request's bytes
    /// (one copy when the segments are one run of them), runs the shard, and reads the winner's
    /// captures from its capture plan. Nothing on the way is reference counted or allocated (a
    /// route with more than eight parameters gives a capture list that is).
    func firstMatch(_ request: MatchRequest, budget: inout WorkBudget) -> MatchOutcome {
        let segmentCount = request.segmentCount
        let segments = request.segments
        let shard = shard(firstSegment: segmentCount > 0 ? request.segmentBytes(0) : nil, segmentCount: segmentCount)
        let state = PCRE2MatchState.current(key: matchStateKey)
        let segmentRun = segmentCount == segments.count ? request.segmentRun : nil
        // Room for the segments, `//`, the method code and the scheme.
        var length = 8 + (request.scheme?.count ?? 0)
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
        subject[end] = UInt8(ascii: "/")
        subject[end + 1] = UInt8(ascii: "/")
        subject[end + 2] = methodCodes.code(for: request.method)
        end += 3
        if let scheme = request.scheme, let base = scheme.baseAddress {
            (subject + end).update(from: base, count: scheme.count)
            end += scheme.count
        }

        switch run(shard, state, length: end, variants: request.variants, budget: &budget) {
        case .route(let index): return .matched(rawMatch(route: index, request: request))
        case .noMatch: return .noMatch
        case .limitExceeded: return .limitExceeded
        }
    }

    /// Captures and the catch-all, from the route's positions and the request's segments.
    @inline(__always)
    func rawMatch(route index: Int, request: MatchRequest) -> RawMatch {
        let plan = plans[index]
        let segmentCount = request.segmentCount
        let catchAll = plan.catchAllRange(segmentCount: segmentCount)
        guard plan.simple else { return generalRawMatch(route: index, request: request, catchAll: catchAll) }
        var captures = request.captureRoom
        plan.forEachCapturedSegment(segmentCount: segmentCount) { captures.append(request.segments[$0]) }
        return RawMatch(routeIndex: index, captures: captures, catchAll: catchAll)
    }

    /// Routes with in-segment patterns, or more than eight parameters.
    func generalRawMatch(route index: Int, request: MatchRequest, catchAll: Range<Int>?) -> RawMatch {
        let plan = plans[index]
        var captures = request.captureRoom
        for (position, element) in routes[index].elements.enumerated() {
            let segment = plan.segment(at: position, segmentCount: request.segmentCount)
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

/// What the callouts of a route match can see.
struct CalloutContext {
    let matcher: PCRE2RouteMatcher
    let variants: UnsafeBufferPointer<String>
    /// The last segment an in-segment callout looked at (its end, then its start), so that the
    /// callouts of sibling patterns find the segment's start once.
    var segmentEnd = -1
    var segmentStart = 0
}

/// Callouts of route patterns: `c<n>` checks in-segment pattern n against the segment that just
/// matched `/[^/]++`; `v<n>` checks that route n has a target for the lookup's variants.
/// Returning 1 fails that path, so PCRE2 backtracks to the next alternative.
private let routeCallout: @convention(c) (UnsafeMutablePointer<pcre2_callout_block_8>?, UnsafeMutableRawPointer?) -> Int32 = {
    block, data in
    guard let block, let data, let text = block.pointee.callout_string, block.pointee.callout_string_length > 1 else {
        return 0
    }
    let context = data.assumingMemoryBound(to: CalloutContext.self)  // lent by `runOne` for this match
    var number = 0
    for offset in 1..<Int(block.pointee.callout_string_length) {
        number = number * 10 + Int(text[offset] &- UInt8(ascii: "0"))
    }
    switch text[0] {
    case UInt8(ascii: "c"):
        let subject = block.pointee.subject!
        let end = Int(block.pointee.current_position)
        var start = end
        if context.pointee.segmentEnd == end {
            start = context.pointee.segmentStart
        } else {
            while start > 0, subject[start - 1] != UInt8(ascii: "/") { start -= 1 }
            context.pointee.segmentEnd = end
            context.pointee.segmentStart = start
        }
        let matched = context.pointee.matcher.composites[number].match(UnsafeBufferPointer(start: subject + start, count: end - start))
        return matched == nil ? 1 : 0
    case UInt8(ascii: "v"):
        return context.pointee.matcher.routes[number].target(for: context.pointee.variants) == nil ? 1 : 0
    default:
        return 0
    }
}

/// First segments to selector indices, looked up straight from a segment's bytes: open addressing
/// over one flat buffer of slots, so a lookup hashes once, neither allocates nor touches a
/// reference count, and (for keys of up to 16 bytes, held in the slot) reads one cache line.
struct FirstSegmentTable: Sendable {
    private var entries: [(key: [UInt8], value: Int)] = []
    private var slots: FlatSlots?

    /// One slot: the key's hash, length and first 16 bytes, and where its bytes are when longer.
    struct Slot {
        var hash: UInt64 = 0
        var value: Int32 = -1  // -1: empty
        var length: Int32 = 0
        var offset: Int = 0
        var head: (UInt64, UInt64) = (0, 0)
    }

    /// The flat, immutable form, built once all keys are in.
    final class FlatSlots: @unchecked Sendable {
        // @unchecked: written only in init, read-only afterwards.
        let mask: Int
        let slots: UnsafeMutableBufferPointer<Slot>
        let bytes: UnsafeMutableBufferPointer<UInt8>

        init(_ entries: [(key: [UInt8], value: Int)]) {
            var capacity = 8
            while capacity < entries.count * 2 { capacity *= 2 }
            mask = capacity - 1
            slots = .allocate(capacity: capacity)
            slots.initialize(repeating: Slot())
            bytes = .allocate(capacity: max(1, entries.reduce(0) { $0 + $1.key.count }))
            var used = 0
            for (key, value) in entries {
                let hash = ByteHash.fnv1a(key, folding: false)
                var slot = Int(truncatingIfNeeded: hash) & mask
                while slots[slot].value >= 0 { slot = (slot + 1) & mask }
                let head = key.withUnsafeBufferPointer { FirstSegmentTable.head($0, folding: false) }
                slots[slot] = Slot(
                    hash: hash, value: Int32(value), length: Int32(key.count), offset: used, head: head)
                for byte in key {
                    bytes[used] = byte
                    used += 1
                }
            }
        }

        deinit {
            slots.deallocate()
            bytes.deallocate()
        }
    }


    /// The first 16 bytes of a key (zero-padded), as two words.
    @inline(__always)
    static func head(_ bytes: UnsafeBufferPointer<UInt8>, folding: Bool) -> (UInt64, UInt64) {
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { raw in
            for index in 0..<min(16, bytes.count) { raw[index] = folding ? asciiLower(bytes[index]) : bytes[index] }
        }
        return words
    }

    /// Adds a key (already case-folded when the router folds case).
    mutating func insert(_ key: [UInt8], _ value: Int) {
        entries.append((key, value))
    }

    /// Builds the flat form; call once, after the last insert.
    mutating func seal() {
        slots = FlatSlots(entries)
        entries = []
    }

    @inline(__always)
    func lookup(_ segment: UnsafeBufferPointer<UInt8>, folding: Bool) -> Int? {
        guard let slots else { return nil }
        let hash = ByteHash.fnv1a(segment, folding: folding)
        var position = Int(truncatingIfNeeded: hash) & slots.mask
        while true {
            let slot = slots.slots[position]
            guard slot.value >= 0 else { return nil }
            if slot.hash == hash, Int(slot.length) == segment.count {
                let head = FirstSegmentTable.head(segment, folding: folding)
                if head == slot.head {
                    guard segment.count > 16 else { return Int(slot.value) }
                    var equal = true
                    for index in 16..<segment.count {
                        let byte = folding ? asciiLower(segment[index]) : segment[index]
                        if slots.bytes[slot.offset + index] != byte {
                            equal = false
                            break
                        }
                    }
                    if equal { return Int(slot.value) }
                }
            }
            position = (position + 1) & slots.mask
        }
    }
}
#endif
