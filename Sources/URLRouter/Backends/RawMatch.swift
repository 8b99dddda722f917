/// The winner a route matcher found.
package struct RawMatch {
    /// The index of the route in the table given to ``MatcherBackend/makeRouteMatcher(routes:options:methods:)``.
    var routeIndex: Int
    /// The captured values, in element order, as ranges of the request's bytes, in the request's
    /// ``MatchRequest/captureRoom``.
    var captures: RangeBuffer
    /// The segments the catch-all took, as indices into the request's segments.
    var catchAll: Range<Int>?
}

@available(*, unavailable, message: "a RawMatch points into a request's lent storage")
extension RawMatch: Sendable {}
