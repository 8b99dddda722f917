#if PCRE2
internal import CURLRouterPCRE2

/// One compiled pattern of a route table and what a match on it needs to know.
struct RouteShard: Sendable {
    let code: PCRE2Code
    /// How many routes the shard holds (for the work allowance of route syntax).
    let routeCount: Int
    /// Whether any route of the shard has a user regex (a constraint).
    let hasUserRegex: Bool
    /// Whether the pattern has callouts (in-segment patterns, variant checks).
    let hasCallouts: Bool
}
#endif
