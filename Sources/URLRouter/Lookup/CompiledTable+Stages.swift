/// The steps of a lookup one by one, for a layer over the table that does more between them than
/// a table's own lookup (the handler router of `URLRouterHandlers` may drop the first segment
/// before it matches, and match shorter runs of segments after a miss). The table's own lookups
/// run the same steps in one call (`CompiledTable+Answer.swift`).
@_spi(HandlerRouter) extension CompiledTable {
    /// Steps 1 to 3 for `url`, lending `body` the prepared lookup, which it matches
    /// (``match(_:segmentCount:)``, ``findRedirect(_:)``, ``findAllowedMethods(_:)``) and answers
    /// (``answer(_:url:variants:extra:)``); the host it routes on is in the lookup.
    ///
    /// - Parameters:
    ///   - host: the host the lookup is given (SEMANTICS.md section 11); `nil`: the URL's own, in a
    ///     table with host routes.
    ///   - forcingCharges: charge every regex the lookup runs to its budget, however short the URL
    ///     (for a layer that matches more than once).
    ///   - layering: the URL the layer routes in place of the one the table would (``RoutedURL``).
    ///
    /// Not generic: the layer's `RouteTable` wraps it, inlined and specialized for its answer, so
    /// that no lookup asks the runtime for the metadata of a generic result.
    public func withPreparedLookup(
        _ url: String, method: String?, host: String? = nil, variants: [String], forcingCharges: Bool,
        layering: RoutedURL.Layering? = nil, _ body: (inout PreparedLookup) -> Void
    ) {
        resolve(
            url, method: method, host: host, variants: variants, forcingCharges: forcingCharges, layering: layering,
            body)
    }

    /// The number of compiled routes: what one more match of a prepared lookup may visit.
    public var compiledRouteCount: Int { routes.count }

    /// One match of the prepared request's first `segmentCount` segments: the winner, or
    /// `noMatch` (no `methodNotAllowed` probe) or `limitExceeded`.
    public func match(_ prepared: inout PreparedLookup, segmentCount: Int) {
        guard prepared.resolution.scanned else { return }
        let count = min(segmentCount, prepared.request.segments.count)
        // A shorter run of the segments ends before the path's trailing slash.
        let trailingSlash = count < prepared.request.segments.count ? false : prepared.request.trailingSlash
        switch probe(&prepared, segmentCount: count, trailingSlash: trailingSlash) {
        case .matched: prepared.resolution.reason = nil
        case .noMatch: prepared.resolution.reason = .noMatch
        case .limitExceeded: prepared.resolution.reason = .limitExceeded
        }
    }

    /// For a lookup of all its segments that found no route for its method (before anything looks
    /// for routes of other methods: a redirect beats `methodNotAllowed`), in a table that
    /// redirects: `redirect` and the URL to send the client to when a route of the lookup's method
    /// takes the path with its trailing slash added or removed (SEMANTICS.md section 12).
    public func findRedirect(_ prepared: inout PreparedLookup) {
        guard redirectsTrailingSlash, prepared.resolution.scanned, prepared.resolution.reason == .noMatch,
            !prepared.request.segments.isEmpty,
            prepared.request.segmentCount == prepared.request.segments.count
        else { return }
        switch probe(&prepared, trailingSlash: !prepared.request.trailingSlash) {
        case .matched:
            prepared.resolution.reason = .redirect
            prepared.resolution.location = prepared.flippedTrailingSlashURL
        case .noMatch: break
        case .limitExceeded: prepared.resolution.reason = .limitExceeded
        }
    }

    /// For a lookup that found no route: `methodNotAllowed` and the methods that would have
    /// answered, when the table reports it and routes of other methods take the path; else
    /// `noMatch`.
    public func findAllowedMethods(_ prepared: inout PreparedLookup) {
        guard reportsMethodNotAllowed, prepared.resolution.scanned, prepared.resolution.reason == .noMatch else {
            return
        }
        let whole = prepared.request.segments.count
        switch probe(&prepared, segmentCount: whole, method: .any) {
        case .matched:
            var allowed: [String] = []
            for candidate in methods.names.indices {
                if case .matched = probe(&prepared, segmentCount: whole, method: .lookup(candidate)) {
                    allowed.append(methods.names[candidate])
                }
            }
            prepared.resolution.reason = .methodNotAllowed
            prepared.resolution.allowedMethods = allowed
        case .noMatch: break
        case .limitExceeded: prepared.resolution.reason = .limitExceeded
        }
    }

    /// One match of the lookup's request with its segment count, method or trailing slash
    /// changed for the call, then restored: the lookup's one request, probed in place. A winner is
    /// written into the lookup; its reason is the caller's to set.
    func probe(
        _ prepared: inout PreparedLookup, segmentCount: Int? = nil, method: MethodFilter? = nil,
        trailingSlash: Bool? = nil
    ) -> MatchOutcome {
        let asGiven = (prepared.request.segmentCount, prepared.request.method, prepared.request.trailingSlash)
        prepared.request.segmentCount = segmentCount ?? asGiven.0
        prepared.request.method = method ?? asGiven.1
        prepared.request.trailingSlash = trailingSlash ?? asGiven.2
        defer { (prepared.request.segmentCount, prepared.request.method, prepared.request.trailingSlash) = asGiven }
        return firstMatch(&prepared)
    }

    /// Step 5, owning: the match the prepared lookup found, copied, or its miss.
    ///
    /// - Parameters:
    ///   - url: the URL the caller passed.
    ///   - variants: acceptable variants in preference order.
    ///   - extra: the caller's extra values, which beat path and query parameters.
    public func answer(
        _ prepared: borrowing PreparedLookup, url: String, variants: [String], extra: [String: any Sendable]
    ) -> PreparedLookup.Answer {
        PreparedLookup.Answer(copy(prepared, url: url, variants: variants, extra: extra))
    }
}
