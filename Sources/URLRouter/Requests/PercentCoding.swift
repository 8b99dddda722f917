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
package enum PercentCoding: Sendable {
    /// The value of one hex digit, or `nil`.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte &- UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte &- UInt8(ascii: "A") &+ 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte &- UInt8(ascii: "a") &+ 10
        default: return nil
        }
    }

    static let upperHex: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// The comparison form of `text`, or `nil` when it is malformed.
    package static func comparisonForm(_ text: Substring) -> String? {
        text.withUTF8Bytes { decode($0, keepSlashAndPercent: true, plusAsSpace: false) }
    }

    /// `text` with every escape decoded, or `nil` when it is malformed.
    static func decoded(_ text: Substring, plusAsSpace: Bool = false) -> String? {
        text.withUTF8Bytes { decode($0, keepSlashAndPercent: false, plusAsSpace: plusAsSpace) }
    }

    /// `text` with every escape decoded, or `nil` when it is malformed.
    package static func decoded(_ text: String, plusAsSpace: Bool = false) -> String? {
        decoded(text[...], plusAsSpace: plusAsSpace)
    }

    /// Whether `text` decodes cleanly (well-formed escapes, valid UTF-8 after decoding).
    static func isWellFormed(_ text: Substring) -> Bool {
        text.withUTF8Bytes { validate($0) }
    }

    /// Turns the comparison form into the fully decoded value (`%2F` → `/`, `%25` → `%`).
    static func decodeComparisonForm(_ text: Substring) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return String(text) }
        // The comparison form only holds the escapes %2F and %25, both well-formed.
        return decoded(text) ?? String(text)
    }

    /// Every byte but `A-Z a-z 0-9 - . _ ~` as `%XX` with upper-case hex (the `$$` of rewrite targets).
    package static func encode(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                out.append(byte)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(upperHex[Int(byte >> 4)])
                out.append(upperHex[Int(byte & 0xF)])
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

    static func validate(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.contains(UInt8(ascii: "%")) else { return true }
        return decode(bytes, keepSlashAndPercent: false, plusAsSpace: false) != nil
    }

    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, keepSlashAndPercent: Bool, plusAsSpace: Bool) -> String? {
        let plus = UInt8(ascii: "+")
        if !bytes.contains(UInt8(ascii: "%")) && !(plusAsSpace && bytes.contains(plus)) {
            return String(decoding: bytes, as: UTF8.self)
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        // Whether every escape, fully decoded, forms valid UTF-8 is checked on this second buffer
        // only when some escapes stay encoded in `out`.
        var full: [UInt8] = []
        var keptAny = false
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "%") {
                guard i + 2 < bytes.count,
                    let high = hexValue(bytes[i + 1]), let low = hexValue(bytes[i + 2])
                else { return nil }
                let value = high << 4 | low
                if keepSlashAndPercent && staysEncoded(value) {
                    if !keptAny {
                        keptAny = true
                        full = out
                    }
                    out.append(UInt8(ascii: "%"))
                    out.append(upperHex[Int(high)])
                    out.append(upperHex[Int(low)])
                    full.append(value)
                } else {
                    out.append(value)
                    if keptAny { full.append(value) }
                }
                i += 3
            } else {
                let decoded = plusAsSpace && byte == plus ? UInt8(ascii: " ") : byte
                out.append(decoded)
                if keptAny { full.append(decoded) }
                i += 1
            }
        }
        guard isValidUTF8(keptAny ? full : out) else { return nil }
        return String(decoding: out, as: UTF8.self)
    }

    static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
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
