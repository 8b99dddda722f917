/// The winner a route matcher found.
@usableFromInline
struct RawMatch {
    /// The index of the route in the table given to ``MatcherBackend/makeRouteMatcher(routes:options:methods:)``.
    @usableFromInline var routeIndex: Int
    /// The captured values, in element order, as ranges of the request's bytes, in the request's
    /// ``MatchRequest/captureRoom``.
    @usableFromInline package var captures: RangeBuffer
    /// The segments the catch-all took, as indices into the request's segments.
    @usableFromInline package var catchAll: Range<Int>?

    /// Makes a match.
    @inlinable
    init(routeIndex: Int, captures: RangeBuffer, catchAll: Range<Int>?) {
        self.routeIndex = routeIndex
        self.captures = captures
        self.catchAll = catchAll
    }
}

@available(*, unavailable, message: "a RawMatch points into a request's lent storage")
extension RawMatch: Sendable {}
