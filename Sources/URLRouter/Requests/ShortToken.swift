/// A short ASCII token (a scheme, an HTTP method) held inline, trivially copyable.
///
/// The bytes are packed little-endian into two words, so tokens compare in two word comparisons
/// and write to a subject in two stores.
struct ShortToken: Sendable {
    /// The most bytes a token holds (as a `String`, such a token needs no allocation).
    static let capacity = 15
    var low: UInt64 = 0
    var high: UInt64 = 0
    var storedCount = 0
    /// The number of bytes.
    var count: Int { storedCount }

    /// The token for a method: `method` upper-cased, or `nil` when it is not a token of at most 15 bytes.
    init?(method: String) {
        // The usual ones first, without reading the string's bytes: comparing small strings
        // compares two words.
        switch method {
        case "GET": self.init(packed: 0x54_45_47, count: 3)
        case "POST": self.init(packed: 0x54_53_4F_50, count: 4)
        default:
            let token = method.utf8.withContiguousStorageIfAvailable { bytes in
                ShortToken.make(bytes, map: ShortToken.methodByte)
            }
            guard let token = token ?? nil, token.count > 0 else { return nil }
            self = token
        }
    }

    /// A method byte upper-cased, or `nil` when it is not a token character (RFC 9110 `tchar`).
    static func methodByte(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return byte - 32
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return byte
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return byte
        default: return nil
        }
    }

    /// The token for a scheme as written: lower-cased, or `nil` when longer than 15 bytes.
    init?<C: Collection<UInt8>>(scheme: C) {
        guard let token = ShortToken.make(scheme, map: { asciiLower($0) }) else { return nil }
        self = token
    }

    init() {}

    /// A token of at most eight bytes, packed little-endian into `packed`.
    init(packed: UInt64, count: Int) {
        low = packed
        storedCount = count
    }

    static func make<C: Collection<UInt8>>(_ source: C, map: (UInt8) -> UInt8?) -> ShortToken? {
        var token = ShortToken()
        for byte in source {
            guard token.storedCount < ShortToken.capacity, let mapped = map(byte) else { return nil }
            let shift = UInt64(token.storedCount & 7) &* 8
            if token.storedCount < 8 {
                token.low |= UInt64(mapped) &<< shift
            } else {
                token.high |= UInt64(mapped) &<< shift
            }
            token.storedCount += 1
        }
        return token
    }

    /// Whether both tokens hold the same bytes.
    func isEqual(to other: ShortToken) -> Bool {
        low == other.low && high == other.high && storedCount == other.storedCount
    }

    /// Byte `index` (less than ``count``).
    subscript(index: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: (index < 8 ? low : high) &>> (UInt64(index & 7) &* 8))
    }

    /// Writes the bytes to `destination` in two word stores, followed by zeros up to 16 bytes:
    /// `destination` must have room for 16. Returns ``count``.
    func write(to destination: UnsafeMutablePointer<UInt8>) -> Int {
        let raw = UnsafeMutableRawPointer(destination)
        raw.storeBytes(of: low.littleEndian, as: UInt64.self)
        (raw + 8).storeBytes(of: high.littleEndian, as: UInt64.self)
        return count
    }

    /// The token as a string.
    var string: String {
        String(unsafeUninitializedCapacity: count) { buffer in
            for index in 0..<count { buffer[index] = self[index] }
            return count
        }
    }
}
