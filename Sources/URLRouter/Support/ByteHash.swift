/// The one hash of byte strings the package computes itself: 64-bit FNV-1a, optionally over the
/// bytes with ASCII letters lowered (for routers that fold case). Pattern keys hash with it once
/// when made; the PCRE2 backend's first-segment table hashes a lookup's first segment with it
/// without allocating.
enum ByteHash {
    /// FNV-1a of `bytes`, with `A-Z` lowered first when `folding`. Over a buffer, not a generic
    /// collection, so every caller runs a plain loop over the bytes (a generic form, left
    /// unspecialized when the PCRE2 backend was a module of its own, iterated through protocol
    /// witnesses and took a quarter of a lookup on a 10,000-route table).
    static func fnv1a(_ bytes: UnsafeBufferPointer<UInt8>, folding: Bool = false) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for index in 0..<bytes.count {
            let byte = bytes[index]
            hash ^= UInt64(folding ? asciiLower(byte) : byte)
            hash &*= 0x100_0000_01b3
        }
        return hash
    }
}
