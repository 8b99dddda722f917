#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Each thread's copies of the snapshots it used last, one per router, for a few routers.
///
/// A copy is a `Snapshot` of the thread's own, sharing the table: retaining it for a lookup
/// writes only to this thread's cache lines, where taking the published snapshot took a lock and
/// retained one object that every core retains. A handler that looks up again (even after
/// registering) is safe: its lookup may replace the copy, but the outer lookup holds its own
/// reference. A thread keeps the copies (and so the tables) of the last routers it used until it
/// uses others or exits.
///
/// Ownership: each thread's slots are allocated on its first lookup and hold one retain on each
/// copy; the thread-specific slot's destructor releases them and frees the slots when the thread
/// exits. Only their own thread reads or writes them.
struct ThreadSnapshots {
    /// How many routers a thread keeps copies for; beyond that, copies are replaced in turn.
    static let capacity = 4
    var routers = InlineArray<4, Int>(repeating: -1)  // router identities start at 1
    var snapshots = InlineArray<4, Unmanaged<Router.Snapshot>?>(repeating: nil)
    /// The slot the next new router takes.
    var next = 0

    /// This thread's copy for `router`, if it has one.
    @inline(__always)
    func snapshot(of router: Int) -> Router.Snapshot? {
        for slot in 0..<ThreadSnapshots.capacity where routers[slot] == router {
            return snapshots[slot]?.takeUnretainedValue()
        }
        return nil
    }

    /// Keeps `snapshot` as this thread's copy for `router`; returns the copy it replaces, for the
    /// caller to release once this access has ended (releasing it may run code that looks up).
    mutating func keep(_ snapshot: Router.Snapshot, of router: Int) -> Unmanaged<Router.Snapshot>? {
        var slot = next
        if let index = (0..<ThreadSnapshots.capacity).first(where: { routers[$0] == router }) {
            slot = index
        } else {
            next = (next + 1) % ThreadSnapshots.capacity
        }
        let replaced = snapshots[slot]
        routers[slot] = router
        snapshots[slot] = Unmanaged.passRetained(snapshot)
        return replaced
    }

    /// The thread-specific slot holding each thread's copies (a lazy global: hot paths read it once
    /// into a stored property).
    static let key = ThreadSpecificKey { pointer in
        guard let pointer else { return }
        _ = ThreadSnapshots.allThreads.withLock { $0.remove(Int(bitPattern: pointer)) }
        let copies = pointer.assumingMemoryBound(to: ThreadSnapshots.self)
        for slot in 0..<ThreadSnapshots.capacity { copies.pointee.snapshots[slot]?.release() }
        copies.deinitialize(count: 1)
        copies.deallocate()
    }

    /// This thread's copies, made on first use.
    @inline(__always)
    static func current(key: ThreadSpecificKey) -> UnsafeMutablePointer<ThreadSnapshots> {
        if let pointer = key.value { return pointer.assumingMemoryBound(to: ThreadSnapshots.self) }
        let copies = UnsafeMutablePointer<ThreadSnapshots>.allocate(capacity: 1)
        copies.initialize(to: ThreadSnapshots())
        key.set(copies)
        allThreads.withLock { _ = $0.insert(Int(bitPattern: copies)) }
        return copies
    }

    /// Every live thread's slots, by address. Nothing reads it: it keeps the slots reachable from
    /// a global, where LeakSanitizer looks, rather than only from thread-specific storage, where
    /// it does not (it reported the copies of live threads as leaks).
    static let allThreads = LockedValue<Set<Int>>([])
}
