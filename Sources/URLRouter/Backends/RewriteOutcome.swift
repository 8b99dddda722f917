/// The answer of a rewriter.
enum RewriteOutcome: Sendable, Hashable {
    /// No rule applies.
    case none
    /// Rule `rule` applies; `groups[0]` is its match, `nil` a group that did not take part.
    case applied(rule: Int, groups: [Range<String.Index>?])
    /// A rule reached the work limit before the answer was known.
    case limitExceeded
}
