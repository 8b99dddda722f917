/// The steps of a lookup one by one, for a layer over the table that does more between them than
/// a table's own lookup (the handler router of `URLRouterHandlers` may drop the first segment
/// before it matches, and match shorter runs of segments after a miss). The table's own lookups
/// run the same steps in one call (`CompiledTable+Answer.swift`).
extension CompiledTable {
    /// Steps 1 to 3 for `url`, lending `body` the prepared lookup, which it matches
    /// (``match(_:segmentCount:)``, ``findRedirect(_:)``, ``findAllowedMethods(_:)``) and answers
    /// (``answer(_:url:variants:extra:)``); the host it routes on is in the lookup.
    ///
    /// - Parameters:
    ///   - host: the host the lookup is given (SEMANTICS.md section 11); `nil`: the URL's own, in a
    ///     table with host routes.
    ///   - forcingCharges: charge every regex the lookup runs to its budget, however short the URL
    ///     (for a layer that matches more than once).
    func withPreparedLookup<Result>(
        _ url: String, method: String?, host: String? = nil, variants: [String], forcingCharges: Bool,
        _ body: (inout PreparedLookup) -> Result
    ) -> Result {
        var result: Result?
        resolve(url, method: method, host: host, variants: variants, forcingCharges: forcingCharges) {
            result = body(&$0)
        }
        return result.unsafelyUnwrapped
    }

    /// The number of compiled routes: what one more match of a prepared lookup may visit.
    var compiledRouteCount: Int { routes.count }

    /// One match of the prepared request's first `segmentCount` segments: the winner, or
    /// `noMatch` (no `methodNotAllowed` probe) or `limitExceeded`.
    func match(_ prepared: inout PreparedLookup, segmentCount: Int) {
        guard prepared.resolution.scanned else { return }
        let count = min(segmentCount, prepared.request.segments.count)
        // A shorter run of the segments ends before the path's trailing slash.
        let request = prepared.request.adjusted(
            segmentCount: count, trailingSlash: count < prepared.request.segments.count ? false : nil)
        switch firstMatch(request, prepared.charging, &prepared.budget) {
        case .matched(let raw): prepared.resolution.record(raw)
        case .noMatch: prepared.resolution.reason = .noMatch
        case .limitExceeded: prepared.resolution.reason = .limitExceeded
        }
    }

    /// Step 5, owning: the match the prepared lookup found, copied, or its miss.
    ///
    /// - Parameters:
    ///   - url: the URL the caller passed.
    ///   - variants: acceptable variants in preference order.
    ///   - extra: the caller's extra values, which beat path and query parameters.
    func answer(
        _ prepared: inout PreparedLookup, url: String, variants: [String], extra: [String: any Sendable]
    ) -> Swift.Result<RouteMatch, RouteMiss> {
        keepHost(of: &prepared)
        return copy(prepared, url: url, variants: variants, extra: extra)
    }
}
