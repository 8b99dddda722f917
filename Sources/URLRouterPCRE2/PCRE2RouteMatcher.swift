#if PCRE2
internal import CURLRouterPCRE2
import URLRouterCore

/// One compiled pattern of a route table and what a match on it needs to know.
struct RouteShard: Sendable {
    let code: PCRE2Code
    /// How many routes the shard holds (for the work allowance of route syntax).
    let routeCount: Int
    /// Whether any route of the shard has a user regex (a constraint).
    let hasUserRegex: Bool
}

/// The PCRE2 backend's route matcher: the whole table in one JIT-compiled alternation, or, when
/// PCRE2's size limits force it, in shards picked without looping: by the request's segment count
/// (an array index) and, only when one count's routes are still too large, by its first segment
/// (one hash lookup).
struct PCRE2RouteMatcher: RouteMatcher {
    enum CountShards: Sendable {
        case shard(Int)
        case byFirstSegment(FirstSegmentTable, fallback: Int)
    }

    let routes: [CompiledRoute]
    let shards: [RouteShard]
    /// `nil`: one shard for everything. Else indexed by segment count, the last entry for every longer request.
    let byCount: [CountShards]?
    let composites: [CompositeMatcher]
    let compositeIDs: [CompositePattern: Int]
    let caseInsensitive: Bool
    let jitStackBytes: Int
    let maxURLLength: Int

    /// Every compiled pattern runs as JIT code.
    var isJITCompiled: Bool { shards.allSatisfy(\.code.isJITCompiled) }

    init(routes: [CompiledRoute], options: RouterOptions) throws {
        self.routes = routes
        self.caseInsensitive = options.caseInsensitive
        self.maxURLLength = options.maxURLLength
        // A catch-all over n segments keeps a few words of JIT stack per segment; give every
        // thread room for the longest URL the router accepts.
        self.jitStackBytes = max(256 * 1024, options.maxURLLength * 128)
        var alternation = RouteAlternation(routes: routes, options: options)
        var shards: [RouteShard] = []

        func compile(_ indices: [Int]) throws(PCRE2Error) -> Int {
            let hasUserRegex = indices.contains { index in
                routes[index].elements.contains { if case .constrained = $0 { return true } else { return false } }
            }
            let pattern = (hasUserRegex ? PCRE2Backend.sameSearchAsICU : "") + alternation.pattern(for: indices)
            let code = try PCRE2Code(pattern, options: UInt32(PCRE2_ANCHORED), requireJIT: PCRE2Code.jitAvailable)
            shards.append(RouteShard(code: code, routeCount: indices.count, hasUserRegex: hasUserRegex))
            return shards.count - 1
        }

        let all = Array(routes.indices)
        do {
            _ = try compile(all)
            self.byCount = nil
        } catch {
            guard error.isTooLarge || error.kind == .jit else { throw error }
            shards.removeAll()
            // Split by segment count: a request with n segments can only match routes of n
            // positions, or routes with a catch-all and at most n positions.
            let longest = routes.map(\.elements.count).max() ?? 0
            var byCount: [CountShards] = []
            var seen: [[Int]: CountShards] = [:]
            for count in 0...(longest + 1) {
                let members = all.filter { index in
                    let route = routes[index]
                    return route.catchAllIndex == nil ? route.elements.count == count : route.elements.count <= count
                }
                if let known = seen[members] {
                    byCount.append(known)
                    continue
                }
                let entry: CountShards
                do {
                    entry = .shard(try compile(members))
                } catch {
                    guard error.isTooLarge || error.kind == .jit else { throw error }
                    entry = try PCRE2RouteMatcher.splitByFirstSegment(members, routes: routes, options: options, compile)
                }
                seen[members] = entry
                byCount.append(entry)
            }
            self.byCount = byCount
        }
        self.shards = shards
        self.composites = alternation.composites.map { CompositeMatcher($0, caseInsensitive: options.caseInsensitive) }
        self.compositeIDs = alternation.compositeIDs
    }

