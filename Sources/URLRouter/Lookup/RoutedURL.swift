/// The URL a layer over a table routes in place of the one the table would (the caller's, or the
/// rewritten one): the same URL with text inserted. The handler router of `URLRouterHandlers`
/// gives a scheme-less URL its default scheme and repeats a host that is a segment at the front
/// of the path; the table then scans, matches and reports this URL, the caller's URL and the
/// rewritten one as they were, and leaves the insertions out of a `redirect`'s location.
@_spi(HandlerRouter) public struct RoutedURL: Sendable {
    /// What a layer routes in place of a URL (after the table's rewrite), or `nil` to route it as
    /// it is.
    public typealias Layering = @Sendable (String) -> RoutedURL?

    /// The URL to scan and match.
    public let url: String
    /// Where ``url`` holds inserted text, as UTF-8 offsets, in order and apart.
    public let insertions: [Range<Int>]

    /// `url`, with text inserted at `insertions`.
    public init(url: String, insertions: [Range<Int>]) {
        self.url = url
        self.insertions = insertions
    }
}
