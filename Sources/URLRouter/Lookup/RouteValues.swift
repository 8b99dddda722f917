/// The values of a ``RouteTable``, by handle: owns the buffer, allocated and filled in `init`,
/// never written afterwards, freed once in `deinit`.
// @unchecked: the buffer is immutable after init, and `Value` is Sendable.
@usableFromInline
final class RouteValues<Value: Sendable>: @unchecked Sendable {
    /// Room for at least one value (an empty table still has a base address); the first
    /// ``count`` are initialized.
    @usableFromInline let values: UnsafeMutableBufferPointer<Value>
    let count: Int

    init(_ values: [Value]) {
        self.values = .allocate(capacity: max(1, values.count))
        _ = self.values.initialize(from: values)
        self.count = values.count
    }

    deinit {
        UnsafeMutableBufferPointer(rebasing: values[..<count]).deinitialize()
        values.deallocate()
    }

    /// The value of `handle`, lent for as long as the table lives.
    @inlinable
    func pointer(_ handle: Int) -> UnsafePointer<Value> {
        UnsafePointer(values.baseAddress.unsafelyUnwrapped + handle)
    }
}
