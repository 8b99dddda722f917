#if Vapor
import Vapor

/// Writes Vapor's path components as URLRouter pattern text.
enum VaporPath {
    /// `/`-joined pattern segments for `components`; Vapor's empty constants are dropped, as its
    /// own responder drops them.
    static func pattern(_ components: some Sequence<PathComponent>) -> String {
        var pattern = ""
        for component in components {
            if case .constant(let text) = component, text.isEmpty { continue }
            pattern += "/" + segment(component)
        }
        return pattern
    }

    /// One component as a pattern segment: `:name`, `*` (one segment), `**` (the rest), or a
    /// literal.
    static func segment(_ component: PathComponent) -> String {
        switch component {
        case .constant(let text): literal(text)
        case .parameter(let name): ":" + name
        case .anything: "*"
        case .catchall: "**"
        }
    }

    /// A constant as literal pattern text. URLRouter decodes a literal's escapes before comparing
    /// it with a decoded segment, so a character the pattern syntax reads (`:`, `{`, `}`, `*`, `(`,
    /// `)`, `?`, `#`, whitespace), and a `%` that starts no escape, is written escaped; an escape
    /// already in the constant (`caf%C3%A9`) keeps its meaning, as it has for Vapor's own router.
    static func literal(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        for (index, byte) in bytes.enumerated() {
            let startsEscape =
                byte == UInt8(ascii: "%") && index + 2 < bytes.count && bytes[index + 1].isHexDigit
                && bytes[index + 2].isHexDigit
            if startsEscape || !Self.special.contains(byte) && byte > 0x20 && byte != 0x7F {
                result.append(byte)
            } else {
                result.append(contentsOf: Array(String(format: "%%%02X", byte).utf8))
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    static let special: Set<UInt8> = Set(":{}*()?#%".utf8)
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
#endif
