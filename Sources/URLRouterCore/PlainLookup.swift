/// Up to eight byte ranges held inline: the segments or captures of the fast path of a lookup.
///
/// Trivially copyable (no reference counting), so passing one to a matcher and back copies
/// 72 bytes and nothing else. Longer lists take the general path with ``RangeList``.
public struct ShortRangeList: Sendable {
    /// The most ranges a list holds.
    public static let capacity = 8
    @usableFromInline var packed = InlineArray<8, UInt64>(repeating: 0)
    @usableFromInline var storedCount = 0
    /// The number of ranges.
    @inlinable public var count: Int { storedCount }

    /// An empty list.
    @inlinable
    public init() {}

    /// Range `index`.
    @inlinable
    public subscript(index: Int) -> Range<Int> {
        let value = packed[index]
        return Int(value >> 32)..<Int(value & 0xFFFF_FFFF)
    }

    /// Adds a range at the end; `false`, changing nothing, when the list is full (or the range
    /// reaches past 4 GiB, which 32-bit offsets cannot hold).
    @inlinable
    @discardableResult
    public mutating func append(_ range: Range<Int>) -> Bool {
        guard count < ShortRangeList.capacity, range.upperBound <= Int(UInt32.max) else { return false }
        packed[storedCount] = UInt64(range.lowerBound) << 32 | UInt64(range.upperBound)
        storedCount += 1
        return true
    }

    /// The same ranges as a ``RangeList`` (whose inline form is the same: one copy).
    @inlinable
    public var rangeList: RangeList {
        RangeList(packed: packed, count: storedCount)
    }
}

/// A short ASCII token (a scheme, an HTTP method) held inline, trivially copyable.
///
/// The bytes are packed little-endian into two words, so tokens compare in two word comparisons
/// and write to a subject in two stores.
public struct ShortToken: Sendable {
    /// The most bytes a token holds (as a `String`, such a token needs no allocation).
    public static let capacity = 15
    @usableFromInline var low: UInt64 = 0
    @usableFromInline var high: UInt64 = 0
    @usableFromInline var storedCount = 0
    /// The number of bytes.
    @inlinable public var count: Int { storedCount }

    /// The token for a method: `method` upper-cased, or `nil` when it is not a token of at most 15 bytes.
    public init?(method: String) {
        // The usual ones first, without reading the string's bytes: comparing small strings
        // compares two words.
        switch method {
        case "GET": self.init(packed: 0x54_45_47, count: 3)
        case "POST": self.init(packed: 0x54_53_4F_50, count: 4)
        default:
            let token = method.utf8.withContiguousStorageIfAvailable { bytes in
                ShortToken.make(bytes, map: ShortToken.methodByte)
            }
            guard let token = token ?? nil, token.count > 0 else { return nil }
            self = token
        }
    }

    /// A method byte upper-cased, or `nil` when it is not a token character (RFC 9110 `tchar`).
    @inline(__always)
    static func methodByte(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return byte - 32
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return byte
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return byte
        default: return nil
        }
    }

    /// The token for a scheme as written: lower-cased, or `nil` when longer than 15 bytes.
    public init?<C: Collection<UInt8>>(scheme: C) {
        guard let token = ShortToken.make(scheme, map: { asciiLower($0) }) else { return nil }
        self = token
    }

    init() {}

    /// A token of at most eight bytes, packed little-endian into `packed`.
    init(packed: UInt64, count: Int) {
        low = packed
        storedCount = count
    }

    @inline(__always)
    static func make<C: Collection<UInt8>>(_ source: C, map: (UInt8) -> UInt8?) -> ShortToken? {
        var token = ShortToken()
        for byte in source {
            guard token.storedCount < ShortToken.capacity, let mapped = map(byte) else { return nil }
            let shift = UInt64(token.storedCount & 7) &* 8
            if token.storedCount < 8 {
                token.low |= UInt64(mapped) &<< shift
            } else {
                token.high |= UInt64(mapped) &<< shift
            }
            token.storedCount += 1
        }
        return token
    }

    /// Whether both tokens hold the same bytes.
    @inlinable
    public func isEqual(to other: ShortToken) -> Bool {
        low == other.low && high == other.high && storedCount == other.storedCount
    }

    /// Byte `index` (less than ``count``).
    @inlinable
    public subscript(index: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: (index < 8 ? low : high) &>> (UInt64(index & 7) &* 8))
    }

    /// Writes the bytes to `destination` in two word stores, followed by zeros up to 16 bytes:
    /// `destination` must have room for 16. Returns ``count``.
    @inlinable
    public func write(to destination: UnsafeMutablePointer<UInt8>) -> Int {
        let raw = UnsafeMutableRawPointer(destination)
        raw.storeBytes(of: low.littleEndian, as: UInt64.self)
        (raw + 8).storeBytes(of: high.littleEndian, as: UInt64.self)
        return count
    }

    /// The token as a string.
    public var string: String {
        String(unsafeUninitializedCapacity: count) { buffer in
            for index in 0..<count { buffer[index] = self[index] }
            return count
        }
    }
}

/// What the fast path of a lookup lends a matcher for one call: a URL with no `%`, whose
/// segments are ranges of the URL's own bytes. Trivially copyable.
///
/// The bytes are lent for the duration of one call and must not be kept.
public struct PlainMatchRequest {
    /// The URL's bytes.
    public var bytes: UnsafePointer<UInt8>
    /// The segments, as ranges of ``bytes``.
    public var segments: ShortRangeList
    /// When the segments are exactly the `/`-separated parts of one run of ``bytes``, that run.
    public var segmentRun: Range<Int>?
    /// The lower-cased scheme (or the default scheme), when there is one.
    public var scheme: ShortToken?
    /// The upper-cased method, when the lookup gave one.
    public var method: ShortToken?

    /// The bytes of segment `index`.
    @inlinable
    public func segmentBytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        let range = segments[index]
        return UnsafeBufferPointer(start: bytes + range.lowerBound, count: range.count)
    }
}

@available(*, unavailable, message: "a PlainMatchRequest lends bytes for one call")
extension PlainMatchRequest: Sendable {}

/// The winner of a fast-path match. Trivially copyable.
public struct PlainMatch: Sendable {
    /// The index of the route in precedence order.
    public var routeIndex = 0
    /// The captured values, as ranges of the request's bytes.
    public var captures = ShortRangeList()
    /// The segments the catch-all took, as indices into the request's segments.
    public var catchAll: Range<Int>?

    /// An empty match, to be filled in by a matcher.
    public init() {}
}

/// The answer of a fast-path match.
public enum PlainMatchOutcome: Sendable {
    /// The first route in precedence order that matches and answers; the ``PlainMatch`` holds it.
    case matched
    /// No route matches.
    case noMatch
    /// A user regex reached the work limit before the answer was known.
    case limitExceeded
    /// The winner's captures do not fit the fast path (in-segment patterns, more than eight):
    /// the lookup must take the general path.
    case needsGeneralPath
}

/// A route matcher that also serves the fast path of a lookup (see ``RoutingTable``).
public protocol PlainRouteMatcher: RouteMatcher {
    /// Finds the first route, in precedence order, that matches `request` and answers the lookup,
    /// exactly as ``RouteMatcher/firstMatch(_:budget:)`` would for the same URL.
    ///
    /// - Parameter anyMethod: match routes of every method (to tell `methodNotAllowed` from `noMatch`).
    func firstPlainMatch(
        _ request: PlainMatchRequest, anyMethod: Bool, variants: [String], budget: inout WorkBudget,
        into match: inout PlainMatch
    ) -> PlainMatchOutcome
}
