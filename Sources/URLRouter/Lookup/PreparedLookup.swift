/// A lookup between steps 3 and 4 (see ``CompiledTable``): the request as the table prepared it
/// (length checked, rewritten, scanned or normalized, request checks passed), and what the match
/// needs, lent for one call.
///
/// A table's own lookups match it once and answer (`CompiledTable+Answer.swift`). The handler
/// router, a layer above the core, may first drop its first segment and match shorter runs of its
/// segments before it answers.
package struct PreparedLookup: ~Copyable {
    /// What steps 1 to 3 found, and, once matched, step 4.
    var resolution: Resolution
    /// The request's method, as the table compares it.
    let method: MethodFilter
    /// The acceptable variants, in preference order.
    let variants: UnsafeBufferPointer<String>
    /// The room the matcher writes the winner's captures to.
    let captureRoom: RangeBuffer
    /// Whether the lookup charges its user regexes' work to ``budget``.
    let charging: Bool
    /// What the lookup's user regexes may still cost.
    var budget: WorkBudget

    @inline(__always)
    init(
        resolution: consuming Resolution, method: MethodFilter, variants: UnsafeBufferPointer<String>,
        captureRoom: RangeBuffer, charging: Bool, budget: WorkBudget = WorkBudget()
    ) {
        self.resolution = resolution
        self.method = method
        self.variants = variants
        self.captureRoom = captureRoom
        self.charging = charging
        self.budget = budget
    }

    /// A lookup that ended before its URL was scanned: nothing to match.
    init(miss reason: RouteMiss.Reason, detail: String) {
        self.init(
            resolution: Resolution(miss: reason, detail: detail), method: .any,
            variants: UnsafeBufferPointer(start: nil, count: 0), captureRoom: RangeBuffer(), charging: false)
    }
}

extension PreparedLookup {
    /// What the matcher is asked: the prepared request's segments, method and variants.
    @inline(__always)
    var matchRequest: MatchRequest {
        MatchRequest(
            bytes: resolution.storage, segments: resolution.segments, segmentRun: resolution.segmentRun,
            scheme: resolution.scheme, method: method, variants: variants, captureRoom: captureRoom)
    }

    /// The number of segments the request has.
    package var segmentCount: Int { resolution.segments.count }

    /// Why the last match found no winner, `nil` when it found one; for a lookup that ended
    /// before matching, why it ended.
    package var reason: RouteMiss.Reason? {
        get { resolution.reason }
        set { resolution.reason = newValue }
    }

    /// The first segment in comparison form (escapes decoded but `%2F` and `%25`), `nil` when the
    /// request has no segment or was not scanned.
    package var firstSegment: Substring? {
        guard resolution.scanned, let first = resolution.segments.first else { return nil }
        return Substring(decoding: UnsafeBufferPointer(rebasing: resolution.storage[first]), as: UTF8.self)
    }

    /// Drops the first segment: the request is matched, and its path reported, without it.
    package mutating func dropFirstSegment() {
        guard resolution.scanned, !resolution.segments.isEmpty else { return }
        resolution.segments = resolution.segments.droppingFirst()
        if let run = resolution.segmentRun {
            resolution.segmentRun = resolution.segments.first.map { $0.lowerBound..<run.upperBound }
        }
        resolution.request?.removeFirstSegment()
    }

    /// Charges `steps` to the lookup's work budget: `false` when they do not fit, and the budget is
    /// then spent.
    package mutating func charge(_ steps: Int) -> Bool {
        budget.charge(steps)
    }
}

@available(*, unavailable, message: "a PreparedLookup lends bytes for one call")
extension PreparedLookup: Sendable {}
