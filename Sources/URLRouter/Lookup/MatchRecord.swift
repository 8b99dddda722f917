/// What an owning match holds: the winning route and the normalized URL's parts, stored flat, as
/// the answer step copies them out of a lookup's lent buffers.
///
/// A value with few references (the table's registrations, the URL, a scheme that is not small,
/// and a box for what most matches lack): a table's owning match (``RouteTable/Match``) is one of
/// these and its value, with nothing allocated for a URL with no `%` and no rewrite; a
/// ``RouteMatch`` wraps one. The winner is kept as its handle among the table's registrations, so
/// that making and dropping a match retains one object for it, not each of a registration's parts.
@usableFromInline
struct MatchRecord: Sendable {
    /// The table's registrations.
    let store: RegistrationStore
    /// The winning registration's handle in ``store``.
    @usableFromInline let handle: Int
    /// The URL that was matched: the caller's, or the rewritten one.
    @usableFromInline let routedURL: String
    /// The segments, when they are the `/`-separated parts of one run of ``storage`` (nearly every
    /// URL): that run, from which ``segmentRanges`` splits them when asked; else they are in
    /// ``rare``. Kept as the run rather than packed: only the tools read a match's segments.
    let segmentRun: Range<Int32>?
    /// The captured values, packed, when they fit (else they are in ``rare``): copying a packed
    /// value copies bits, where a ``RangeList`` (which may hold an array) is copied and destroyed
    /// through its value witnesses.
    @usableFromInline let packedCaptures: PackedRanges
    let requestScheme: String?
    let decodePlus: Bool
    let hostSpan: (Int32, Int32)
    let tail: URLTail
    let catchAllRange: Range<Int>?
    /// What most matches lack (a rewrite, escapes, extra values, more ranges than pack), in one
    /// box: a plain match then has fewer fields to retain and release.
    @usableFromInline let rare: Rare?

    /// The rarely present parts of a match.
    @usableFromInline
    final class Rare: Sendable {
        let rewrittenURL: String?
        let callerURL: String?
        let extras: RequestURL.Extras?
        let extra: [String: any Sendable]?
        /// The segments and the captures, when they do not pack.
        let segments: RangeList?
        let captures: RangeList?
        /// The host the lookup routed on, when it had one.
        let host: String?

        init(
            rewrittenURL: String?, callerURL: String?, extras: RequestURL.Extras?, extra: [String: any Sendable]?,
            segments: RangeList?, captures: RangeList?, host: String?
        ) {
            self.host = host
            self.rewrittenURL = rewrittenURL
            self.callerURL = callerURL
            self.extras = extras
            self.extra = extra
            self.segments = segments
            self.captures = captures
        }
    }

