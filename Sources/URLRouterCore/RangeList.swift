/// A list of UTF-8 byte ranges that keeps up to eight ranges inline, without a heap allocation.
///
/// Segments of a URL and captured values are ranges of one text; a lookup on a typical URL
/// (up to eight segments or captures) then allocates nothing for them, and copying the list
/// retains nothing.
public struct RangeList: Sendable, RandomAccessCollection, Hashable, CustomStringConvertible {
    @usableFromInline var inline: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    @usableFromInline var overflow: [Range<Int>]?
    @usableFromInline var storedCount = 0
    /// The number of ranges.
    @inlinable public var count: Int { storedCount }

    /// An empty list.
    @inlinable
    public init() {}

    /// A list of `ranges`.
    public init<S: Sequence<Range<Int>>>(_ ranges: S) {
        for range in ranges { append(range) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    @inlinable
    public subscript(position: Int) -> Range<Int> {
        precondition(position >= 0 && position < count, "range index out of bounds")
        if let overflow { return overflow[position] }
        let packed: UInt64
        switch position {
        case 0: packed = inline.0
        case 1: packed = inline.1
        case 2: packed = inline.2
        case 3: packed = inline.3
        case 4: packed = inline.4
        case 5: packed = inline.5
        case 6: packed = inline.6
        default: packed = inline.7
        }
        return Int(packed >> 32)..<Int(packed & 0xFFFF_FFFF)
    }

    /// Adds a range at the end.
    @inlinable
    public mutating func append(_ range: Range<Int>) {
        if overflow != nil {
            overflow!.append(range)
        } else if count < 8, range.upperBound <= Int(UInt32.max) {
            let packed = UInt64(range.lowerBound) << 32 | UInt64(range.upperBound)
            switch count {
            case 0: inline.0 = packed
            case 1: inline.1 = packed
            case 2: inline.2 = packed
            case 3: inline.3 = packed
            case 4: inline.4 = packed
            case 5: inline.5 = packed
            case 6: inline.6 = packed
            default: inline.7 = packed
            }
        } else {
            overflow = Array(self) + [range]
        }
        storedCount += 1
    }

    /// Adds every range of `ranges` at the end.
    @inlinable
    public mutating func append(contentsOf ranges: RangeList) {
        for range in ranges { append(range) }
    }

    /// Inserts a range at the front.
    public mutating func prepend(_ range: Range<Int>) {
        let rest = Array(self)
        self = RangeList([range] + rest)
    }

    /// Removes the first range.
    public mutating func removeFirst() {
        let rest = Array(dropFirst())
        self = RangeList(rest)
    }

    /// The first `count` ranges.
    public func prefix(_ count: Int) -> RangeList {
        RangeList(self[0..<Swift.min(count, self.count)])
    }

    public var description: String { Array(self).description }

    public static func == (lhs: RangeList, rhs: RangeList) -> Bool { lhs.elementsEqual(rhs) }
    public func hash(into hasher: inout Hasher) {
        for range in self { hasher.combine(range) }
    }
}