    /// Splits routes of one segment count into bins by their first literal; routes that do not
    /// start with a literal go into every bin. Doubles the number of bins until each compiles.
    static func splitByFirstSegment(
        _ members: [Int], routes: [CompiledRoute], options: RouterOptions,
        _ compile: ([Int]) throws(PCRE2Error) -> Int
    ) throws(PCRE2Error) -> CountShards {
        var groups: [[UInt8]: [Int]] = [:]
        var groupOrder: [[UInt8]] = []
        var rest: [Int] = []
        for index in members {
            if case .literal(let text)? = routes[index].elements.first {
                let key = options.caseInsensitive ? text.utf8.map(asciiFold) : Array(text.utf8)
                if groups[key] == nil { groupOrder.append(key) }
                groups[key, default: []].append(index)
            } else {
                rest.append(index)
            }
        }
        var binCount = 2
        while true {
            // Greedy packing by size, largest groups first.
            var bins = [[Int]](repeating: [], count: binCount)
            var binOf: [[UInt8]: Int] = [:]
            for key in groupOrder.sorted(by: { groups[$0]!.count > groups[$1]!.count }) {
                let bin = bins.indices.min { bins[$0].count < bins[$1].count }!
                bins[bin] += groups[key]!
                binOf[key] = bin
            }
            do {
                var shardOfBin: [Int] = []
                for bin in bins { shardOfBin.append(try compile((bin + rest).sorted())) }
                let fallback = try compile(rest)
                var table = FirstSegmentTable()
                for (key, bin) in binOf { table.insert(key, shardOfBin[bin]) }
                return .byFirstSegment(table, fallback: fallback)
            } catch {
                guard error.isTooLarge || error.kind == .jit, binCount < max(2, groupOrder.count) else { throw error }
                binCount *= 2
            }
        }
    }

    func shard(for request: MatchRequest) -> RouteShard {
        guard let byCount else { return shards[0] }
        switch byCount[min(request.segments.count, byCount.count - 1)] {
        case .shard(let index): return shards[index]
        case .byFirstSegment(let table, let fallback):
            guard let first = request.segments.first else { return shards[fallback] }
            return shards[table.lookup(first, folding: caseInsensitive) ?? fallback]
        }
    }

    func firstMatch(_ request: MatchRequest, budget: inout WorkBudget) -> MatchOutcome {
        let shard = shard(for: request)
        let resources = PCRE2ThreadResources.current
        var length = 1
        for segment in request.segments { length += segment.utf8.count + 1 }
        length += 2 + (request.scheme?.utf8.count ?? 0) + 2 + 8
        if case .lookup(let method?) = request.method { length += method.utf8.count }
        resources.reserve(jitStackBytes: jitStackBytes, pairs: 1, subjectBytes: length)

        // The subject: /seg1/seg2//scheme//method
        let subject = resources.subject
        var end = 0
        @inline(__always) func append(_ text: Substring) {
            var text = text
            text.withUTF8 { bytes in
                if let base = bytes.baseAddress { (subject + end).update(from: base, count: bytes.count) }
                end += bytes.count
            }
        }
        for segment in request.segments {
            subject[end] = UInt8(ascii: "/")
            end += 1
            append(segment)
        }
        subject[end] = UInt8(ascii: "/")
        subject[end + 1] = UInt8(ascii: "/")
        end += 2
        if let scheme = request.scheme { append(scheme[...]) }
        subject[end] = UInt8(ascii: "/")
        subject[end + 1] = UInt8(ascii: "/")
        end += 2
        switch request.method {
        case .any:
            subject[end] = 1
            end += 1
        case .lookup(let method?): append(method[...])
        case .lookup(nil): break
        }

        let limit: Int
        if shard.hasUserRegex {
            limit = max(0, budget.remainingSteps) + shard.routeCount * (end + 1) * 4
        } else {
            limit = Int(UInt32.max)
        }
        pcre2_set_match_limit_8(resources.context, UInt32(clamping: limit))

        var context = CalloutContext(matcher: self, variants: request.variants)
        let result = withUnsafeMutablePointer(to: &context) { pointer -> Int32 in
            pcre2_set_callout_8(resources.context, routeCallout, pointer)
            if shard.code.isJITCompiled {
                return pcre2_jit_match_8(shard.code.pointer, subject, end, 0, 0, resources.matchData, resources.context)
            }
            return pcre2_match_8(
                shard.code.pointer, subject, end, 0, UInt32(PCRE2_NO_UTF_CHECK), resources.matchData, resources.context)
        }
        guard result >= 0 else {
            if result == PCRE2_ERROR_NOMATCH { return .noMatch }
            // Match, heap, depth or JIT stack limits: the answer is unknown, never "no match".
            budget.remainingSteps = 0
            return .limitExceeded
        }
        guard let mark = pcre2_get_mark_8(resources.matchData) else { return .noMatch }
        var index = 0
        var cursor = mark
        while cursor.pointee >= UInt8(ascii: "0"), cursor.pointee <= UInt8(ascii: "9") {
            index = index * 10 + Int(cursor.pointee - UInt8(ascii: "0"))
            cursor += 1
        }
        return .matched(rawMatch(route: index, request: request))
    }

