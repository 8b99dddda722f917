#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value guarded by a `pthread_mutex_t`.
///
/// URLRouter's locks are pthread mutexes rather than `Synchronization.Mutex`: on Linux the
/// latter waits with raw futex calls that ThreadSanitizer does not model, so TSan reports every
/// pair of accesses it guards as a race and cannot prove the router race-free. A pthread mutex is
/// modelled, and costs the same when uncontended.
///
/// Ownership: the mutex is allocated and initialized in `init`, destroyed and freed exactly once in
/// `deinit`; it never leaves this object.
@_spi(HandlerRouter) public final class LockedValue<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is only read or written between lock and unlock of `mutex`.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// Guards `value`.
    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` on the value with the lock held.
    public func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
