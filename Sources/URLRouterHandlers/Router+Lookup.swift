@_spi(HandlerRouter) import URLRouter

/// The handler router's lookup: the route table's steps (`RouteTable+Stages.swift` in the
/// core), with what only the handler router does between them: a transition prefix dropped
/// before the match, the fallback to shorter runs of segments after a miss, and the callback URL
/// read from the fragment after.
extension Router {
    /// What one lookup found, and what the router reports of the URL, on a miss too.
    package struct Found: Sendable {
        /// The table's answer: the match and its handler, or the miss.
        let result: Result<RouteTable<RouteHandler>.Match, RouteMiss>
        /// The transition prefix removed from the path, spelled as configured.
        package let transition: String?
        /// The fragment as a callback URL.
        package let callbackURL: String?

        /// The match, as the router hands it to handlers and callers.
        func routerMatch(_ match: RouteTable<RouteHandler>.Match) -> RouterMatch {
            RouterMatch(tableMatch: match, transition: transition, callbackURL: callbackURL)
        }
    }
}

extension Router.Snapshot {
    /// Looks `url` up on `host` (`nil`: the URL's own) in the snapshot's table under `handling`,
    /// its table routing what `layering` makes of the URL (``HandlerOptions/layering``).
    func lookup(
        _ url: String, method: String?, host: String? = nil, variants: [String], extra: [String: any Sendable],
        handling: HandlerOptions, layering: RoutedURL.Layering?
    ) -> Router.Found {
        var transition: String?
        // Nearly every URL is a path the router routes as it is: its table then takes its short way.
        let layering = handling.mayInsert(into: url) ? layering : nil
        let result = routes.withPreparedLookup(
            url, method: method, host: host, variants: variants, forcingCharges: handling.fallbackToLastHandler,
            layering: layering
        ) { prepared in
            if !handling.transitionPrefixes.isEmpty, let first = prepared.firstSegment,
                let word = handling.transitionPrefixes.first(where: { asciiCaseInsensitiveEqual($0.utf8, first.utf8) })
            {
                transition = word
                prepared.dropFirstSegment()
            }
            Router.Snapshot.match(&prepared, in: routes, fallback: handling.fallbackToLastHandler)
            return routes.answer(prepared, url: url, variants: variants, extra: extra)
        }
        guard handling.fragmentAsCallbackURL else {
            return Router.Found(result: result, transition: transition, callbackURL: nil)
        }
        let (fragment, scheme): (String?, String?) =
            switch result {
            case .success(let match): (match.fragment, match.scheme)
            case .failure(let miss): (miss.fragment, miss.scheme)
            }
        return Router.Found(
            result: result, transition: transition,
            callbackURL: Router.Snapshot.callbackURL(fragment: fragment, scheme: scheme))
    }

    /// Step 4 under the fallback: the whole path; after a miss, a `redirect` when the table
    /// redirects trailing slashes and the path with its slash flipped matches; else shorter and
    /// shorter runs of its leading segments, down to none (when `fallback`); then whether routes
    /// of other methods take the whole path (`methodNotAllowed`).
    static func match(
        _ prepared: inout PreparedLookup, in table: RouteTable<RouteHandler>, fallback: Bool
    ) {
        let count = prepared.segmentCount
        table.match(&prepared, segmentCount: count)
        if prepared.reason == .noMatch { table.findRedirect(&prepared) }
        if fallback, prepared.reason == .noMatch {
            // Each retry runs the whole table again (32 steps a route, and a fixed 100), so that
            // the retries of a URL of thousands of segments against thousands of routes end in
            // `limitExceeded` rather than seconds of matching.
            let cost = table.compiledRouteCount * 32 + 100
            var shorter = count
            while prepared.reason == .noMatch, shorter > 0 {
                shorter -= 1
                guard prepared.charge(cost) else {
                    prepared.reason = .limitExceeded
                    break
                }
                table.match(&prepared, segmentCount: shorter)
            }
        }
        table.findAllowedMethods(&prepared)
    }

    /// A non-empty fragment as a callback URL: with `scheme://` in front (the URL's scheme, or the
    /// default scheme) when it has no scheme of its own.
    static func callbackURL(fragment: String?, scheme: String?) -> String? {
        guard let fragment, !fragment.isEmpty else { return nil }
        guard URLParts.schemeEnd(fragment[...]) == nil, let scheme else { return fragment }
        return scheme + "://" + fragment
    }
}
