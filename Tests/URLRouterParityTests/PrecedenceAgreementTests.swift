import Testing

@_spi(HandlerRouter) @_spi(Tools) @testable import URLRouter

/// The compiled table's sort and the explanation `urlrouter match --explain` and `lint` word
/// (`PrecedenceExplanation`) read one `PrecedenceKey`: on random tables the explanation orders
/// every pair of routes as the compiled table does, and names the rule that orders it.
@Suite struct PrecedenceAgreementTests {
    @Test func theExplanationOrdersEveryPairAsTheCompiledTableDoes() throws {
        var pairs = 0
        var expanded = 0
        /// How many of its pattern's optional segments the expansion `route` is compiled from
        /// leaves out (its pattern's segments beyond the route's elements).
        func leftOut(_ route: CompiledRoute) -> Int {
            let pattern = route.targets[0].parsedPattern
            if pattern.optionalCount > 0 { expanded += 1 }
            return pattern.segments.count - route.elements.count
        }
        var byRule: [PrecedenceExplanation.Rule: Int] = [:]
        for seed in UInt64(1)...400 {
            var generator = SeededGenerator(seed: seed)
            let table = RandomTable(using: &generator)
            var registry = RouteRegistry(options: table.options)
            for (index, route) in table.routes.enumerated() {
                // Some random patterns are invalid (two ** in one pattern): they are left out.
                guard let pattern = try? RoutePattern(route.pattern) else { continue }
                registry.add(
                    RouteRegistration(
                        pattern: pattern, method: route.method.flatMap(HTTPMethodName.normalized),
                        variant: route.variant, priority: route.priority, handle: index))
            }
            let compiled = registry.compile()
            let explanation = PrecedenceExplanation(options: table.options)
            for higher in compiled.indices {
                for lower in compiled.indices where lower > higher {
                    // A pattern with optional segments is compiled as each of its expansions,
                    // and explained as the one each compiled route is.
                    let (a, b) = (compiled[higher].targets[0], compiled[lower].targets[0])
                    let left = (leftOut(compiled[higher]), leftOut(compiled[lower]))
                    let order = explanation.order(a, b, leftOut: left)
                    let rule = explanation.reason(a, over: b, leftOut: left).rule
                    #expect(
                        order <= 0,
                        "seed \(seed): \(a.pattern) (\(a.method ?? "any")) is compiled above \(b.pattern) (\(b.method ?? "any")), the explanation says below"
                    )
                    if order == 0 {
                        #expect(
                            compiled[higher].sequence < compiled[lower].sequence,
                            "seed \(seed): \(a.pattern), \(b.pattern)")
                        #expect(rule == .registrationOrder, "seed \(seed): \(a.pattern), \(b.pattern): \(rule)")
                    } else {
                        #expect(rule != .registrationOrder, "seed \(seed): \(a.pattern), \(b.pattern)")
                    }
                    pairs += 1
                    byRule[rule, default: 0] += 1
                }
            }
        }
        // The tables exercise every rule, not only the registration order, and routes with
        // optional segments.
        #expect(expanded > 100)
        #expect(pairs > 10_000)
        #expect(byRule[.priority, default: 0] > 100)
        #expect(byRule[.scheme, default: 0] > 100)
        #expect(byRule[.method, default: 0] > 100)
        #expect(byRule[.registrationOrder, default: 0] > 10)
        #expect(byRule.keys.contains { if case .specificity = $0 { true } else { false } })
    }
}
