/// The hashes of byte strings the package computes itself, and the comparison that goes with the
/// word-wise one. Each can fold ASCII letters to lower case first (for routers that fold case).
enum ByteHash {
    /// FNV-1a of `bytes`, with `A-Z` lowered first when `folding`: pattern keys hash with it once
    /// when made. Over a buffer, not a generic collection, so every caller runs a plain loop over
    /// the bytes.
    static func fnv1a(_ bytes: UnsafeBufferPointer<UInt8>, folding: Bool = false) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for index in 0..<bytes.count {
            let byte = bytes[index]
            hash ^= UInt64(folding ? asciiLower(byte) : byte)
            hash &*= 0x100_0000_01b3
        }
        return hash
    }

    /// A hash of `bytes` taken eight bytes at a step (`A-Z` lowered first when `folding`), for
    /// lookups on the request path: a 40-byte path costs five steps where FNV-1a takes forty. A
    /// key of eight bytes or more ends with its last eight bytes (overlapping the step before),
    /// a shorter one is read byte by byte, so nothing past the key is ever read.
    @inline(__always)
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
    @inline(__always)
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
