@_spi(HandlerRouter) @_spi(Tools) import URLRouter
import URLRouterHandlers

/// A way into the engine that `urlrouter check` runs each suite through (Docs/FIXTURES.md).
///
/// The handler router (``router``) is the reference: it expresses every case. The route table's
/// entry points run each case they can express (``expresses(_:in:routedAsGiven:)``) and must agree with it.
public enum EntryPoint: String, CaseIterable, Sendable {
    /// `Router.match`, the seeds' handler router.
    case router
    /// `RouteTable.lookup(method:url:variants:)`, the owning lookup.
    case lookup
    /// `RouteTable.withMatch(method:url:variants:_:)`, the borrowed lookup.
    case withMatch
    /// `LiveRouteTable.lookup(method:url:variants:)`, after the suite's table was swapped in.
    case live

    /// The line `urlrouter check` prints before the suites: `entry points: router, lookup, withMatch, live`.
    public static func line(_ entryPoints: [EntryPoint]) -> String {
        "entry points: " + entryPoints.map(\.rawValue).joined(separator: ", ")
    }

    /// Whether this entry point can express `lookup` in `suite`. A route table has no kinds, no
    /// extra values, no fallback, no transitions and no callback URLs, which only the handler
    /// router has, and reads the URL it is given as it is: a case that needs one of them, or whose
    /// URL the router hands its table with a default scheme or a host segment inserted
    /// (`routedAsGiven` false, ``HandlerOptions/routedURL(for:)``), runs on the router alone.
    /// (The tables register the suite's patterns as the router does: ``TableEntryPoints``.)
    func expresses(_ lookup: FixtureSuite.Lookup, in suite: FixtureSuite, routedAsGiven: Bool) -> Bool {
        guard self != .router else { return true }
        return lookup.extra.isEmpty && suite.routes.allSatisfy { $0.kind == lookup.kind }
            && !suite.handlerOptions.hasBehaviours && routedAsGiven
    }

    /// `observation` as far as this entry point can observe it: the borrowed match reads the route,
    /// the path parameters, query values by name, the catch-all, a redirect's location and, when
    /// the lookup routes on a host (`routesOnHost`: it gives one, or the table has host routes),
    /// the host; it has no scheme, path, fragment, variant or rewritten URL to report.
    package func visible(_ observation: Observation, routesOnHost: Bool = false) -> Observation {
        guard self == .withMatch, observation.registration == nil, observation.rewriteOutput == nil else {
            return observation
        }
        return Observation(
            route: observation.route, error: observation.error, params: observation.params,
            catchall: observation.catchall, location: observation.location,
            host: routesOnHost ? observation.host : nil)
    }

    /// `expect` as far as this entry point can observe it (see `visible` of an observation).
    func visible(_ expect: FixtureSuite.Expectation, routesOnHost: Bool) -> FixtureSuite.Expectation {
        guard self == .withMatch else { return expect }
        var visible = FixtureSuite.Expectation()
        visible.route = expect.route
        visible.error = expect.error
        visible.params = expect.params
        visible.catchall = expect.catchall
        visible.location = expect.location
        if routesOnHost { visible.host = expect.host }
        return visible
    }

    /// The name of its results in a report: the backend's for the router, as before entry points
    /// were run, `pcre2 withMatch` for the others.
    package func resultName(backend: String) -> String {
        self == .router ? backend : "\(backend) \(rawValue)"
    }
}
