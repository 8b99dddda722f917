public import Synchronization

/// The current snapshot of a ``LiveRouteTable``: published under a lock by a swap, and read by
/// lookups through each thread's own copy (``ThreadSnapshots``), without the lock.
///
/// A swap stores the new snapshot, then its version, with release ordering; a lookup loads the
/// version with acquire ordering and uses its thread's copy when that is as new, so it never
/// sees a version without its table.
@usableFromInline
final class PublishedSnapshot: Sendable {
    private let published: LockedValue<(snapshot: any ThreadCopyable, version: Int)>
    @usableFromInline let versions: Atomic<Int>
    @usableFromInline let identity = ThreadSnapshots.newOwner()
    /// ``ThreadSnapshots/key``, read once here rather than through its lazy global per lookup.
    @usableFromInline let key = ThreadSnapshots.key

    /// Publishes `snapshot` as `version`.
    init(_ snapshot: any ThreadCopyable, version: Int) {
        published = LockedValue((snapshot, version))
        versions = Atomic(version)
    }

    /// The current snapshot, as this thread's copy.
    // Inlinable: a call from another module costs a live table's lookups more than inlining it
    // (Benchmarks/instructions, the live counts).
    @inlinable
    func current() -> AnyObject {
        let wanted = versions.load(ordering: .acquiring)
        if let copies = key.value,
            let copy = copies.assumingMemoryBound(to: ThreadSnapshots.self).pointee.snapshot(
                of: identity, wanted: wanted)
        {
            return copy
        }
        return refreshed(wanted: wanted)
    }

    /// This thread's copy, made or replaced: the first lookup on a thread, or the first after a swap.
    @usableFromInline
    func refreshed(wanted: Int) -> AnyObject {
        ThreadSnapshots.snapshot(of: identity, wanted: wanted, key: key) {
            published.withLock { ($0.snapshot, generation: $0.version) }
        }
    }

    /// Replaces the snapshot, unless it is already as new as `version` (two threads that built
    /// tables at once publish the newer): lookups that start after this returns use the newer;
    /// those under way finish on theirs.
    func publish(_ snapshot: any ThreadCopyable, version: Int) {
        let replaced = published.withLock { current -> (any ThreadCopyable)? in
            guard current.version < version else { return nil }
            defer {
                current = (snapshot, version)
                versions.store(version, ordering: .releasing)
            }
            return current.snapshot
        }
        // Released outside the lock: freeing a table may take a while.
        _ = consume replaced
    }
}
