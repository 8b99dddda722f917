/// Why one route ranks above another (SEMANTICS.md section 3), in words: the first of priority,
/// the position and segment kinds that decided, scheme, method and registration order that tells
/// them apart. `urlrouter match --explain` and `urlrouter lint` print it.
package struct PrecedenceExplanation: Sendable {
    /// The options the routes are read under (a final `*`, the default scheme).
    package let options: RouterOptions

    /// Explains under `options`.
    package init(options: RouterOptions) {
        self.options = options
    }

    /// Which precedence rule ranks one route above another.
    package enum Rule: Sendable, Hashable {
        /// A higher priority.
        case priority
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
    /// does, `0` when only the registration order tells them apart.
    package func order(_ a: RouteRegistration, _ b: RouteRegistration) -> Int {
        if a.priority != b.priority { return a.priority > b.priority ? -1 : 1 }
        let loweredA = LoweredPattern(a.parsedPattern, options: options)
        let loweredB = LoweredPattern(b.parsedPattern, options: options)
        let specificity = CompiledRoute.compareSpecificity(
            loweredA.elements.map(CompiledRoute.PositionRank.init),
            loweredB.elements.map(CompiledRoute.PositionRank.init))
        if specificity != 0 { return specificity }
        if (loweredA.scheme != nil) != (loweredB.scheme != nil) { return loweredA.scheme != nil ? -1 : 1 }
        let (tierA, tierB) = (HTTPMethodName.tier(a.method), HTTPMethodName.tier(b.method))
        if tierA != tierB { return tierA < tierB ? -1 : 1 }
        return 0
    }

    /// The rule that ranks `higher` above `lower`, and why, in one phrase; `higher` registered
    /// before `lower` when only the order is left.
    package func reason(_ higher: RouteRegistration, over lower: RouteRegistration) -> (rule: Rule, text: String) {
        if higher.priority != lower.priority {
            return (.priority, "priority \(higher.priority) over \(lower.priority)")
        }
        let a = LoweredPattern(higher.parsedPattern, options: options)
        let b = LoweredPattern(lower.parsedPattern, options: options)
        for position in 0..<max(a.elements.count, b.elements.count) {
            let rankA = position < a.elements.count ? CompiledRoute.PositionRank(a.elements[position]) : .ended
            let rankB = position < b.elements.count ? CompiledRoute.PositionRank(b.elements[position]) : .ended
            guard rankA != rankB else { continue }
            let first = describe(higher, a, at: position)
            let second = describe(lower, b, at: position)
            let why = rankA.kind == rankB.kind ? " (more literal text, then fewer captures, is more specific)" : ""
            return (
                .specificity(position: position + 1),
                "segment \(position + 1): \(first) is more specific than \(second)\(why)"
            )
        }
        if (a.scheme != nil) != (b.scheme != nil) {
            return (.scheme, "bound to the scheme '\(a.scheme ?? "")', beside a route for any scheme")
        }
        // The method tier, as ``order(_:_:)`` and the compiled table's sort compare it: two
        // methods of one tier (`POST`, `DELETE`) never answer the same lookup, so the order
        // between them is only the registration order.
        if HTTPMethodName.tier(higher.method) != HTTPMethodName.tier(lower.method) {
            let tier = { (method: String?) -> String in
                guard let method else { return "any" }
                return HTTPMethodName.alsoAnswered(by: method).map { "\(method) (also answering \($0))" } ?? method
            }
            return (.method, "method \(tier(higher.method)) ranks above method \(tier(lower.method))")
        }
        return (.registrationOrder, "registered first; nothing else tells them apart")
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
