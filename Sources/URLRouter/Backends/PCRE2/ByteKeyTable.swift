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

/// The hash of ``ByteKeyTable``'s keys and the comparison that goes with it, both a word at a time,
/// each able to fold ASCII letters to lower case first (for routers that fold case).
enum ByteHash {
    /// A hash of `bytes` taken eight bytes at a step (`A-Z` lowered first when `folding`), for
    /// lookups on the request path: a 40-byte path costs five steps where FNV-1a takes forty. A
    /// key of eight bytes or more ends with its last eight bytes (overlapping the step before),
    /// a shorter one is read byte by byte, so nothing past the key is ever read.
    static func words(_ bytes: UnsafeBufferPointer<UInt8>, folding: Bool) -> UInt64 {
        let count = bytes.count
        var hash: UInt64 = 0x9e37_79b9_7f4a_7c15 ^ UInt64(truncatingIfNeeded: count)
        guard let base = bytes.baseAddress else { return finish(hash) }
        let raw = UnsafeRawPointer(base)
        if count < 8 { return finish(step(hash, shortWord(raw, count, folding: folding))) }
        var offset = 0
        while offset + 8 <= count {
            hash = step(hash, word(raw, offset, folding: folding))
            offset += 8
        }
        if offset < count { hash = step(hash, word(raw, count - 8, folding: folding)) }
        return finish(hash)
    }

    /// Whether `key` equals the `key.count` bytes at `stored` (which are already folded when
    /// `folding`), compared as ``words(_:folding:)`` reads them.
    static func equal(_ key: UnsafeBufferPointer<UInt8>, _ stored: UnsafePointer<UInt8>, folding: Bool) -> Bool {
        let count = key.count
        guard let base = key.baseAddress else { return true }
        let (lhs, rhs) = (UnsafeRawPointer(base), UnsafeRawPointer(stored))
        if count < 8 { return shortWord(lhs, count, folding: folding) == shortWord(rhs, count, folding: false) }
        var offset = 0
        while offset + 8 <= count {
            guard word(lhs, offset, folding: folding) == word(rhs, offset, folding: false) else { return false }
            offset += 8
        }
        return offset == count || word(lhs, count - 8, folding: folding) == word(rhs, count - 8, folding: false)
    }

    static func step(_ hash: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (hash ^ word) &* 0xff51_afd7_ed55_8ccd
        return mixed ^ (mixed >> 32)
    }

    static func finish(_ hash: UInt64) -> UInt64 {
        let mixed = (hash ^ (hash >> 33)) &* 0xc4ce_b9fe_1a85_ec53
        return mixed ^ (mixed >> 33)
    }

    /// The eight bytes at `offset`, lowered when `folding`.
    static func word(_ raw: UnsafeRawPointer, _ offset: Int, folding: Bool) -> UInt64 {
        let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        return folding ? lowered(word) : word
    }

    /// The `count` (< 8) bytes at `raw`, zero-padded, lowered when `folding`.
    static func shortWord(_ raw: UnsafeRawPointer, _ count: Int, folding: Bool) -> UInt64 {
        var word: UInt64 = 0
        for index in 0..<count { word |= UInt64(raw.load(fromByteOffset: index, as: UInt8.self)) << (8 * index) }
        return folding ? lowered(word) : word
    }

    /// `word` with every byte in `A-Z` lowered, all eight at once (``asciiLower(_:)`` per byte).
    static func lowered(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high = ones &* 0x80
        let low7 = word & ~high
        // The high bit of each byte: set where its low seven bits are at least `A`, and where above `Z`.
        let atLeastA = low7 &+ ones &* (0x80 - 0x41)
        let aboveZ = low7 &+ ones &* (0x80 - 0x5B)
        let upper = (atLeastA ^ aboveZ) & ~word & high
        return word | (upper >> 2)
    }
}
#endif
