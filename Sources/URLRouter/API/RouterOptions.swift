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
/// scheme) are the handler router's: `URLRouterHandlers` adds them to this type.
public struct RouterOptions: Sendable, Hashable {
    /// ``fallbackScheme``, lower-cased.
    private var _fallbackScheme: String?

    /// Whether the host is a path segment. Default `never`: a server routes paths.
    @_spi(HandlerRouter) public var hostRule: HostRule = .never

    /// Literal pattern text compares ASCII-case-insensitively. Captured values keep their case.
    public var caseInsensitive: Bool = false

    /// URLs longer than this many UTF-8 bytes are refused with `urlTooLong`. Default 8,192.
    public var maxURLLength: Int = 8192

    /// `+` in the query means a space.
    public var decodePlus: Bool = false

    /// What a final `*` matches. Default one segment, as in Hummingbird, Vapor and routing-kit;
    /// `**` is the catch-all.
    @_spi(HandlerRouter) public var starRule: StarRule = .singleSegment

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

    /// A server's defaults: the host is not a segment, a final `*` is one segment, and the strict
    /// profile's request checks are on. (SEMANTICS.md section 8 has the iOS routers' defaults, which
    /// the handler router of `URLRouterHandlers` starts from: the host is the first segment, a
    /// final `*` is a catch-all, and no request is refused.)
    public init() {}
}

// The handler router's options in the core: its iOS routers' host-as-segment, trailing star and
// default scheme (URLRouterHandlers names them `hostAsSegment`, `trailingStar`, `defaultScheme`).
@_spi(HandlerRouter) extension RouterOptions {
    /// Whether the URL's host is its first path segment (the handler router's `hostAsSegment`).
    public enum HostRule: Sendable, Hashable, CaseNamed {
        /// The host is always the first segment (`app://page/x` has segments `page`, `x`).
        case always
        /// A host containing `.` (`www.example.com`) is not a segment.
        case unlessDotted
        /// Neither a dotted host nor `localhost` is a segment.
        case unlessDottedOrLocalhost
        /// The host never takes part in matching.
        case never
    }

    /// What a `*` that ends a pattern matches (the handler router's `trailingStar`).
    public enum StarRule: Sendable, Hashable, CaseNamed {
        /// One or more remaining segments, reported as the match's `catchall`.
        case catchAll
        /// Exactly one segment, like a `*` in the middle (routing-kit, Hummingbird).
        case singleSegment
    }

    /// Scheme given to scheme-less patterns and scheme-less URLs (the handler router's
    /// `defaultScheme`). Stored lower-cased.
    public var fallbackScheme: String? {
        get { _fallbackScheme }
        set { _fallbackScheme = newValue.map { asciiLowercased($0) } }
    }
}
