/// A route of the compiled table: one pattern and method at one priority, with a target per variant.
///
/// Routes reach backends sorted by precedence (SEMANTICS.md section 3): a backend that finds the
/// first route, in this order, that matches the path and answers the lookup (its method, see
/// ``MethodList``, and ``answers(variants:)``) has found
/// the winner. A class, immutable after init, so backends hold routes without copying them.
final class CompiledRoute: Sendable {
    /// The scheme the route is bound to (its own or the default scheme), or `nil` for any.
    let scheme: String?
    /// The positions of the route.
    let elements: [RouteElement]
    /// Which paths it takes by their trailing slash.
    let slash: SlashRule
    /// The host pattern, or `nil` for a route of any host.
    let host: HostPattern?
    /// The HTTP method, or `nil` for any.
    let method: String?
    /// The priority.
    let priority: Int
    /// The first of the registrations sharing this pattern, method and priority (one per
    /// variant, in registration order), and the others: most routes have one, and an array of
    /// one would cost a table of 100,000 routes 5 MB.
    let firstTarget: RouteRegistration
    let otherTargets: [RouteRegistration]
    /// The registration sequence of the earliest target: ties in precedence go to the lower one.
    let sequence: Int
    /// How many captures a match yields, in element order.
    let captureCount: Int
    /// The index of the catch-all element, if any.
    let catchAllIndex: Int?
    /// Where the route's positions fall among a request's segments.
    let layout: SegmentLayout

    let untaggedTarget: Int?
    let strictVariants: Bool

    init(
        scheme: String?, elements: [RouteElement], firstTarget: RouteRegistration, otherTargets: [RouteRegistration],
        sequence: Int, strictVariants: Bool, slash: SlashRule = .any, host: HostPattern? = nil
    ) {
        self.scheme = scheme
        self.host = host
        self.elements = elements
        self.slash = slash
        self.method = firstTarget.method
        self.priority = firstTarget.priority
        self.firstTarget = firstTarget
        self.otherTargets = otherTargets
        self.sequence = sequence
        self.captureCount = elements.reduce(0) { $0 + $1.captureCount }
        self.catchAllIndex = elements.firstIndex(of: .catchAll)
        self.layout = SegmentLayout(count: elements.count, catchAll: catchAllIndex)
        self.untaggedTarget =
            firstTarget.variant == nil ? 0 : otherTargets.firstIndex { $0.variant == nil }.map { $0 + 1 }
        self.strictVariants = strictVariants
    }

    /// The registrations sharing this pattern, method and priority, one per variant, in
    /// registration order (a new array: for building, not for lookups).
    var targets: [RouteRegistration] { [firstTarget] + otherTargets }

    /// Calls `body` with each registration sharing this pattern, method and priority, in
    /// registration order, building no array.
    func forEachTarget(_ body: (RouteRegistration) -> Void) {
        body(firstTarget)
        for target in otherTargets { body(target) }
    }

    /// How many registrations share this pattern, method and priority.
    var targetCount: Int { 1 + otherTargets.count }

    /// The target a lookup with `variants` gets: the first requested variant the route has;
    /// otherwise the untagged one (for an empty list always, else unless variants are strict).
    func target(for variants: [String]) -> RouteRegistration? {
        variants.withUnsafeBufferPointer { target(for: $0) }
    }

    /// ``target(for:)-([String])`` for variants lent by a lookup.
    func target(for variants: UnsafeBufferPointer<String>) -> RouteRegistration? {
        for variant in variants {
            if firstTarget.variant == variant { return firstTarget }
            if let target = otherTargets.first(where: { $0.variant == variant }) { return target }
        }
        guard let untaggedTarget, variants.isEmpty || !strictVariants else { return nil }
        return untaggedTarget == 0 ? firstTarget : otherTargets[untaggedTarget - 1]
    }

    /// Whether the route has a target for every list of variants (an untagged one, variants not strict).
    var answersEveryVariantList: Bool { untaggedTarget != nil && !strictVariants }

    /// Whether the route has a target for a lookup with `variants`.
    func answers(variants: UnsafeBufferPointer<String>) -> Bool {
        if variants.isEmpty { return untaggedTarget != nil }
        return target(for: variants) != nil
    }
}

extension CompiledRoute {
    /// The rank of one position for specificity (SEMANTICS.md section 3.2); lower is more specific.
    struct PositionRank: Comparable {
        var kind: Int
        var negativeLiteralCount = 0
        var captures = 0

        static func < (lhs: PositionRank, rhs: PositionRank) -> Bool {
            (lhs.kind, lhs.negativeLiteralCount, lhs.captures) < (rhs.kind, rhs.negativeLiteralCount, rhs.captures)
        }

        static let ended = PositionRank(kind: 6)

        init(kind: Int, negativeLiteralCount: Int = 0, captures: Int = 0) {
            self.kind = kind
            self.negativeLiteralCount = negativeLiteralCount
            self.captures = captures
        }

        init(_ element: RouteElement) {
            switch element {
            case .literal: self.init(kind: 0)
            case .composite(let pattern):
                let captures = pattern.captureCount
                self.init(kind: captures > 0 ? 1 : 2, negativeLiteralCount: -pattern.literalCount, captures: captures)
            case .constrained: self.init(kind: 3)
            case .parameter: self.init(kind: 4)
            case .wildcard: self.init(kind: 5)
            case .catchAll: self.init(kind: 7)
            }
        }
    }

    /// Sorts routes into precedence order: each route's ``PrecedenceKey``, compared word by word.
    static func sortedByPrecedence(_ routes: [CompiledRoute]) -> [CompiledRoute] {
        var keys: [UInt64] = []
        var starts: [Int] = []
        keys.reserveCapacity(routes.count * 6)
        starts.reserveCapacity(routes.count + 1)
        for route in routes {
            starts.append(keys.count)
            PrecedenceKey.append(
                priority: route.priority, host: route.host, elements: route.elements, schemeBound: route.scheme != nil,
                method: route.method, sequence: route.sequence, to: &keys)
        }
        starts.append(keys.count)
        let order = keys.withUnsafeBufferPointer { keys in
            starts.withUnsafeBufferPointer { starts in
                routes.indices.sorted { i, j in
                    PrecedenceKey.precedes(
                        UnsafeBufferPointer(rebasing: keys[starts[i]..<starts[i + 1]]),
                        UnsafeBufferPointer(rebasing: keys[starts[j]..<starts[j + 1]]))
                }
            }
        }
        return order.map { routes[$0] }
    }
}

extension CompiledRoute.PositionRank {
    /// The rank as one word ordered like the rank: kind, then negative literal count, then captures.
    var word: UInt64 {
        UInt64(kind) << 56 | UInt64(truncatingIfNeeded: Int64(negativeLiteralCount) + (1 << 31)) << 24
            | UInt64(truncatingIfNeeded: captures & 0xFF_FFFF)
    }
}
