/// One position of a route in the backend-neutral representation that every backend compiles.
///
/// Backends never read user syntax: a ``RoutePattern`` is lowered to elements under the router's
/// options (a final `*` becomes ``catchAll`` or ``wildcard`` by the options).
/// Literal text is in comparison form; with ``RouterOptions/caseInsensitive`` backends compare it
/// ASCII-case-insensitively.
@_spi(Tools) public enum RouteElement: Sendable, Hashable {
    /// Exactly this segment.
    case literal(String)
    /// One non-empty segment, captured.
    case parameter
    /// One segment the regex matches as a whole, captured.
    case constrained(SharedRegex)
    /// One segment matching an in-segment pattern; its captures are captured.
    case composite(CompositePattern)
    /// Any one segment, not captured.
    case wildcard
    /// One or more segments, reported as the catch-all. At most one per route.
    case catchAll

    /// How many captures this element yields.
    var captureCount: Int {
        switch self {
        case .parameter, .constrained: return 1
        case .composite(let pattern): return pattern.captureCount
        case .literal, .wildcard, .catchAll: return 0
        }
    }
}

/// An in-segment pattern such as `img-{w}x{h}` or `*.jpg`: literal pieces with captures and stars between.
///
/// Captures and stars take as much as they can from the left while the rest still matches
/// (`{a}.{b}` on `x.y.z` gives `x.y` and `z`).
@_spi(Tools) public struct CompositePattern: Sendable, Hashable {
    /// A piece of the segment.
    enum Piece: Sendable, Hashable {
        /// Literal text in comparison form.
        case literal(String)
        /// Any text (possibly empty), captured.
        case capture
        /// Any text (possibly empty), not captured.
        case star
    }

    /// The pieces, with adjacent literals merged and repeated stars collapsed.
    let pieces: [Piece]

    /// Makes a pattern from its pieces.
    init(pieces: [Piece]) {
        var merged: [Piece] = []
        for piece in pieces {
            switch (merged.last, piece) {
            case (.literal(let a)?, .literal(let b)):
                merged[merged.count - 1] = .literal(a + b)
            case (.star?, .star):
                continue
            default:
                merged.append(piece)
            }
        }
        self.pieces = merged
    }

    /// The number of captures.
    public var captureCount: Int { pieces.reduce(0) { $0 + ($1 == .capture ? 1 : 0) } }

    /// The number of literal characters, counted as Unicode scalars after full decoding.
    public var literalCount: Int {
        pieces.reduce(0) { total, piece in
            guard case .literal(let text) = piece else { return total }
            return total + PercentCoding.decodeComparisonForm(text[...]).unicodeScalars.count
        }
    }
}
