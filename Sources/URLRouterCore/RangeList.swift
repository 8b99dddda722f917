/// A list of UTF-8 byte ranges that keeps up to eight ranges inline, without a heap allocation.
///
/// Segments of a URL and captured values are ranges of one text; a lookup on a typical URL
/// (up to eight segments or captures) then allocates nothing for them, and copying the list
/// retains nothing.
public struct RangeList: Sendable, RandomAccessCollection, Hashable, CustomStringConvertible {
    @usableFromInline var inline = InlineArray<8, UInt64>(repeating: 0)
    @usableFromInline var overflow: [Range<Int>]?
    @usableFromInline var storedCount = 0
    /// The number of ranges.
    @inlinable public var count: Int { storedCount }

    /// An empty list.
    @inlinable
    public init() {}

    /// A list of `count` (at most eight) ranges packed as `lowerBound << 32 | upperBound`.
    @inlinable
    init(packed: InlineArray<8, UInt64>, count: Int) {
        inline = packed
        storedCount = count
    }

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
        let packed = inline[position]
        return Int(packed >> 32)..<Int(packed & 0xFFFF_FFFF)
    }

    /// Adds a range at the end.
    @inlinable
    public mutating func append(_ range: Range<Int>) {
        if overflow != nil {
            overflow!.append(range)
        } else if count < 8, range.upperBound <= Int(UInt32.max) {
            let packed = UInt64(range.lowerBound) << 32 | UInt64(range.upperBound)
            inline[count] = packed
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
