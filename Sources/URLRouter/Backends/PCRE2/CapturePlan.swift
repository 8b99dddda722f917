#if PCRE2

/// Where a route's captures are, so that a match reads them from the request's segments rather
/// than from PCRE2's capture groups: the route's segment layout and up to 8 capturing positions.
/// Routes with in-segment patterns, more than 8 parameters or one past position 65,535 are not
/// `simple`: their captures take the general path. One per route of the table, kept small
/// (positions as `UInt16`).
struct CapturePlan {
    var layout: SegmentLayout
    var simple: Bool
    var captureCount: UInt8
    var positions: (UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16)

    /// The plan of `route`.
    init(_ route: CompiledRoute) {
        layout = route.layout
        simple = true
        positions = (0, 0, 0, 0, 0, 0, 0, 0)
        var captured: [UInt16] = []
        for (position, element) in route.elements.enumerated() {
            switch element {
            case .parameter, .constrained:
                guard let position = UInt16(exactly: position) else {
                    simple = false
                    continue
                }
                captured.append(position)
            case .composite: simple = false
            case .literal, .wildcard, .catchAll: break
            }
        }
        if captured.count > 8 { simple = false }
        captureCount = UInt8(captured.prefix(8).count)
        withUnsafeMutableBytes(of: &positions) { bytes in
            for (slot, position) in captured.prefix(8).enumerated() {
                bytes.storeBytes(of: position, toByteOffset: slot * 2, as: UInt16.self)
            }
        }
    }

    /// Calls `body` with the segment of each capturing position, in order (simple plans only).
    @inline(__always)
    func forEachCapturedSegment(segmentCount: Int, _ body: (Int) -> Void) {
        withUnsafeBytes(of: positions) { positions in
            for slot in 0..<Int(captureCount) {
                let position = Int(positions.load(fromByteOffset: slot * 2, as: UInt16.self))
                body(layout.segment(at: position, segmentCount: segmentCount))
            }
        }
    }
}
#endif
