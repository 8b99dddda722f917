/// A list of UTF-8 byte ranges that keeps up to eight ranges inline (``PackedRanges``), without a
/// heap allocation, and any number in an array.
///
/// Segments of a URL and captured values are ranges of one text; a lookup on a typical URL
/// (up to eight segments or captures) then allocates nothing for them, and copying the list
/// retains nothing.
@_spi(Tools) public struct RangeList: Sendable, RandomAccessCollection, Hashable, CustomStringConvertible {
    var packed = PackedRanges()
    /// Every range, when they do not fit in ``packed``.
    var overflow: [Range<Int>]?
    /// The number of ranges.
    public var count: Int { overflow?.count ?? packed.count }

    /// An empty list.
    init() {}

    /// A list of `ranges`.
    init<S: Sequence<Range<Int>>>(_ ranges: S) {
        for range in ranges { append(range) }
    }

    /// A list of the ranges of `buffer`.
    init(_ buffer: RangeBuffer) {
        if let packed = PackedRanges(buffer) {
            self.packed = packed
        } else {
            overflow = Array(buffer)
        }
    }

    /// A list of `packed`'s ranges.
    init(_ packed: PackedRanges) {
        self.packed = packed
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> Range<Int> {
        if let overflow { return overflow[position] }
        return packed[position]
    }

    /// Adds a range at the end.
    mutating func append(_ range: Range<Int>) {
        if overflow != nil {
            overflow!.append(range)
        } else if !packed.append(range) {
            overflow = Array(self) + [range]
        }
    }

    /// Adds every range of `ranges` at the end.
    mutating func append(contentsOf ranges: RangeList) {
        for range in ranges { append(range) }
    }

    /// Removes the first range.
    mutating func removeFirst() {
        let rest = Array(dropFirst())
        self = RangeList(rest)
    }

    /// The first `count` ranges.
    func prefix(_ count: Int) -> RangeList {
        RangeList(self[0..<Swift.min(count, self.count)])
    }

    public var description: String { Array(self).description }

    public static func == (lhs: RangeList, rhs: RangeList) -> Bool { lhs.elementsEqual(rhs) }
    public func hash(into hasher: inout Hasher) {
        for range in self { hasher.combine(range) }
    }
}