    /// The match a lookup's resolution found (its spans, ranges and rare parts), its ranges copied
    /// out of the lent buffers in place; `lookupHost`, the host the lookup routed on, lent (empty
    /// for none); `decoded`, the storage of the segments and where each is written when the lookup
    /// decoded them in its room (`written` is `nil` when it did not; the full normalization's are
    /// in `rare`); `extra`, the caller's extra values, when it has some.
    init(
        store: RegistrationStore, handle: Int, routedURL: String, scheme: String?, decodePlus: Bool,
        hostSpan: (Int32, Int32), tail: URLTail, lookupHost: UnsafeBufferPointer<UInt8>, catchAll: Range<Int>?,
        segments: RangeBuffer, segmentRun: Range<Int>?, captures: RangeBuffer, rare: Resolution.Rare?,
        decoded: (storage: UnsafeBufferPointer<UInt8>, written: UnsafePointer<Range<Int>>?),
        extra: borrowing [String: any Sendable]?, callerURL: String?
    ) {
        self.store = store
        self.handle = handle
        self.routedURL = routedURL
        self.requestScheme = scheme
        self.decodePlus = decodePlus
        self.hostSpan = hostSpan
        self.tail = tail
        self.catchAllRange = catchAll
        let run: Range<Int32>? =
            if segments.isEmpty {
                0..<0
            } else if let segmentRun, segmentRun.upperBound <= Int(Int32.max) {
                Int32(segmentRun.lowerBound)..<Int32(segmentRun.upperBound)
            } else {
                nil
            }
        let packedCaptures = PackedRanges(captures)
        self.segmentRun = run
        self.packedCaptures = packedCaptures ?? PackedRanges()
        let packs = run != nil && packedCaptures != nil
        // A resolution without its rare parts has no rewrite and no full normalization.
        let hasExtra = extra.map { !$0.isEmpty } ?? false
        guard !packs || rare != nil || decoded.written != nil || callerURL != nil || hasExtra || !lookupHost.isEmpty
        else {
            self.rare = nil
            return
        }
        let extras =
            rare?.request?.extras
            ?? Resolution.extras(storage: decoded.storage, segmentCount: segments.count, written: decoded.written)
        self.rare = Rare(
            rewrittenURL: rare?.rewrittenURL, callerURL: callerURL, extras: extras,
            extra: hasExtra ? copy extra : nil,
            segments: packs ? nil : RangeList(segments), captures: packs ? nil : RangeList(captures),
            host: lookupHost.isEmpty ? nil : String(decoding: lookupHost, as: UTF8.self))
    }

    /// The winning registration.
    var route: RouteRegistration { store.registrations[handle].unsafelyUnwrapped }
    /// The URL the caller passed.
    var url: String { rare?.callerURL ?? routedURL }
    /// The URL's extras (decoded storage, decoded host, where escaped segments were written).
    var extras: RequestURL.Extras? { rare?.extras }
    /// The caller's extra values, when there are some.
    var extra: [String: any Sendable]? { rare?.extra }
    /// The segments of the normalized URL, as ranges of ``storage``.
    var segmentRanges: RangeList {
        if let segments = rare?.segments { return segments }
        guard let run = segmentRun.map({ Int($0.lowerBound)..<Int($0.upperBound) }), !run.isEmpty else {
            return RangeList()
        }
        // A run is its segments, each one `/` after the last (a decoded segment holds no `/`).
        var storage = storage
        return storage.withUTF8 { bytes in
            var ranges = RangeList()
            var start = run.lowerBound
            for index in run where bytes[index] == UInt8(ascii: "/") {
                ranges.append(start..<index)
                start = index + 1
            }
            ranges.append(start..<run.upperBound)
            return ranges
        }
    }
    /// Path parameter `index`'s value, copied from the URL, when the captures pack and no value
    /// holds an escape (no ``rare`` box).
    @inline(__always)
    func packedParameter(at index: Int) -> String {
        let range = packedCaptures[index]
        return routedURL.utf8.withContiguousStorageIfAvailable {
            String(copyingUTF8: UnsafeBufferPointer(rebasing: $0[range]))
        } ?? String(routedURL.utf8Slice(range))
    }
    /// The captured values, as ranges of ``storage``.
    var captures: RangeList { rare?.captures ?? RangeList(packedCaptures) }
    /// The text holding the segments' comparison forms: the routed URL unless a segment had escapes.
    var storage: String { rare?.extras?.decoded ?? routedURL }
    /// Whether values may hold `%2F`/`%25` (only decoded storage does).
    var mayHoldEscapes: Bool { rare?.extras?.decoded != nil }

    /// The normalized URL that was matched.
    var request: RequestURL {
        RequestURL(
            url: routedURL, segmentRanges: segmentRanges, scheme: requestScheme, decodePlus: decodePlus,
            hostSpan: hostSpan, tail: tail, extras: extras)
    }

    /// The segments the catch-all took, decoded and joined by `/`, when the route has one.
    var catchall: String? {
        catchAllRange.map { range in
            segmentRanges[range].map { PercentCoding.decodeComparisonForm(storage.utf8Slice($0)) }
                .joined(separator: "/")
        }
    }
}
