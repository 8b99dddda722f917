/// HTTP method names, and the rules every part of the router applies to them: a route's method is
/// a token (RFC 9110), upper-cased; a `GET` route answers `HEAD` too, unless the table's
/// ``RouterOptions/headMatchesGet`` is off; in precedence, a route of the
/// lookup's own method ranks above one that answers it through that rule, which ranks above a
/// route of any method (SEMANTICS.md section 3.3); a table's routes use at most ``maxCount``
/// methods.
@_spi(Tools) public enum HTTPMethodName: Sendable {
    /// The most distinct HTTP methods one table's routes may use, counted as ``answered(by:)``
    /// counts them. The PCRE2 backend gives each method of a table one byte of its subjects; the
    /// limit holds on every backend, so a table is never refused by one and served by another.
    static let maxCount = 100

    /// The method a route of `routeMethod` answers besides its own: `HEAD` for `GET`, when
    /// `headMatchesGet` (``RouterOptions/headMatchesGet``).
    public static func alsoAnswered(by routeMethod: String, headMatchesGet: Bool = true) -> String? {
        headMatchesGet && routeMethod == "GET" ? "HEAD" : nil
    }

    /// Every method that routes of `routeMethods` answer: theirs, and what each also answers.
    static func answered(by routeMethods: some Sequence<String?>, headMatchesGet: Bool = true) -> Set<String> {
        var methods = Set<String>()
        for case let method? in routeMethods {
            methods.insert(method)
            if let also = alsoAnswered(by: method, headMatchesGet: headMatchesGet) { methods.insert(also) }
        }
        return methods
    }

    /// The method tier of SEMANTICS.md section 3.3 for a route of `routeMethod` (`nil`: any):
    /// 0 for a route of a method, 1 for one that also answers another (`GET`), 2 for any method;
    /// any lookup that two routes both answer orders them the same way by this number.
    static func tier(_ routeMethod: String?) -> Int {
        guard let routeMethod else { return 2 }
        return alsoAnswered(by: routeMethod) == nil ? 0 : 1
    }

    /// `method` upper-cased, or `nil` when it is not a token.
    static func normalized(_ method: String) -> String? {
        // The usual methods, then any upper-case token: the same string, no allocation.
        switch method {
        case "GET", "POST", "PUT", "DELETE", "HEAD", "PATCH", "OPTIONS": return method
        default: break
        }
        if !method.isEmpty,
            method.utf8.allSatisfy({ ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) || $0 == UInt8(ascii: "-") })
        {
            return method
        }
        guard !method.isEmpty,
            method.utf8.allSatisfy({ byte in
                isASCIILetter(byte) || isASCIIDigit(byte) || "!#$%&'*+-.^_`|~".utf8.contains(byte)
            })
        else { return nil }
        return String(decoding: method.utf8.map { $0 >= 97 && $0 <= 122 ? $0 - 32 : $0 }, as: UTF8.self)
    }
}
