/// Percent-encoding as SEMANTICS.md section 1 uses it.
///
/// Three forms of a piece of URL text:
/// - *as written*: the raw text;
/// - the *comparison form*: every escape decoded except `%2F` and `%25`, which stay
///   encoded (with upper-case hex), so a decoded `/` never splits a segment and a
///   decoded `%` never starts a new escape;
/// - *fully decoded*: every escape decoded.
///
/// A `%` not followed by two hex digits, or escapes that decode to invalid UTF-8,
/// make the text malformed: every function here then returns `nil`.
@_spi(Tools) public enum PercentCoding: Sendable {
    /// The value of one hex digit, or `nil`.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        let digit = byte &- UInt8(ascii: "0")
        if digit < 10 { return digit }
        // Setting 0x20 lowers `A` to `F`, and makes no other byte a letter from `a` to `f`.
        let letter = (byte | 0x20) &- UInt8(ascii: "a")
        return letter < 6 ? letter &+ 10 : nil
    }

    /// The comparison form of `text`, or `nil` when it is malformed.
    public static func comparisonForm(_ text: Substring) -> String? {
        text.withUTF8Bytes { decode($0, keepSlashAndPercent: true, plusAsSpace: false) }
    }

    /// `text` with every escape decoded, or `nil` when it is malformed.
    static func decoded(_ text: Substring, plusAsSpace: Bool = false) -> String? {
        text.withUTF8Bytes { decode($0, keepSlashAndPercent: false, plusAsSpace: plusAsSpace) }
    }

    /// `text` with every escape decoded, or `nil` when it is malformed.
    public static func decoded(_ text: String, plusAsSpace: Bool = false) -> String? {
        decoded(text[...], plusAsSpace: plusAsSpace)
    }

    /// Whether `text` decodes cleanly (well-formed escapes, valid UTF-8 after decoding).
    static func isWellFormed(_ text: Substring) -> Bool {
        text.withUTF8Bytes { validate($0) }
    }

    /// Turns the comparison form into the fully decoded value (`%2F` → `/`, `%25` → `%`).
    static func decodeComparisonForm(_ text: Substring) -> String {
        guard holdsPercent(text) else { return String(text) }
        // The comparison form only holds the escapes %2F and %25, both well-formed.
        return decoded(text) ?? String(text)
    }

    /// Whether `text` holds a `%`, read in place.
    static func holdsPercent(_ text: Substring) -> Bool {
        text.withUTF8Bytes { bytes in
            guard let base = bytes.baseAddress else { return false }
            return RequestURL.find(UInt8(ascii: "%"), in: base, from: 0, to: bytes.count) < bytes.count
        }
    }

    /// Every byte but `A-Z a-z 0-9 - . _ ~` as `%XX` with upper-case hex (the `$$` of rewrite targets).
    public static func encode(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                out.append(byte)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(upperHex(byte >> 4))
                out.append(upperHex(byte & 0xF))
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// Whether the escape of `value` stays encoded in the comparison form: `/` and `%`.
    static func staysEncoded(_ value: UInt8) -> Bool {
        value == UInt8(ascii: "/") || value == UInt8(ascii: "%")
    }

    /// The offset in `written` (well-formed text as written) where the byte at `offset` of its
    /// comparison form begins: an escape the comparison form decodes is one byte of it, one that
    /// stays encoded three.
    static func writtenOffset(ofComparisonOffset offset: Int, in written: UnsafeBufferPointer<UInt8>) -> Int {
        var compared = 0
        var index = 0
        while compared < offset && index < written.count {
            if written[index] == UInt8(ascii: "%"), index + 2 < written.count,
                let high = hexValue(written[index + 1]), let low = hexValue(written[index + 2])
            {
                compared += staysEncoded(high << 4 | low) ? 3 : 1
                index += 3
            } else {
                compared += 1
                index += 1
            }
        }
        return index
    }

    /// Whether `bytes` decode cleanly: every `%` starts an escape of two hex digits, and the
    /// bytes fully decoded are UTF-8. Reads the bytes once and allocates nothing.
    static func validate(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        decode(bytes, keepSlashAndPercent: false, plusAsSpace: false, into: nil) != nil
    }

    /// `bytes` decoded, as a new string, or `nil` when they are malformed (see ``validate(_:)``):
    /// the comparison form when `keepSlashAndPercent`, else fully decoded; `+` as a space when
    /// `plusAsSpace`.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, keepSlashAndPercent: Bool, plusAsSpace: Bool) -> String? {
        let plus = UInt8(ascii: "+")
        if !bytes.contains(UInt8(ascii: "%")) && !(plusAsSpace && bytes.contains(plus)) {
            return String(decoding: bytes, as: UTF8.self)
        }
        var wellFormed = true
        // Decoding never lengthens the text: the result fits in as many bytes.
        let decoded = String(unsafeUninitializedCapacity: bytes.count) { buffer in
            guard
                let count = decode(
                    bytes, keepSlashAndPercent: keepSlashAndPercent, plusAsSpace: plusAsSpace,
                    into: buffer.baseAddress)
            else {
                wellFormed = false
                return 0
            }
            return count
        }
        return wellFormed ? decoded : nil
    }

    /// The one decoder: writes `bytes` decoded to `out` (which has room for `bytes.count`; `nil`
    /// to only check them) and returns how many bytes it wrote, or `nil` when `bytes` are
    /// malformed (``EscapeCheck``). With `keepSlashAndPercent`, `%2F` and `%25` stay encoded
    /// (upper-case hex): the comparison form. Allocates nothing. `bytes` are a Swift string's, so a
    /// run of them between escapes is whole scalars, copied as it is.
    static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, keepSlashAndPercent: Bool, plusAsSpace: Bool,
        into out: UnsafeMutablePointer<UInt8>?
    ) -> Int? {
        guard let base = bytes.baseAddress else { return 0 }
        let count = bytes.count
        var check = EscapeCheck(from: 0)
        var written = 0
        var index = 0
        while index < count {
            let escape = RequestURL.find(UInt8(ascii: "%"), in: base, from: index, to: count)
            if escape > index {
                if let out {
                    (out + written).update(from: base + index, count: escape - index)
                    if plusAsSpace {
                        for offset in written..<(written + escape - index) where out[offset] == UInt8(ascii: "+") {
                            out[offset] = UInt8(ascii: " ")
                        }
                    }
                }
                written += escape - index
            }
            guard escape < count else { break }
            guard let value = check.value(ofEscapeAt: escape, in: base, end: count) else { return nil }
            if let out {
                if keepSlashAndPercent && staysEncoded(value) {
                    out[written] = UInt8(ascii: "%")
                    out[written + 1] = upperHex(value >> 4)
                    out[written + 2] = upperHex(value & 0xF)
                    written += 3
                } else {
                    out[written] = value
                    written += 1
                }
            }
            index = escape + 3
        }
        return check.isComplete ? written : nil
    }

    /// The rule of SEMANTICS.md section 1 for a part of a URL, read one escape at a time: every
    /// `%` starts an escape of two hex digits, and the part fully decoded is UTF-8. The part is a
    /// Swift string's bytes, so its runs between escapes are whole scalars: only the escapes'
    /// bytes are read, and a run may not follow an escape that starts a scalar the escapes after
    /// it do not finish.
    struct EscapeCheck {
        private var utf8 = UTF8Validation()
        /// Where the last escape ended (or the part starts).
        private var end: Int

        /// A check of the part that starts at offset `start`.
        init(from start: Int) {
            end = start
        }

        /// The value of the escape at `offset` of `base` (a `%`; the part ends at `end`), or `nil`
        /// when the part is malformed there.
        mutating func value(ofEscapeAt offset: Int, in base: UnsafePointer<UInt8>, end partEnd: Int) -> UInt8? {
            guard offset &+ 2 < partEnd, let high = hexValue(base[offset &+ 1]),
                let low = hexValue(base[offset &+ 2])
            else { return nil }
            let value = high << 4 | low
            if value < 0x80 {
                // An ASCII byte (most escapes in a query) is a scalar of its own.
                guard utf8.isComplete else { return nil }
            } else {
                // Bytes written since the last escape may not interrupt a scalar.
                guard offset == end || utf8.isComplete, utf8.accept(value) else { return nil }
            }
            end = offset &+ 3
            return value
        }

        /// Whether the part, ending here, is well-formed: its escapes end on whole scalars.
        var isComplete: Bool { utf8.isComplete }
    }

    /// The upper-case hex digit of `value` (below 16).
    static func upperHex(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }
}

