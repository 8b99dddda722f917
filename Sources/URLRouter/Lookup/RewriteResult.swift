/// The result of rewriting a URL on its own, with a table's rules (``RouteTable/rewrite(_:)``):
/// what the handler router's `rewrite` and the conformance runner's rewrite cases read.
@_spi(HandlerRouter) public enum RewriteResult: Sendable, Hashable {
    /// No rule applies.
    case unchanged
    /// A rule applied; the new URL.
    case rewritten(String)
    /// A rule reached the work limit.
    case limitExceeded
}
