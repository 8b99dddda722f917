/// The options of a route table (SEMANTICS.md section 8), with a server's defaults.
///
/// Options are fixed when a table is made: they decide how patterns are read
/// (``caseInsensitive``, say), so changing them later would silently change routes that are
/// already registered.
///
/// ```swift
/// var options = RouterOptions()
/// options.caseInsensitive = true
/// options.requestChecks.remove(.dotSegments)
/// let table = try RouteTable<Int>([.init("/users/:id", value: 1)], options: options)
/// ```
///
/// The iOS routers' options (the host as the first segment, a final `*` as a catch-all, a default
/// scheme) are the handler router's (`HandlerOptions` in `URLRouterHandlers`): a table routes
/// paths, and `**` is its catch-all.
public struct RouterOptions: Sendable, Hashable {
    /// Literal pattern text compares ASCII-case-insensitively. Captured values keep their case.
    public var caseInsensitive: Bool = false

    /// URLs longer than this many UTF-8 bytes are refused with `urlTooLong`. Default 8,192.
    public var maxURLLength: Int = 8192

    /// `+` in the query means a space.
    public var decodePlus: Bool = false

    /// A route with none of the requested variants does not fall back to its untagged target.
    public var strictVariants: Bool = false

    /// What registering a route whose pattern, method and variant are those of a registered route
    /// does.
    public enum DuplicateRoutes: Sendable, Hashable, CaseIterable {
        /// The new route replaces the old one in its place (FFRouter, YFRouter, ABRouter, FTRouter);
        /// the registration call returns the replaced route.
        case replace
        /// The registration is refused with ``RouterError/Code/duplicateRoute``; nothing changes.
        case refuse
    }

    /// What a duplicate registration does. Default ``DuplicateRoutes/replace``.
    public var duplicateRoutes: DuplicateRoutes = .replace

    /// Whether a `GET` route answers a `HEAD` lookup (ranked below a `HEAD` route and above a
    /// route without a method). Default `true`, as in Vapor; `false` as in Hummingbird without
    /// `.autoGenerateHeadEndpoints`: a `HEAD` lookup then matches only `HEAD` routes and routes
    /// without a method.
    public var headMatchesGet: Bool = true

    /// Whether a path that only routes of other methods take misses with
    /// ``RouteMiss/Reason/methodNotAllowed`` and the methods that would answer (for a 405 and its
    /// `Allow` header). Default `true`; `false` makes it ``RouteMiss/Reason/noMatch`` (a 404, as
    /// Hummingbird's and Vapor's own routers answer), and a miss then costs no second match.
    public var reportsMethodNotAllowed: Bool = true

    /// Whether a final `/` in the path is significant (SEMANTICS.md section 12). Default
    /// ``TrailingSlash/ignore``: `/items/` is `/items`, in patterns and in requests.
    public var trailingSlash: TrailingSlash = .ignore

    /// Request shapes refused before matching (``RequestChecks``). Default ``RequestChecks/strict``:
    /// a path with a control character, a `.` or `..` segment, `..` between encoded slashes or a
    /// backslash is refused before any route runs. `[]` turns them off, as SEMANTICS.md section 1
    /// has it (`.` and `..` are ordinary segments).
    public var requestChecks: RequestChecks = .strict

    /// A server's defaults: the strict profile's request checks are on. (SEMANTICS.md section 8
    /// has the iOS routers' defaults, which the handler router of `URLRouterHandlers` starts from:
    /// no request is refused, and its own options make the host the first segment and a final
    /// `*` a catch-all.)
    public init() {}
}
