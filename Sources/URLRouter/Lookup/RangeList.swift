/// A list of UTF-8 byte ranges that keeps up to eight ranges inline, without a heap allocation.
///
/// Segments of a URL and captured values are ranges of one text; a lookup on a typical URL
/// (up to eight segments or captures) then allocates nothing for them, and copying the list
/// retains nothing.
@usableFromInline
package struct RangeList: Sendable, RandomAccessCollection, Hashable, CustomStringConvertible {
    // A tuple rather than an `InlineArray`: copying a list (which holds a reference, the
    // overflow) then copies these words inline instead of through a generic value witness.
    @usableFromInline var inline: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (
        0, 0, 0, 0, 0, 0, 0, 0
    )
    @usableFromInline var overflow: [Range<Int>]?
    @usableFromInline var storedCount = 0
    /// The number of ranges.
    @inlinable package var count: Int { storedCount }

    /// An empty list.
    @inlinable
    package init() {}

    /// A list of `ranges`.
    package init<S: Sequence<Range<Int>>>(_ ranges: S) {
        for range in ranges { append(range) }
    }

    @inlinable package var startIndex: Int { 0 }
    @inlinable package var endIndex: Int { count }

    @inlinable
    package subscript(position: Int) -> Range<Int> {
        precondition(position >= 0 && position < count, "range index out of bounds")
        if let overflow { return overflow[position] }
        let packed = withUnsafeBytes(of: inline) { $0.load(fromByteOffset: position &* 8, as: UInt64.self) }
        return Int(packed >> 32)..<Int(packed & 0xFFFF_FFFF)
    }

    /// Adds a range at the end.
    @inlinable
    package mutating func append(_ range: Range<Int>) {
        if overflow != nil {
            overflow!.append(range)
        } else if count < 8, range.upperBound <= Int(UInt32.max) {
            let packed = UInt64(range.lowerBound) << 32 | UInt64(range.upperBound)
            let slot = count
            withUnsafeMutableBytes(of: &inline) { $0.storeBytes(of: packed, toByteOffset: slot &* 8, as: UInt64.self) }
        } else {
            overflow = Array(self) + [range]
        }
        storedCount += 1
    }

    /// Adds every range of `ranges` at the end.
    @inlinable
    package mutating func append(contentsOf ranges: RangeList) {
        for range in ranges { append(range) }
    }

    /// A list of the ranges of `buffer`.
    @inline(__always)
    package init(_ buffer: RangeBuffer) {
        let count = buffer.count
        guard count > 0, let base = buffer.base else { return }
        var fits = count <= 8
        for index in 0..<count where base[index].upperBound > Int(UInt32.max) { fits = false }
        guard fits else {
            overflow = Array(UnsafeBufferPointer(start: base, count: count))
            storedCount = count
            return
        }
        withUnsafeMutablePointer(to: &inline) { tuple in
            let words = UnsafeMutableRawPointer(tuple).assumingMemoryBound(to: UInt64.self)
            for index in 0..<count {
                words[index] =
                    UInt64(truncatingIfNeeded: base[index].lowerBound) << 32
                    | UInt64(truncatingIfNeeded: base[index].upperBound)
            }
        }
        storedCount = count
    }

    /// Inserts a range at the front.
    package mutating func prepend(_ range: Range<Int>) {
        let rest = Array(self)
        self = RangeList([range] + rest)
    }

    /// Removes the first range.
    package mutating func removeFirst() {
        let rest = Array(dropFirst())
        self = RangeList(rest)
    }

    /// The first `count` ranges.
    package func prefix(_ count: Int) -> RangeList {
        RangeList(self[0..<Swift.min(count, self.count)])
    }

    @usableFromInline package var description: String { Array(self).description }

    @usableFromInline package static func == (lhs: RangeList, rhs: RangeList) -> Bool { lhs.elementsEqual(rhs) }
    @usableFromInline package func hash(into hasher: inout Hasher) {
        for range in self { hasher.combine(range) }
    }
}
