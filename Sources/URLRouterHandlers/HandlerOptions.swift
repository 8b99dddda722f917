/// What the handler router does that a route table does not (SEMANTICS.md section 8): the
/// behaviours of YFRouter and FTRouter, off by default.
///
/// ```swift
/// var handling = HandlerOptions()
/// handling.transitionPrefixes = ["push", "present", "back", "root"]
/// handling.fragmentAsCallbackURL = true
/// let router = Router(handlerOptions: handling)
/// ```
public struct HandlerOptions: Sendable, Hashable {
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

    /// None of the behaviours.
    public init() {}
}
