/// Byte ranges in storage a lookup lends for one call: the segments of a URL and the values a
/// match captured.
///
/// A view (a pointer, a count and a capacity), so copying one copies three words and retains
/// nothing. The storage belongs to the call that made it (``withTemporary(capacity:_:)``) and
/// must not be used after it returns.
struct RangeBuffer: RandomAccessCollection, BitwiseCopyable {
    let base: UnsafeMutablePointer<Range<Int>>?
    /// The ranges the storage holds room for.
    let capacity: Int
    var storedCount: Int
    /// The number of ranges.
    var count: Int { storedCount }

    /// A buffer over `capacity` ranges of uninitialized storage at `base`, holding none yet.
    init(base: UnsafeMutablePointer<Range<Int>>?, capacity: Int) {
        self.base = base
        self.capacity = capacity
        self.storedCount = 0
    }

    /// An empty buffer with no storage.
    init() {
        self.init(base: nil, capacity: 0)
    }

    /// Runs `body` on an empty buffer with room for `capacity` ranges, on the stack when that is safe.
    ///
    /// Room for up to ``fixedCapacity`` ranges (the segments of a URL of about 100 bytes, and its
    /// captures) is a stack allocation of constant size, which costs a lookup less than one sized
    /// at run time.
    static func withTemporary<R>(capacity: Int, _ body: (RangeBuffer) throws -> R) rethrows -> R {
        if capacity <= fixedCapacity {
            return try withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: fixedCapacity) { storage in
                try body(RangeBuffer(base: storage.baseAddress, capacity: capacity))
            }
        }
        return try withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: capacity) { storage in
            try body(RangeBuffer(base: storage.baseAddress, capacity: capacity))
        }
    }

    /// The room ``withTemporary(capacity:_:)`` allocates at a constant size (1 KiB).
    static var fixedCapacity: Int { 64 }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> Range<Int> {
        precondition(position >= 0 && position < count, "range index out of bounds")
        return base.unsafelyUnwrapped[position]
    }

    /// Adds a range at the end; there must be room for it.
    mutating func append(_ range: Range<Int>) {
        precondition(count < capacity, "range buffer full")
        (base.unsafelyUnwrapped + storedCount).initialize(to: range)
        storedCount += 1
    }

    /// Forgets every range, keeping the storage.
    mutating func removeAll() {
        storedCount = 0
    }

    /// The ranges as an owning list.
    var rangeList: RangeList { RangeList(self) }

    /// The ranges after the first, in the same storage.
    func droppingFirst() -> RangeBuffer {
        precondition(count > 0, "no range to drop")
        var rest = RangeBuffer(base: base.unsafelyUnwrapped + 1, capacity: capacity - 1)
        rest.storedCount = count - 1
        return rest
    }
}

@available(*, unavailable, message: "a RangeBuffer points into storage lent for one call")
extension RangeBuffer: Sendable {}
