/// Where a route's positions fall among a request's segments (SEMANTICS.md section 2): position
/// `i` takes segment `i`, except after a catch-all, where positions count from the end; the
/// catch-all takes the one or more segments between. Both backends and the work bound place
/// positions through this one type.
struct SegmentLayout: Sendable, Hashable {
    /// How many positions the route has.
    let count: Int32
    /// The catch-all's position, or -1.
    let catchAll: Int32

    /// The layout of a route with `count` positions and its catch-all at `catchAll`.
    init(count: Int, catchAll: Int?) {
        self.count = Int32(count)
        self.catchAll = Int32(catchAll ?? -1)
    }

    /// Whether a request of `segmentCount` segments gives every position a segment: exactly
    /// `count` of them, or with a catch-all at least that many.
    func fits(segmentCount: Int) -> Bool {
        catchAll < 0 ? segmentCount == Int(count) : segmentCount >= Int(count)
    }

    /// The segment `position` takes in a request of `segmentCount` segments: itself, or, after
    /// the catch-all, counted from the end.
    func segment(at position: Int, segmentCount: Int) -> Int {
        catchAll >= 0 && position > Int(catchAll) ? segmentCount - (Int(count) - position) : position
    }

    /// The segments the catch-all takes in a request of `segmentCount` segments; `nil` when the
    /// route has no catch-all or the request leaves it no segment.
    func catchAllSegments(segmentCount: Int) -> Range<Int>? {
        guard catchAll >= 0, segmentCount >= Int(count) else { return nil }
        return Int(catchAll)..<(segmentCount - (Int(count) - 1 - Int(catchAll)))
    }
}
