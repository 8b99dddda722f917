#if PCRE2

/// First segments to selector indices, looked up straight from a segment's bytes: open addressing
/// over one flat buffer of slots, so a lookup hashes once, neither allocates nor touches a
/// reference count, and (for keys of up to 16 bytes, held in the slot) reads one cache line.
///
/// Owns its two buffers: allocated and filled in `init`, read-only afterwards, freed in `deinit`.
/// Lookups go through ``index``, which borrows them.
// @unchecked: the buffers are written only in init.
final class FirstSegmentTable: @unchecked Sendable {
    /// One slot: the key's hash, length and first 16 bytes, and where its bytes are when longer.
    struct Slot {
        var hash: UInt64 = 0
        var value: Int32 = -1  // -1: empty
        var length: Int32 = 0
        var offset: Int = 0
        var head: (UInt64, UInt64) = (0, 0)
    }

    /// What a lookup reads: the table's buffers, borrowed. Trivially copyable, so a matcher
    /// holds it inline and a lookup that reads it retains nothing.
    struct Index {
        let mask: Int
        let slots: UnsafeMutablePointer<Slot>
        let bytes: UnsafeMutablePointer<UInt8>

        /// The value of `segment` (folded first when `folding`), or `nil`.
        @inline(__always)
        func lookup(_ segment: UnsafeBufferPointer<UInt8>, folding: Bool) -> Int? {
            let hash = ByteHash.fnv1a(segment, folding: folding)
            var position = Int(truncatingIfNeeded: hash) & mask
            while true {
                let slot = slots[position]
                guard slot.value >= 0 else { return nil }
                if slot.hash == hash, Int(slot.length) == segment.count {
                    let head = FirstSegmentTable.head(segment, folding: folding)
                    if head == slot.head {
                        guard segment.count > 16 else { return Int(slot.value) }
                        var equal = true
                        for index in 16..<segment.count {
                            let byte = folding ? asciiLower(segment[index]) : segment[index]
                            if bytes[slot.offset + index] != byte {
                                equal = false
                                break
                            }
                        }
                        if equal { return Int(slot.value) }
                    }
                }
                position = (position + 1) & mask
            }
        }
    }

    let slots: UnsafeMutableBufferPointer<Slot>
    let bytes: UnsafeMutableBufferPointer<UInt8>
    let index: Index

    /// The table of `entries` (keys already case-folded when the router folds case).
    init(_ entries: [(key: [UInt8], value: Int)]) {
        var capacity = 8
        while capacity < entries.count * 2 { capacity *= 2 }
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: Slot())
        bytes = .allocate(capacity: max(1, entries.reduce(0) { $0 + $1.key.count }))
        let mask = capacity - 1
        var used = 0
        for (key, value) in entries {
            let (hash, head) = key.withUnsafeBufferPointer { key in
                (ByteHash.fnv1a(key), FirstSegmentTable.head(key, folding: false))
            }
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot].value >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Slot(hash: hash, value: Int32(value), length: Int32(key.count), offset: used, head: head)
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

    /// The first 16 bytes of a key (zero-padded), as two words.
    @inline(__always)
    static func head(_ bytes: UnsafeBufferPointer<UInt8>, folding: Bool) -> (UInt64, UInt64) {
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { raw in
            for index in 0..<min(16, bytes.count) { raw[index] = folding ? asciiLower(bytes[index]) : bytes[index] }
        }
        return words
    }
}
#endif
