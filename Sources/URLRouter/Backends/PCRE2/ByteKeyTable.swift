#if PCRE2

/// Byte strings to small integers, looked up straight from a buffer: open addressing over one
/// flat buffer of slots, with the keys' bytes in a second buffer, so a lookup hashes once
/// (``ByteHash/words(_:folding:)``, eight bytes a step), compares a word at a time, and neither
/// allocates nor touches a reference count. The PCRE2 matcher keeps two: first segments to shard
/// selectors (``ShardPlan``) and whole literal paths to their routes (``LiteralRoutes``).
///
/// Owns its two buffers: allocated and filled in `init`, read-only afterwards, freed in `deinit`.
/// Lookups go through ``index``, which borrows them.
// @unchecked: the buffers are written only in init.
final class ByteKeyTable: @unchecked Sendable {
    /// One slot: the key's hash and length, where its bytes are, and its value.
    struct Slot {
        var hash: UInt64 = 0
        var value: Int32 = -1  // -1: empty
        var length: Int32 = 0
        var offset: Int = 0
    }

    /// What a lookup reads: the table's buffers, borrowed. Trivially copyable, so a matcher
    /// holds it inline and a lookup that reads it retains nothing.
    struct Index {
        let mask: Int
        let slots: UnsafeMutablePointer<Slot>
        let bytes: UnsafeMutablePointer<UInt8>

        /// The value of `key` (its ASCII letters lowered first when `folding`), or `nil`.
        func lookup(_ key: UnsafeBufferPointer<UInt8>, folding: Bool) -> Int? {
            let hash = ByteHash.words(key, folding: folding)
            var position = Int(truncatingIfNeeded: hash) & mask
            while true {
                let slot = slots[position]
                guard slot.value >= 0 else { return nil }
                if slot.hash == hash, Int(slot.length) == key.count,
                    ByteHash.equal(key, UnsafePointer(bytes + slot.offset), folding: folding)
                {
                    return Int(slot.value)
                }
                position = (position + 1) & mask
            }
        }
    }

    let slots: UnsafeMutableBufferPointer<Slot>
    let bytes: UnsafeMutableBufferPointer<UInt8>
    let index: Index

    /// The table of `entries`, whose keys are distinct (and already case-folded when lookups fold).
    init(_ entries: [(key: [UInt8], value: Int)]) {
        var capacity = 8
        while capacity < entries.count * 2 { capacity *= 2 }
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: Slot())
        bytes = .allocate(capacity: max(1, entries.reduce(0) { $0 + $1.key.count }))
        let mask = capacity - 1
        var used = 0
        for (key, value) in entries {
            let hash = key.withUnsafeBufferPointer { ByteHash.words($0, folding: false) }
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot].value >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Slot(hash: hash, value: Int32(value), length: Int32(key.count), offset: used)
            for byte in key {
                bytes[used] = byte
                used += 1
            }
        }
        index = Index(mask: mask, slots: slots.baseAddress!, bytes: bytes.baseAddress!)
    }

    deinit {
        slots.deallocate()
        bytes.deallocate()
    }
}
#endif
