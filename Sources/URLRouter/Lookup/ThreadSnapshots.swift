import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A snapshot each thread looks up through a copy of its own: ``ThreadSnapshots`` keeps it.
@usableFromInline protocol ThreadCopyable: AnyObject, Sendable {
    /// A new object sharing this one's contents, for one thread to keep.
    func threadCopy() -> AnyObject
}

/// Each thread's copies of the snapshots it used last, one per owner (a `Router` or a
/// ``LiveRouteTable``), for a few owners: the one mechanism by which every lookup of a table that
/// can change finds the current table without a lock.
///
/// A copy is an object of the thread's own, sharing the table: retaining it for a lookup writes
/// only to this thread's cache lines, where taking the published snapshot took a lock and
/// retained one object that every core retains. A lookup finishes on the copy it started with,
/// even when a handler it runs looks up again and replaces the copy: the outer lookup holds its
/// own reference. A thread keeps the copies (and so the tables) of the last owners it used until
/// its next lookup through them after a change, until it uses others, or until it exits.
///
/// Ownership: each thread's slots are allocated on its first lookup and hold one retain on each
/// copy; the thread-specific slot's destructor releases them and frees the slots when the thread
/// exits. Only their own thread reads or writes them.
@usableFromInline
struct ThreadSnapshots {
    /// How many owners a thread keeps copies for; beyond that, copies are replaced in turn.
    @inlinable static var capacity: Int { 4 }
    /// The slots, as a tuple: `InlineArray` needs macOS 26, URLRouter supports macOS 15.
    @usableFromInline var slots = (Slot(), Slot(), Slot(), Slot())

    /// The slot at `index`, from 0 to ``capacity`` - 1.
    @inlinable
    subscript(slot index: Int) -> Slot {
        get {
            switch index {
            case 0: slots.0
            case 1: slots.1
            case 2: slots.2
            default: slots.3
            }
        }
        set {
            switch index {
            case 0: slots.0 = newValue
            case 1: slots.1 = newValue
            case 2: slots.2 = newValue
            default: slots.3 = newValue
            }
        }
    }

    /// One owner's copy.
    @usableFromInline
    struct Slot {
        @usableFromInline var owner = -1  // owner identities start at 1
        /// The owner's change count when the copy's snapshot was published.
        @usableFromInline var generation = -1
        @usableFromInline var snapshot: Unmanaged<AnyObject>?
    }
    /// The slot the next new owner takes.
    var next = 0

    /// A new owner's identity, unique in the process (an address could be reused by a later owner).
    static func newOwner() -> Int { identities.add(1, ordering: .relaxed).newValue }
    private static let identities = Atomic<Int>(0)

    /// The snapshot of `owner` for a lookup on this thread: this thread's copy when it is of
    /// generation `wanted` or later, found without a lock; otherwise a copy of `published()`'s
    /// (a snapshot and its generation), kept for the next lookups.
    static func snapshot(
        of owner: Int, wanted: Int, key: ThreadSpecificKey, published: () -> (any ThreadCopyable, generation: Int)
    ) -> AnyObject {
        let copies = current(key: key)
        if let copy = copies.pointee.snapshot(of: owner, wanted: wanted) { return copy }
        let (shared, generation) = published()
        let copy = shared.threadCopy()
        let replaced = copies.pointee.keep(copy, generation: generation, of: owner)
        replaced?.release()
        return copy
    }

    /// This thread's copy for `owner`, if it has one of generation `wanted` or later.
    @inlinable
    func snapshot(of owner: Int, wanted: Int) -> AnyObject? {
        for index in 0..<ThreadSnapshots.capacity {
            let slot = self[slot: index]
            if slot.owner == owner { return slot.generation >= wanted ? slot.snapshot?.takeUnretainedValue() : nil }
        }
        return nil
    }

    /// Keeps `snapshot` as this thread's copy for `owner`; returns the copy it replaces, for the
    /// caller to release once this access has ended (releasing it may run code that looks up).
    mutating func keep(_ snapshot: AnyObject, generation: Int, of owner: Int) -> Unmanaged<AnyObject>? {
        var slot = next
        if let index = (0..<ThreadSnapshots.capacity).first(where: { self[slot: $0].owner == owner }) {
            slot = index
        } else {
            next = (next + 1) % ThreadSnapshots.capacity
        }
        let replaced = self[slot: slot].snapshot
        self[slot: slot] = Slot(owner: owner, generation: generation, snapshot: Unmanaged.passRetained(snapshot))
        return replaced
    }

    /// The thread-specific slot holding each thread's copies (a lazy global: hot paths read it once
    /// into a stored property).
    static let key = ThreadSpecificKey { pointer in
        guard let pointer else { return }
        _ = ThreadSnapshots.allThreads.withLock { $0.remove(Int(bitPattern: pointer)) }
        let copies = pointer.assumingMemoryBound(to: ThreadSnapshots.self)
        for slot in 0..<ThreadSnapshots.capacity { copies.pointee[slot: slot].snapshot?.release() }
        copies.deinitialize(count: 1)
        copies.deallocate()
    }

    /// This thread's copies, made on first use.
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

/// Only their own thread touches a thread's copies.
@available(*, unavailable, message: "one thread's copies")
extension ThreadSnapshots: Sendable {}

@available(*, unavailable, message: "one thread's copies")
extension ThreadSnapshots.Slot: Sendable {}