    /// Captures and the catch-all, from the route's positions and the request's segments.
    func rawMatch(route index: Int, request: MatchRequest) -> RawMatch {
        let route = routes[index]
        let segments = request.segments
        let count = route.elements.count
        var captures: [Substring] = []
        captures.reserveCapacity(route.captureCount)
        var catchAll: Range<Int>?
        for (position, element) in route.elements.enumerated() {
            let segment: Int
            if let catchAllIndex = route.catchAllIndex, position >= catchAllIndex {
                segment = segments.endIndex - (count - position)
                if position == catchAllIndex { catchAll = (segments.startIndex + position)..<(segment + 1) }
            } else {
                segment = segments.startIndex + position
            }
            switch element {
            case .parameter, .constrained: captures.append(segments[segment])
            case .composite(let pattern):
                let matcher = composites[compositeIndex(pattern)]
                captures += matcher.captures(segments[segment]) ?? []
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
    let variants: [String]
}

/// Callouts of route patterns: `c<n>` checks in-segment pattern n against the segment that just
/// matched `/[^/]++`; `v<n>` checks that route n has a target for the lookup's variants.
/// Returning 1 fails that path, so PCRE2 backtracks to the next alternative.
private let routeCallout: @convention(c) (UnsafeMutablePointer<pcre2_callout_block_8>?, UnsafeMutableRawPointer?) -> Int32 = {
    block, data in
    guard let block, let data, let text = block.pointee.callout_string, block.pointee.callout_string_length > 1 else {
        return 0
    }
    let context = data.assumingMemoryBound(to: CalloutContext.self)
    var number = 0
    for offset in 1..<Int(block.pointee.callout_string_length) {
        number = number * 10 + Int(text[offset] &- UInt8(ascii: "0"))
    }
    switch text[0] {
    case UInt8(ascii: "c"):
        let subject = block.pointee.subject!
        let end = Int(block.pointee.current_position)
        var start = end
        while start > 0, subject[start - 1] != UInt8(ascii: "/") { start -= 1 }
        let matched = context.pointee.matcher.composites[number].match(UnsafeBufferPointer(start: subject + start, count: end - start))
        return matched == nil ? 1 : 0
    case UInt8(ascii: "v"):
        return context.pointee.matcher.routes[number].target(for: context.pointee.variants) == nil ? 1 : 0
    default:
        return 0
    }
}

/// First segments to shard indices, looked up straight from a segment's bytes (no allocation).
struct FirstSegmentTable: Sendable {
    private var buckets: [UInt64: [(key: [UInt8], shard: Int)]] = [:]

    static func hash<C: Collection<UInt8>>(_ bytes: C, folding: Bool) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(folding ? asciiFold(byte) : byte)
            hash &*= 0x100_0000_01b3
        }
        return hash
    }

    mutating func insert(_ key: [UInt8], _ shard: Int) {
        buckets[FirstSegmentTable.hash(key, folding: false), default: []].append((key, shard))
    }

    func lookup(_ segment: Substring, folding: Bool) -> Int? {
        guard let bucket = buckets[FirstSegmentTable.hash(segment.utf8, folding: folding)] else { return nil }
        for entry in bucket where entry.key.count == segment.utf8.count {
            if zip(entry.key, segment.utf8).allSatisfy({ $0 == (folding ? asciiFold($1) : $1) }) { return entry.shard }
        }
        return nil
    }
}
#endif
