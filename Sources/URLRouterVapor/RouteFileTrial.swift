#if Vapor
@_spi(HandlerRouter) @_spi(Tools) public import URLRouter
public import Vapor

/// The trial of a changed route file, for an application served by
/// ``Vapor/Application/Responder/Provider/urlRouter(routeFile:defaultHandler:options:backend:answersMethodNotAllowed:pollInterval:reloadsOnHangup:trial:onOutcome:)``
/// with a ``URLRouter/TrialPolicy``: the report of the candidate on trial, and the operator's
/// decision.
///
/// ```swift
/// app.responder.use(.urlRouter(routeFile: "routes.txt", trial: TrialPolicy(sampleEvery: 10)))
/// app.get("admin", "trial") { req in req.application.routeFileTrial?.report?.description ?? "no trial" }
/// app.post("admin", "trial", "promote") { req in
///     req.application.routeFileTrial?.promote()?.description ?? "no trial"
/// }
/// ```
public struct RouteFileTrial: Sendable {
    let table: LiveRouteTable<URLRouterResponder.Target>

    /// The trial under way, or else the last one that ended; `nil` before the first.
    public var report: TrialReport? { table.trialReport }

    /// Serves the candidate on trial from now on (a new version, counted and logged); `nil` when
    /// no trial is under way.
    @discardableResult public func promote() -> ReloadOutcome? { table.promoteTrial() }

    /// Drops the candidate on trial, and answers its report; `nil` when no trial is under way.
    @discardableResult public func discard() -> TrialReport? { table.discardTrial() }
}

extension Application {
    /// The trials of the route file the application serves (``RouteFileTrial``); `nil` before
    /// the application boots, and when it serves no route file.
    public var routeFileTrial: RouteFileTrial? {
        storage[RouteFileBoot.Key.self]?.table.map(RouteFileTrial.init(table:))
    }
}
#endif
