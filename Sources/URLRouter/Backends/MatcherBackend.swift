/// A matching engine: compiles the backend-neutral route table and rewrite rules into matchers.
///
/// Both backends receive exactly the same input: ``CompiledRoute``s already sorted by precedence,
/// with literals in comparison form and user regexes parsed into ``SharedRegex``. A conforming
/// backend finds, for a request, the first route in that order that matches and answers the
/// lookup, so every backend picks the same winner.
protocol MatcherBackend: Sendable {
    /// The backend's name as the CLI spells it (`foundation`, `pcre2`).
    var name: String { get }

    /// Compiles one constraint on its own, so a registration the engine refuses is refused at once.
    ///
    /// - Returns: `nil` when it compiles, otherwise the engine's message.
    func compileError(constraint: SharedRegex) -> String?

    /// Compiles one rewrite expression on its own.
    ///
    /// - Returns: `nil` when it compiles, otherwise the engine's message.
    func compileError(rewriteExpression: SharedRegex) -> String?

    /// Compiles the route table. `routes` are in precedence order; `methods` are their methods,
    /// numbered as lookups' ``MethodFilter``s number them (the table's one ``MethodList``).
    func makeRouteMatcher(routes: [CompiledRoute], options: RouterOptions, methods: MethodList) throws
        -> any RouteMatcher

    /// Compiles the rewrite rules, in the order they were added.
    func makeRewriter(rules: [RewriteRule]) throws -> any URLRewriter
}
