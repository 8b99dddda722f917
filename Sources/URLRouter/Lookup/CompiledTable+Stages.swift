/// The steps of a lookup one by one, for a layer over the table that does more between them than
/// a table's own lookup (the handler router of `URLRouterHandlers` may drop the first segment
/// before it matches, and match shorter runs of segments after a miss). The table's own lookups
/// run the same steps in one call (`CompiledTable+Answer.swift`).
extension CompiledTable {
    /// Steps 1 to 3 for `url`, lending `body` the prepared lookup, which it matches
    /// (``match(_:segmentCount:host:)``, ``findAllowedMethods(_:host:)``) and answers
    /// (``answer(_:host:url:variants:extra:)``), and the host the lookup routes on (empty: none),
    /// which each stage takes.
    ///
    /// - Parameters:
    ///   - host: the host the lookup is given (SEMANTICS.md section 11); `nil`: the URL's own, in a
    ///     table with host routes.
    ///   - forcingCharges: charge every regex the lookup runs to its budget, however short the URL
    ///     (for a layer that matches more than once).
    package func withPreparedLookup<Result>(
        _ url: String, method: String?, host: String? = nil, variants: [String], forcingCharges: Bool,
        _ body: (inout PreparedLookup, UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        var result: Result?
        resolve(url, method: method, host: host, variants: variants, forcingCharges: forcingCharges) {
            result = body(&$0, $1)
        }
        return result.unsafelyUnwrapped
    }

    /// The number of compiled routes: what one more match of a prepared lookup may visit.
    package var compiledRouteCount: Int { routes.count }

    /// One match of the prepared request's first `segmentCount` segments: the winner, or
    /// `noMatch` (no `methodNotAllowed` probe) or `limitExceeded`.
    package func match(_ prepared: inout PreparedLookup, segmentCount: Int, host: UnsafeBufferPointer<UInt8>) {
        guard prepared.resolution.scanned else { return }
        var request = prepared.matchRequest(marksTrailingSlash: marksTrailingSlash, host: host)
        request.segmentCount = min(segmentCount, request.segments.count)
        // A shorter run of the segments ends before the path's trailing slash.
        if request.segmentCount < request.segments.count { request.trailingSlash = false }
        switch firstMatch(request, prepared.charging, &prepared.budget) {
        case .matched(let raw): prepared.resolution.record(raw)
        case .noMatch: prepared.resolution.reason = .noMatch
        case .limitExceeded: prepared.resolution.reason = .limitExceeded
        }
    }

    /// For a prepared lookup whose matches found no route: `methodNotAllowed` and the methods
    /// that would have answered its whole path, when routes of other methods take it.
    package func findAllowedMethods(_ prepared: inout PreparedLookup, host: UnsafeBufferPointer<UInt8>) {
        guard prepared.resolution.scanned, prepared.resolution.reason == .noMatch else { return }
        findAllowedMethods(
            &prepared.resolution, prepared.matchRequest(marksTrailingSlash: marksTrailingSlash, host: host),
            prepared.charging, &prepared.budget)
    }

    /// For a prepared lookup whose match of its whole path found no route for its method, in a
    /// table that redirects: `redirect` and its location when the path with its trailing slash
    /// flipped finds one (decided before any shorter run of the segments is matched).
    package func findRedirect(_ prepared: inout PreparedLookup, host: UnsafeBufferPointer<UInt8>) {
        guard prepared.resolution.scanned else { return }
        findRedirect(
            &prepared.resolution, prepared.matchRequest(marksTrailingSlash: marksTrailingSlash, host: host),
            prepared.charging, &prepared.budget)
    }

    /// Step 5, owning: the match the prepared lookup found, copied, or its miss.
    ///
    /// - Parameters:
    ///   - host: the host the lookup routed on (empty: none).
    ///   - url: the URL the caller passed.
    ///   - variants: acceptable variants in preference order.
    ///   - extra: the caller's extra values, which beat path and query parameters.
    package func answer(
        _ prepared: inout PreparedLookup, host: UnsafeBufferPointer<UInt8>, url: String, variants: [String],
        extra: [String: any Sendable]
    ) -> Swift.Result<RouteMatch, RouteMiss> {
        keep(host, in: &prepared)
        return copy(prepared.resolution, url: url, variants: variants, extra: extra)
    }
}
