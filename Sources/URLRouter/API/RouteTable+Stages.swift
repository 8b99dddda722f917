/// The steps of a lookup one by one, for a layer over the table that does more between them than
/// the table's own lookups: the handler router of `URLRouterHandlers` may drop the first segment
/// before it matches, and match shorter runs of segments after a miss. The table's own lookups
/// run the same steps in one call (`CompiledTable+Answer.swift`).
///
/// The steps are inlinable, so that the layer calls them specialized for its table's value
/// type: called generic, each would look the table's type up at run time
/// (`Benchmarks/instructions`' router count).
@_spi(HandlerRouter) extension RouteTable {
    /// Compiles `registry` and `rules` on `backend`, the registrations' handles indexing `values`;
    /// `fallbackReason` says why this backend serves (the one asked for could not compile them).
    public init(
        registry: RouteRegistry, rules: [RewriteRule], values: [Value], backend: RouterBackend,
        fallbackReason: String? = nil
    ) throws {
        self.init(
            table: try CompiledTable(
                backend: backend, registry: registry, rules: rules, fallbackReason: fallbackReason),
            values: values)
    }

    /// A table with no routes and no rules, which matches nothing.
    public init(empty options: RouterOptions, fallbackReason: String? = nil) {
        self.init(table: CompiledTable(empty: options, fallbackReason: fallbackReason), values: [])
    }

    /// Rewrites `url` with the first applicable rule.
    public func rewrite(_ url: String) -> RewriteResult { table.rewrite(url) }

    /// Steps 1 to 3 for `url`, lending `body` the prepared lookup, which it matches
    /// (``match(_:segmentCount:)``, ``findRedirect(_:)``, ``findAllowedMethods(_:)``) and answers
    /// (``answer(_:url:variants:extra:)``); the host it routes on is in the lookup.
    ///
    /// - Parameters:
    ///   - host: the host the lookup is given (SEMANTICS.md section 11); `nil`: the URL's own, in a
    ///     table with host routes.
    ///   - forcingCharges: charge every regex the lookup runs to its budget, however short the URL
    ///     (for a layer that matches more than once).
    ///   - layering: the URL the layer routes in place of the one the table would, after its
    ///     rewrite (``RoutedURL``); `nil` routes that one.
    @inlinable
    public func withPreparedLookup<Result>(
        _ url: String, method: String?, host: String? = nil, variants: [String], forcingCharges: Bool,
        layering: RoutedURL.Layering? = nil, _ body: (inout PreparedLookup) -> Result
    ) -> Result {
        var result: Result?
        table.withPreparedLookup(
            url, method: method, host: host, variants: variants, forcingCharges: forcingCharges, layering: layering
        ) { result = body(&$0) }
        return result.unsafelyUnwrapped
    }

    /// The number of compiled routes: what one more match of a prepared lookup may visit.
    @inlinable
    public var compiledRouteCount: Int { table.compiledRouteCount }

    /// One match of the prepared request's first `segmentCount` segments: the winner, or
    /// `noMatch` (no `methodNotAllowed` probe) or `limitExceeded`.
    @inlinable
    public func match(_ prepared: inout PreparedLookup, segmentCount: Int) {
        table.match(&prepared, segmentCount: segmentCount)
    }

    /// After a `noMatch`, in a table that redirects trailing slashes: a `redirect` when the path
    /// with its slash flipped matches.
    @inlinable
    public func findRedirect(_ prepared: inout PreparedLookup) { table.findRedirect(&prepared) }

    /// After a `noMatch`: `methodNotAllowed` and the allowed methods when routes of other methods
    /// take the path.
    @inlinable
    public func findAllowedMethods(_ prepared: inout PreparedLookup) { table.findAllowedMethods(&prepared) }

    /// Step 5, owning: the match the prepared lookup found, with its value, or its miss.
    ///
    /// - Parameters:
    ///   - url: the URL the caller passed.
    ///   - variants: acceptable variants in preference order.
    ///   - extra: the caller's extra values, which beat path and query parameters.
    @inlinable
    public func answer(
        _ prepared: borrowing PreparedLookup, url: String, variants: [String], extra: [String: any Sendable]
    ) -> Swift.Result<Match, RouteMiss> {
        switch table.answer(prepared, url: url, variants: variants, extra: extra).result {
        case .success(let found): .success(match(found))
        case .failure(let miss): .failure(miss)
        }
    }
}
