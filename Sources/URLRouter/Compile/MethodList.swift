/// The HTTP methods of a table's routes, numbered: a lookup's method becomes a
/// ``MethodFilter`` once, by these rules, and every backend compares numbers.
///
/// The list holds every method the routes answer (``HTTPMethodName/answered(by:headMatchesGet:)``:
/// each route's, and `HEAD` where a route is `GET` under ``RouterOptions/headMatchesGet``),
/// sorted. A table builds it once and hands it to its backend: the one place a table's
/// `headMatchesGet` is read.
struct MethodList: Sendable {
    /// The methods, sorted.
    let names: [String]
    /// The same, as tokens, for the methods of up to 15 bytes: compared as two words.
    let tokens: [ShortToken?]
    /// For each method, the index of the method a route of it also answers
    /// (``HTTPMethodName/alsoAnswered(by:headMatchesGet:)``: `HEAD` for `GET`, or none).
    let alsoAnswered: [Int?]

    /// The methods of `routes`, a `GET` route answering `HEAD` too when `headMatchesGet`.
    init(routes: [CompiledRoute], headMatchesGet: Bool) {
        let names = HTTPMethodName.answered(by: routes.map(\.method), headMatchesGet: headMatchesGet).sorted()
        self.names = names
        tokens = names.map { ShortToken(method: $0) }
        alsoAnswered = names.map { name in
            HTTPMethodName.alsoAnswered(by: name, headMatchesGet: headMatchesGet).flatMap { names.firstIndex(of: $0) }
        }
    }

    /// The index of a route's method, `nil` for a route without one.
    func index(ofRouteMethod method: String?) -> Int? {
        method.flatMap { names.firstIndex(of: $0) }
    }

    /// The filter of a lookup by `method` (any case; `nil` for a lookup without one): the index
    /// of its upper-cased form, or `.lookup(nil)` when no route has it (only routes without a
    /// method answer).
    @inline(__always)
    func filter(for method: String?) -> MethodFilter {
        guard let method else { return .lookup(nil) }
        // A method spelled as a route's (the usual case): small strings compare as two words.
        // (Compared in the array's buffer: reading an element out of the array would retain it;
        // lengths first: unequal small strings take the standard library's slow comparison.)
        let length = method.utf8.count
        let found = names.withUnsafeBufferPointer { names in
            names.firstIndex { $0.utf8.count == length && $0 == method }
        }
        if let found { return .lookup(found) }
        if let token = ShortToken(method: method) {
            for index in tokens.indices {
                if let candidate = tokens[index], candidate.isEqual(to: token) { return .lookup(index) }
            }
            return .lookup(nil)
        }
        guard let normalized = HTTPMethodName.normalized(method) else { return .lookup(nil) }
        return .lookup(names.firstIndex(of: normalized))
    }

    /// Whether a route whose method has index `routeMethod` (`nil`: no method) answers `filter`.
    func allows(_ filter: MethodFilter, routeMethod: Int?) -> Bool {
        guard case .lookup(let wanted) = filter, let routeMethod else { return true }
        guard let wanted else { return false }
        return routeMethod == wanted || alsoAnswered[routeMethod] == wanted
    }
}

/// Which routes' methods may answer a lookup, as a matcher compares them (see ``MethodList``).
enum MethodFilter: Sendable, Hashable, BitwiseCopyable {
    /// The lookup's method, as its index in the table's ``MethodList`` (`nil`: the lookup gave
    /// none, or one no route has): routes without a method, routes with that method, and `GET`
    /// routes for a `HEAD` lookup.
    case lookup(Int?)
    /// Every route, whatever its method (used to tell `methodNotAllowed` from `noMatch`).
    case any
}

/// An HTTP method of at most 15 bytes, upper-cased and held inline: the form ``MethodList``
/// compares a lookup's method in when it is not spelled as a route's.
///
/// The bytes are packed little-endian into two words, so tokens compare in two word comparisons.
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
            let token = method.utf8.withContiguousStorageIfAvailable(ShortToken.make)
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

    init() {}

    /// A token of at most eight bytes, packed little-endian into `packed`.
    init(packed: UInt64, count: Int) {
        low = packed
        storedCount = count
    }

    /// The token of a method's bytes, or `nil` when one is not a token character or there are
    /// more than ``capacity``.
    static func make(_ method: UnsafeBufferPointer<UInt8>) -> ShortToken? {
        var token = ShortToken()
        for byte in method {
            guard token.storedCount < ShortToken.capacity, let mapped = methodByte(byte) else { return nil }
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
}
