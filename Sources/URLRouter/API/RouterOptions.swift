/// The options of one router (SEMANTICS.md section 8).
///
/// Options are fixed when a router is made: they decide how patterns are read
/// (``defaultScheme``, ``caseInsensitive``, ``trailingStar``), so changing them
/// later would silently change routes that are already registered.
///
/// ```swift
/// var options = RouterOptions()
/// options.caseInsensitive = true
/// options.requestChecks = .strict
/// let table = try RouteTable<Int>([.init("/users/:id", value: 1)], options: options)
/// ```
public struct RouterOptions: Sendable, Hashable {
    /// Whether the URL's host is its first path segment.
    public enum HostAsSegment: Sendable, Hashable, CaseNamed {
        /// The host is always the first segment (`app://page/x` has segments `page`, `x`).
        case always
        /// A host containing `.` (`www.example.com`) is not a segment.
        case unlessDotted
        /// Neither a dotted host nor `localhost` is a segment.
        case unlessDottedOrLocalhost
        /// The host never takes part in matching.
        case never
    }

    /// What a `*` that ends a pattern matches.
    public enum TrailingStar: Sendable, Hashable, CaseNamed {
        /// One or more remaining segments, reported as the match's `catchall`.
        case catchAll
        /// Exactly one segment, like a `*` in the middle (routing-kit, Hummingbird).
        case singleSegment
    }

    /// Scheme given to scheme-less patterns and scheme-less URLs (YFRouter, FTRouter). Stored lower-cased.
    public var defaultScheme: String? {
        get { _defaultScheme }
        set { _defaultScheme = newValue.map { asciiLowercased($0) } }
    }
    private var _defaultScheme: String?

    /// Whether the host is a path segment. Default ``HostAsSegment/always``.
    public var hostAsSegment: HostAsSegment = .always

    /// Literal pattern text compares ASCII-case-insensitively. Captured values keep their case.
    public var caseInsensitive: Bool = false

    /// URLs longer than this many UTF-8 bytes are refused with `urlTooLong`. Default 8,192.
    public var maxURLLength: Int = 8192

    /// `+` in the query means a space.
    public var decodePlus: Bool = false

    /// What a final `*` matches. Default ``TrailingStar/catchAll``.
    public var trailingStar: TrailingStar = .catchAll

    /// A route with none of the requested variants does not fall back to its untagged target.
    public var strictVariants: Bool = false

    /// What registering a route whose pattern, method and variant are those of a registered route
    /// does.
    public enum DuplicateRoutes: Sendable, Hashable, CaseNamed {
        /// The new route replaces the old one in its place (FFRouter, YFRouter, ABRouter, FTRouter);
        /// the registration call returns the replaced route.
        case replace
        /// The registration is refused with ``RouterError/Code/duplicateRoute``; nothing changes.
        case refuse
    }

    /// What a duplicate registration does. Default ``DuplicateRoutes/replace``.
    public var duplicateRoutes: DuplicateRoutes = .replace

    /// Request shapes refused before matching (``RequestChecks``). None by default, as SEMANTICS.md
    /// section 1 has it (`.` and `..` are ordinary segments, empty segments are dropped); the
    /// server integrations use ``RequestChecks/strict``.
    public var requestChecks: RequestChecks = []

    /// The defaults of SEMANTICS.md section 8.
    public init() {}

    /// The defaults with the strict profile's checks (``RequestChecks/strict``).
    public static var strict: RouterOptions {
        var options = RouterOptions()
        options.requestChecks = .strict
        return options
    }
}