/// Whether a stream of bytes is UTF-8, read a byte at a time (the Unicode standard's table 3-7:
/// no overlong forms, no surrogates, nothing above U+10FFFF).
struct UTF8Validation {
    /// The continuation bytes the current scalar still needs.
    private var needed = 0
    /// The range the next continuation byte must fall in (narrower after `E0`, `ED`, `F0`, `F4`).
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF

    /// Takes the next byte: `false` when it cannot continue valid UTF-8.
    mutating func accept(_ byte: UInt8) -> Bool {
        if needed > 0 {
            guard byte >= lower && byte <= upper else { return false }
            (lower, upper) = (0x80, 0xBF)
            needed -= 1
            return true
        }
        switch byte {
        case 0x00...0x7F: return true
        case 0xC2...0xDF: needed = 1
        case 0xE0: (needed, lower) = (2, 0xA0)
        case 0xE1...0xEC, 0xEE...0xEF: needed = 2
        case 0xED: (needed, upper) = (2, 0x9F)
        case 0xF0: (needed, lower) = (3, 0x90)
        case 0xF1...0xF3: needed = 3
        case 0xF4: (needed, upper) = (3, 0x8F)
        default: return false
        }
        return true
    }

    /// Whether the bytes so far end on a whole scalar.
    var isComplete: Bool { needed == 0 }
}

extension Substring {
    /// Lends the substring's UTF-8 bytes without copying when its base string is native: the bytes
    /// are a window into the base's storage. (`Substring.withUTF8` and the `utf8` view's contiguous
    /// storage take a slow path; this one does not.)
    func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        let base = self.base
        let start = base.utf8.distance(from: base.startIndex, to: startIndex)
        let count = base.utf8.distance(from: startIndex, to: endIndex)
        if let result = try base.utf8.withContiguousStorageIfAvailable({ buffer in
            try body(UnsafeBufferPointer(rebasing: buffer[start..<(start + count)]))
        }) {
            return result
        }
        return try Array(utf8).withUnsafeBufferPointer(body)
    }
}
