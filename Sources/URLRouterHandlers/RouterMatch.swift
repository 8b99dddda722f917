public import URLRouter

/// A handler router's match: the route table's match (``tableMatch``, whose members read
/// through this one: `match.parameters`, `match.route.pattern`) and what the router adds, the
/// transition and the callback URL.
@dynamicMemberLookup
public struct RouterMatch: Sendable, CustomStringConvertible {
    /// The route table's match: the route, the parameters, the normalized URL.
    public let tableMatch: RouteMatch
    /// The transition prefix removed from the path (``HandlerOptions/transitionPrefixes``),
    /// spelled as configured.
    public let transition: String?
    /// The fragment as a callback URL (``HandlerOptions/fragmentAsCallbackURL``).
    public let callbackURL: String?

    /// A member of the table's match: `match.parameters` reads `match.tableMatch.parameters`.
    public subscript<Member>(dynamicMember member: KeyPath<RouteMatch, Member>) -> Member {
        tableMatch[keyPath: member]
    }

    /// Path parameter `index`'s value, fully decoded (`RouteMatch.parameter(at:)`).
    public func parameter(at index: Int) -> Substring { tableMatch.parameter(at: index) }

    /// The table's match, as it describes itself.
    public var description: String { tableMatch.description }
}
