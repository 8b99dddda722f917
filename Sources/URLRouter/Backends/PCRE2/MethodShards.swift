#if PCRE2

/// A table's compiled alternations, one for each method filter a lookup can have
/// (``MethodFilter``): one per method of the table (the routes
/// ``MethodList/allows(_:routeMethod:)`` lets answer it: its own, `GET`'s for `HEAD`, and those of
/// any method), one for a lookup of no method or of one no route has (the routes of any method),
/// and one of every route (the probe that tells `methodNotAllowed` from `noMatch`). So the subject
/// is the path alone and the method is never matched by the engine; filters with the same routes
/// share one alternation.
///
/// Each alternation is a ``ShardPlan``: a lookup picks its shard without looping, by its filter's
/// slot, its first segment (one hash lookup, when the plan has more than one shard) and its
/// segment count.
///
/// Owns its buffers: allocated and filled in `init`, read-only afterwards, freed in `deinit`; the
/// compiled codes they point to live in ``shards``, the first-segment tables in ``tables``.
// @unchecked: the buffers are written only in init.
final class MethodShards: @unchecked Sendable {
    /// Where one method filter's plan starts.
    struct Slot {
        /// First segments to the plan's selectors, read without reference counting; `nil` when
        /// one shard holds the plan.
        var firstSegments: ByteKeyTable.Index?
        /// The plan's first selector in ``selectors``.
        var firstSelector: Int
        /// The plan's first shard in ``info``: the one that holds it when ``firstSegments`` is `nil`.
        var firstShard: Int
    }

    /// Every plan's compiled patterns, one after the other.
    let shards: [RouteShard]
    /// Owns the first-segment tables the slots read.
    let tables: [ByteKeyTable]
    /// Per method filter (``slot(for:)``), where its plan starts.
    let slots: UnsafeMutableBufferPointer<Slot>
    /// Per selector, its shards in ``selectorShards`` (start, count): one shard, or one per
    /// segment count, the last serving every longer request (see ``ShardPlan/Selector``).
    let selectors: UnsafeMutableBufferPointer<(start: Int32, count: Int32)>
    let selectorShards: UnsafeMutableBufferPointer<Int32>
    /// Per shard, what a match needs, without reference counting (the codes live in ``shards``).
    let info: UnsafeMutableBufferPointer<PCRE2RouteMatcher.ShardInfo>
    /// The table's method count: the slots of no method and of every route follow the methods'.
    let methodCount: Int

    /// The plans of the routes at `indices` (ascending, so in precedence order) of `routes`, one
    /// per method filter of `methods`, rendered by `alternation`.
    init(
        routes: [CompiledRoute], indices: [Int], methods: MethodList, alternation: RouteAlternation,
        options: RouterOptions
    ) throws(PCRE2Error) {
        methodCount = methods.names.count
        let filters = methods.names.indices.map { MethodFilter.lookup($0) } + [.lookup(nil), .any]
        var shards: [RouteShard] = []
        var tables: [ByteKeyTable] = []
        var flatSelectors: [(start: Int32, count: Int32)] = []
        var flatShards: [Int32] = []
        var info: [PCRE2RouteMatcher.ShardInfo] = []
        var slots: [Slot] = []
        var planned: [[Int]: Slot] = [:]
        for filter in filters {
            let members = indices.filter { index in
                methods.allows(filter, routeMethod: methods.index(ofRouteMethod: routes[index].method))
            }
            if let slot = planned[members] {
                slots.append(slot)
                continue
            }
            let plan = try ShardPlan(routes: routes, indices: members, alternation: alternation, options: options)
            let base = shards.count
            let slot = Slot(
                firstSegments: plan.firstSegments?.index, firstSelector: flatSelectors.count, firstShard: base)
            for selector in plan.selectors {
                let members: [Int]
                switch selector {
                case .shard(let shard): members = [shard]
                case .byCount(let byCount): members = byCount
                }
                flatSelectors.append((Int32(flatShards.count), Int32(members.count)))
                flatShards += members.map { Int32(base + $0) }
            }
            for (index, shard) in plan.shards.enumerated() {
                info.append(
                    PCRE2RouteMatcher.ShardInfo(
                        code: shard.code.pointer, jit: shard.code.isJITCompiled, routeCount: shard.routeCount,
                        hasUserRegex: shard.hasUserRegex, hasCallouts: shard.hasCallouts,
                        next: plan.next[index] < 0 ? -1 : base + plan.next[index]))
            }
            shards += plan.shards
            if let table = plan.firstSegments { tables.append(table) }
            planned[members] = slot
            slots.append(slot)
        }
        self.shards = shards
        self.tables = tables
        self.slots = MethodShards.buffer(slots)
        self.selectors = MethodShards.buffer(flatSelectors)
        self.selectorShards = MethodShards.buffer(flatShards)
        self.info = MethodShards.buffer(info)
    }

    /// A buffer holding `elements`, never empty.
    private static func buffer<Element>(_ elements: [Element]) -> UnsafeMutableBufferPointer<Element> {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(1, elements.count))
        _ = buffer.initialize(from: elements)
        return buffer
    }

    deinit {
        slots.deallocate()
        selectors.deallocate()
        selectorShards.deallocate()
        info.deallocate()
    }

    /// The slot of `filter`: a method's index, then no method, then every route.
    func slot(for filter: MethodFilter) -> Int {
        switch filter {
        case .lookup(let index?): index
        case .lookup(nil): methodCount
        case .any: methodCount + 1
        }
    }

    /// The shard that starts the chain of a lookup by `filter` whose first segment is
    /// `firstSegment` and which has `segmentCount` segments.
    @inline(__always)
    func shard(
        for filter: MethodFilter, firstSegment: UnsafeBufferPointer<UInt8>?, segmentCount: Int, folding: Bool
    ) -> PCRE2RouteMatcher.ShardInfo {
        let slot = slots[slot(for: filter)]
        guard let firstSegments = slot.firstSegments else { return info[slot.firstShard] }
        var selector = slot.firstSelector
        if let firstSegment { selector += firstSegments.lookup(firstSegment, folding: folding) ?? 0 }
        let (start, count) = selectors[selector]
        return info[Int(selectorShards[Int(start) + min(segmentCount, Int(count) - 1)])]
    }
}
#endif
