/// Why one route ranks above another (SEMANTICS.md section 3), in words: the first of priority,
/// host, the position and segment kinds that decided, scheme, method and registration order that tells
/// them apart. `urlrouter match --explain` and `urlrouter lint` print it.
@_spi(Tools) public struct PrecedenceExplanation: Sendable {
    /// The options the routes are read under (a final `*`, the default scheme).
    let options: RouterOptions

    /// Explains under `options`.
    public init(options: RouterOptions) {
        self.options = options
    }

    /// Which precedence rule ranks one route above another.
    public enum Rule: Sendable, Hashable {
        /// A higher priority.
        case priority
        /// A more specific host pattern (SEMANTICS.md section 11), or one beside none.
        case host
        /// A more specific segment at the first position where the two differ.
        case specificity(position: Int)
        /// Bound to a scheme, beside a route for any scheme.
        case scheme
        /// The method tier: the lookup's own method, then `GET` for `HEAD`, then none.
        case method
        /// Registered first: nothing else tells the two apart.
        case registrationOrder
    }

    /// `-1` when `a` ranks above `b` by priority, specificity, scheme or method tier, `1` when `b`
    /// does, `0` when only the registration order tells them apart. A pattern with optional
    /// segments ranks as one of its expansions (SEMANTICS.md section 2): the one that leaves out
    /// `leftOut` of them (0: none).
    public func order(_ a: RouteRegistration, _ b: RouteRegistration, leftOut: (a: Int, b: Int) = (0, 0)) -> Int {
        // The keys leave the registration order out: a difference is a rule of the other four.
        guard let (aFirst, _) = firstDifference(a, lowered(a, leftOut.a), b, lowered(b, leftOut.b)) else {
            return 0
        }
        return aFirst ? -1 : 1
    }

    /// The rule that ranks `higher` above `lower`, and why, in one phrase; `higher` registered
    /// before `lower` when only the order is left. Each ranks as its expansion that leaves out
    /// `leftOut` of its optional segments, as in ``order(_:_:leftOut:)``.
    public func reason(
        _ higher: RouteRegistration, over lower: RouteRegistration, leftOut: (higher: Int, lower: Int) = (0, 0)
    ) -> (rule: Rule, text: String) {
        let (a, b) = (lowered(higher, leftOut.higher), lowered(lower, leftOut.lower))
        guard let (_, rule) = firstDifference(higher, a, lower, b) else {
            return (.registrationOrder, "registered first; nothing else tells them apart")
        }
        switch rule {
        case .priority:
            return (.priority, "priority \(higher.priority) over \(lower.priority)")
        case .host:
            let lowerHost = lower.host.map { "host \($0)" } ?? "a route of any host"
            return (.host, "host \(higher.host ?? "") is more specific than \(lowerHost)")
        case .specificity(let position):
            let (rankA, rankB) = (rank(a, at: position - 1), rank(b, at: position - 1))
            let first = describe(higher, a, at: position - 1)
            let second = describe(lower, b, at: position - 1)
            let why = rankA.kind == rankB.kind ? " (more literal text, then fewer captures, is more specific)" : ""
            return (rule, "segment \(position): \(first) is more specific than \(second)\(why)")
        case .scheme:
            return (.scheme, "bound to the scheme '\(a.scheme ?? "")', beside a route for any scheme")
        case .method:
            // Two methods of one tier (`POST`, `DELETE`) never answer the same lookup, so the order
            // between them is only the registration order.
            let tier = { (method: String?) -> String in
                guard let method else { return "any" }
                return HTTPMethodName.alsoAnswered(by: method, headMatchesGet: options.headMatchesGet).map {
                    "\(method) (also answering \($0))"
                } ?? method
            }
            return (.method, "method \(tier(higher.method)) ranks above method \(tier(lower.method))")
        case .registrationOrder:
            return (.registrationOrder, "registered first; nothing else tells them apart")
        }
    }

    /// `route`'s pattern as these options read it, without the last `leftOut` of its optional
    /// segments (the expansion the registry compiles).
    private func lowered(_ route: RouteRegistration, _ leftOut: Int) -> LoweredPattern {
        LoweredPattern(route, options: options).expansions(options: options)[leftOut]
    }

    /// Where the ``PrecedenceKey``s of `a` and `b` (registration order left out), whose patterns
    /// read as `loweredA` and `loweredB`, first differ: whether `a` comes first there, and the
    /// rule of that word; `nil` when they are equal.
    private func firstDifference(
        _ a: RouteRegistration, _ loweredA: LoweredPattern, _ b: RouteRegistration, _ loweredB: LoweredPattern
    ) -> (aFirst: Bool, rule: Rule)? {
        var keyA: [UInt64] = []
        var keyB: [UInt64] = []
        PrecedenceKey.append(
            priority: a.priority, host: loweredA.host, elements: loweredA.elements,
            schemeBound: loweredA.scheme != nil, method: a.method, sequence: 0, to: &keyA)
        PrecedenceKey.append(
            priority: b.priority, host: loweredB.host, elements: loweredB.elements,
            schemeBound: loweredB.scheme != nil, method: b.method, sequence: 0, to: &keyB)
        return keyA.withUnsafeBufferPointer { keyA in
            keyB.withUnsafeBufferPointer { keyB in
                guard let index = PrecedenceKey.firstDifference(keyA, keyB) else { return nil }
                let positions = min(loweredA.elements.count, loweredB.elements.count)
                return (keyA[index] < keyB[index], PrecedenceKey.rule(ofWord: index, positions: positions))
            }
        }
    }

    /// The rank of `lowered`'s position `position`, or of its end.
    private func rank(_ lowered: LoweredPattern, at position: Int) -> CompiledRoute.PositionRank {
        position < lowered.elements.count ? CompiledRoute.PositionRank(lowered.elements[position]) : .ended
    }

    /// Position `position` of `route` in words: `literal 'users'`, `parameter ':id'`, `the end`.
    private func describe(_ route: RouteRegistration, _ lowered: LoweredPattern, at position: Int) -> String {
        guard position < lowered.elements.count else { return "the route's end" }
        let text = "'\(route.parsedPattern.segments[position])'"
        switch lowered.elements[position] {
        case .literal: return "literal \(text)"
        case .composite(let pattern):
            return pattern.captureCount > 0 ? "in-segment pattern \(text)" : "in-segment pattern \(text) (no captures)"
        case .constrained: return "constrained parameter \(text)"
        case .parameter: return "parameter \(text)"
        case .wildcard: return "wildcard \(text)"
        case .catchAll: return "catch-all \(text)"
        }
    }
}
