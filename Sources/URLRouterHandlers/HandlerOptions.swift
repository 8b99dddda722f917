/// What the handler router does that a route table does not (SEMANTICS.md section 8): the iOS
/// routers' reading of URLs and patterns (the host as the first segment, a final `*` as the
/// catch-all, a default scheme), on by default as in the seeds, and the behaviours of YFRouter
/// and FTRouter, off by default.
///
/// ```swift
/// var handling = HandlerOptions()
/// handling.defaultScheme = "ft"
/// handling.transitionPrefixes = ["push", "present", "back", "root"]
/// handling.fragmentAsCallbackURL = true
/// let router = Router(handlerOptions: handling)
/// ```
///
/// The router reads URLs and patterns this way before its table does: it hands the table
/// `ft:/page/x` for `/page/x` under a default scheme, and `app://page/page/x` for
/// `app://page/x` when the host is a segment (the table routes paths, and on hosts), and a final
/// `*` registers as `**`.
public struct HandlerOptions: Sendable, Hashable {
    /// ``defaultScheme``, lower-cased.
    private var _defaultScheme: String?

    /// Whether the host is a path segment: ``HostAsSegment/always`` by default, as in the iOS
    /// routers (`app://page/detail` has the segments `page`, `detail`).
    public var hostAsSegment: HostAsSegment = .always

    /// What a final `*` matches: ``TrailingStar/catchAll`` by default, as in the iOS routers.
    public var trailingStar: TrailingStar = .catchAll

    /// Scheme given to scheme-less patterns and scheme-less URLs (YFRouter, FTRouter). Stored
    /// lower-cased; none by default.
    public var defaultScheme: String? {
        get { _defaultScheme }
        set { _defaultScheme = newValue?.lowercased() }
    }

    /// With no full match, the route matching the longest proper run of leading segments wins,
    /// down to zero segments (YFRouter).
    public var fallbackToLastHandler: Bool = false

    /// First-segment words removed from the path before matching and reported as the match's
    /// ``RouterMatch/transition`` (FTRouter's `push`, `present`, `back`, `root`), compared
    /// ASCII-case-insensitively.
    public var transitionPrefixes: [String] = []

    /// A non-empty fragment is reported as the match's ``RouterMatch/callbackURL``, with the
    /// URL's `scheme://` in front when it has no scheme of its own (FTRouter).
    public var fragmentAsCallbackURL: Bool = false

    /// The iOS routers' reading of URLs and patterns, and none of the behaviours.
    public init() {}
}
