#if PCRE2
internal import CURLRouterPCRE2
import Dispatch

/// How a table's routes are spread over compiled patterns: one JIT-compiled alternation for the
/// whole table, or, when PCRE2's size limits force it, shards picked without looping: by the
/// request's first segment (one hash lookup) and, only when one first segment's routes are still
/// too large, by its segment count (an array index). Routes that one pattern still cannot hold
/// (for example 1,400 constraint routes under one first literal and one segment count) become a
/// chain of patterns, each holding a run of routes in precedence order, tried in order until one
/// matches: the table is always served by the PCRE2 backend, never handed to another.
struct ShardPlan {
    /// How a request picks its shard, once its first segment has picked the selector.
    enum Selector: Sendable {
        case shard(Int)
        /// By the request's segment count; the last entry serves every longer request.
        case byCount([Int])
    }

    /// The compiled patterns.
    let shards: [RouteShard]
    /// Per shard, the shard holding the next routes of its chain (-1: none).
    let next: [Int]
    /// First segments (literal first positions) to selectors; `nil` when one shard holds everything.
    /// Selector 0 serves first segments no literal route starts with, and requests of no segment.
    let firstSegments: ByteKeyTable?
    let selectors: [Selector]

    /// Plans and compiles the shards for the routes at `indices` (ascending, so in precedence
    /// order) of `routes`, rendered by `alternation`.
    init(
        routes: [CompiledRoute], indices all: [Int], alternation: RouteAlternation, options: RouterOptions
    ) throws(PCRE2Error) {
        var shards: [RouteShard] = []
        /// Per shard, the next of its chain (-1: none).
        var next: [Int] = []

        func compile(_ indices: [Int]) throws(PCRE2Error) -> Int {
            shards.append(try ShardPlan.makeShard(indices, alternation))
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
        var single: Int?
        if all.count <= ShardPlan.routesPerShard {
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
        } else {
            // First literals as keys hashed once (a table of 100,000 routes groups each route).
            var groups: [PatternKey: [Int]] = [:]
            var groupOrder: [PatternKey] = []
            var rest: [Int] = []
            for index in all {
                if case .literal(let text)? = routes[index].elements.first {
                    let key = PatternKey(caseFoldedBytes(text.utf8, folding: options.caseInsensitive))
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
                        ShardPlan.splitByCount(members, routes: routes) { (subset) throws(PCRE2Error) in
                            try chain(subset).first
                        })
                }
            }
            // Bins of first literals, about `routesPerShard` routes each.
            var bins: [[PatternKey]] = []
            var current: [PatternKey] = []
            var size = 0
            for key in groupOrder {
                if size + groups[key]!.count > ShardPlan.routesPerShard, !current.isEmpty {
                    bins.append(current)
                    current = []
                    size = 0
                }
                current.append(key)
                size += groups[key]!.count
            }
            if !current.isEmpty { bins.append(current) }
            func members(_ bin: [PatternKey]) -> [Int] { (bin.flatMap { groups[$0]! } + rest).sorted() }

            // The routes no literal starts with (selector 0), and every bin, rendered and compiled on all cores at once.
            let first = ShardPlan.makeShards([rest] + bins.map(members), alternation)
            var entries: [(key: [UInt8], value: Int)] = []
            var pending: [[PatternKey]] = []
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
                if position > 0 { for key in bins[position - 1] { entries.append((key.bytes, selectors.count - 1)) } }
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
                for key in bin { entries.append((key.bytes, selectors.count - 1)) }
            }
            self.firstSegments = ByteKeyTable(entries)
            self.selectors = selectors
        }
        self.shards = shards
        self.next = next
    }

    /// Renders and compiles the pattern for the routes at `indices`.
    static func makeShard(_ indices: [Int], _ alternation: RouteAlternation) throws(PCRE2Error) -> RouteShard {
        let hasUserRegex = indices.contains { index in
            alternation.routes[index].elements.contains {
                if case .constrained = $0 { return true } else { return false }
            }
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
        var results = [Result<RouteShard, PCRE2Error>?](repeating: nil, count: groups.count)
        results.withUnsafeMutableBufferPointer { results in
            // Each iteration writes only its own slot; concurrentPerform returns after the last one.
            nonisolated(unsafe) let slots = results
            DispatchQueue.concurrentPerform(iterations: groups.count) { index in
                slots[index] = Result { () throws(PCRE2Error) in try makeShard(groups[index], alternation) }
            }
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
}
#endif
