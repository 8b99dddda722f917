import Testing
import URLRouterHandlers

@_spi(HandlerRouter) @_spi(Tools) @testable import URLRouter

/// A `%` in a URL's query or fragment is checked, not decoded, and leaves its path on the fast way;
/// a `%` in a path segment is decoded in room the lookup lends. Both must answer exactly as the
/// full normalization does (a table that normalizes every URL, `normalizingEveryURL()`), through
/// the owning and the borrowed lookup: winner, parameters (as compared and as written), catch-all,
/// query values, and the miss with its detail.
@Suite struct EscapedURLTests {
    static let backends = RouterBackend.available.map(\.name)

    static let routes: [RouteTable<Int>.Route] = [
        .init("/users/:id", method: "GET", value: 0),
        .init("/users/:id/repos/:repo", value: 1),
        .init("/files/**", value: 2),
        .init("/report-{year}.json", value: 3),
        .init("/items/:id(\\d+)", value: 4),
        .init("/caf\u{E9}/:x", value: 5),
        .init("/", value: 6),
    ]

    /// What the owning lookup answers, every field a caller reads.
    static func owning(_ table: RouteTable<Int>, _ url: String) -> String {
        switch table.lookup(method: "GET", url: url) {
        case .success(let match):
            let path = match.parameters.path.map { "\($0.name)=\($0.value)" }.joined(separator: ",")
            let query = match.parameters.query.map { "\($0.name)=\($0.value)" }.joined(separator: ",")
            return "\(match.value) [\(path)] [\(query)] \(match.catchall ?? "-") \(match.details.path)"
        case .failure(let miss):
            return "\(miss.reason.name) \(miss.detail ?? "") \(miss.request?.path ?? "-")"
        }
    }

    /// What the borrowed lookup lends: each parameter in comparison form, decoded and as written,
    /// the catch-all's segments, and the values of the query items `q`, `x` and `a b`.
    static func borrowed(_ table: RouteTable<Int>, _ url: String) -> String {
        table.withMatch(method: "GET", url: url) { lookup -> String in
            switch lookup {
            case .match(let match):
                var parts = ["\(match.value)"]
                for index in 0..<match.parameterCount {
                    let compared = match.parameter(at: index).withUnsafeBufferPointer { Array($0) }
                    let written = match.rawParameter(at: index).withUnsafeBufferPointer { Array($0) }
                    parts.append(
                        "\(match.parameterName(at: index))=\(match.parameter(at: index).string) \(compared) \(written)")
                }
                for index in 0..<(match.catchAllSegmentCount ?? 0) {
                    let written = match.rawCatchAllSegment(at: index).withUnsafeBufferPointer { Array($0) }
                    parts.append("*\(match.catchAllSegment(at: index).string) \(written)")
                }
                for name in ["q", "x", "a b"] { parts.append("?\(name)=\(match.queryValue(name)?.string ?? "-")") }
                return parts.joined(separator: " ")
            case .miss(let reason, let allowed):
                return "\(reason.name) \(allowed)"
            }
        }
    }

    /// URLs of random pieces: escapes (well-formed, malformed, decoding to `/`, `%`, `?`, `.`, a
    /// control character or half a scalar) in the path, the query and the fragment.
    static func urls(count: Int) -> [String] {
        var numbers = SeededNumbers(seed: 0x5EED)
        func next(_ bound: Int) -> Int { numbers.next(bound) }
        let path = [
            "users", "42", "repos", "files", "a", "caf%C3%A9", "caf\u{E9}", "%2F", "%2f", "%25", "%3F", "%23", "%2E",
            "%2E%2E", "%00", "%zz", "%C3", "report-%32024.json", "items", "%31%32", "x%20y", "+", "%2B", "", "..",
        ]
        let query = [
            "q=is%3Aopen", "q=a+b", "x=%zz", "x=%C3", "a%20b=1", "a+b=2", "q=%E2%82%AC", "x=%", "q=1&q=2", "x",
        ]
        let fragment = ["top", "a%20b", "%zz", "%C3%A9"]
        let fixed = [
            "/users/caf%C3%A9", "/users/caf%C3%A9?q=is%3Aopen", "/users/42?q=%zz", "/users/42#%zz", "/users/%zz",
            "/files/a%2Fb/%25/c", "/files/%2E%2E", "/items/%31%32", "/caf%C3%A9/%C3%A9", "/users/%C3?q=1",
            "/users/42/repos/x%3Fy?q=caf%C3%A9+r%C3%A9sum%C3%A9#frag%20x",
        ]
        // Paths, relative paths, and URLs with a scheme and a host (a segment under the handler
        // router's options).
        let starts = ["", "", "", "x", "app://users", "app://h%41", "HTTP://users", "//users"]
        return fixed
            + (0..<count).map { _ in
                var url = starts[next(starts.count)]
                for _ in 0..<(1 + next(4)) { url += "/" + path[next(path.count)] }
                if url.hasPrefix("x/") { url.removeFirst(2) }
                if next(3) > 0 {
                    url += "?" + (0..<(1 + next(3))).map { _ in query[next(query.count)] }.joined(separator: "&")
                }
                if next(4) == 0 { url += "#" + fragment[next(fragment.count)] }
                return url
            }
    }

    @Test(arguments: backends) func escapesAnswerAsTheFullNormalization(backend name: String) throws {
        let backend = try #require(RouterBackend.named(name))
        let cases: [(RequestChecks, RouterOptions)] = [
            (.strict, RouterOptions()), ([], RouterOptions()), (.strict, .handlerRouter),
        ]
        for (checks, base) in cases {
            var options = base
            options.requestChecks = checks
            options.decodePlus = checks.isEmpty
            let fast = try RouteTable(Self.routes, options: options, backend: backend)
            let full = fast.normalizingEveryURL()
            for url in Self.urls(count: 3_000) {
                #expect(Self.owning(fast, url) == Self.owning(full, url), "\(url) under \(checks)")
                #expect(Self.borrowed(fast, url) == Self.borrowed(full, url), "\(url) under \(checks)")
            }
        }
    }

    /// The one decoder (which reads a string's runs between escapes as whole scalars, and checks the
    /// escapes' bytes as a stream) against a reference that decodes every escape into an array and
    /// asks the standard library whether the bytes are UTF-8: overlong forms, surrogates, scalars
    /// past U+10FFFF, lone and missing continuation bytes, escapes beside written scalars.
    @Test func theDecoderAgreesWithTheStandardLibrarysUTF8() {
        var numbers = SeededNumbers(seed: 0xDEC0DE)
        func next(_ bound: Int) -> Int { numbers.next(bound) }
        let leads: [UInt8] = [
            0x00, 0x2F, 0x25, 0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xC3, 0xDF, 0xE0, 0xE1, 0xED, 0xEE,
            0xEF, 0xF0, 0xF1, 0xF4, 0xF5, 0xFF, 0x9F, 0xA0, 0x8F, 0x90,
        ]
        let written = ["a", "+", "é", "€", "😀", "/", "%zz"]
        for _ in 0..<20_000 {
            var text = ""
            var reference: [UInt8] = []
            var wellFormedEscapes = true
            for _ in 0..<(1 + next(6)) {
                if next(3) == 0 {
                    let piece = written[next(written.count)]
                    text += piece
                    if piece == "%zz" { wellFormedEscapes = false }
                    reference += piece.utf8
                } else {
                    let byte = next(2) == 0 ? leads[next(leads.count)] : UInt8(next(256))
                    text += "%" + String(byte, radix: 16, uppercase: next(2) == 0).leftPadded(to: 2)
                    reference.append(byte)
                }
            }
            let expected = wellFormedEscapes && String(validating: reference, as: UTF8.self) != nil
            let decoded = PercentCoding.decoded(text)
            #expect((decoded != nil) == expected, "\(text)")
            if expected { #expect(decoded.map { Array($0.utf8) } == reference, "\(text)") }
            #expect(PercentCoding.isWellFormed(text[...]) == expected, "\(text)")
            if expected, let compared = PercentCoding.comparisonForm(text[...]) {
                // The comparison form decodes to the same text.
                #expect(PercentCoding.decoded(compared) == decoded, "\(text)")
            } else {
                #expect(PercentCoding.comparisonForm(text[...]) == nil || !expected, "\(text)")
            }
        }
    }

    @Test func aMalformedQueryOrFragmentMakesTheURLMalformed() throws {
        let table = try RouteTable<Int>([.init("/users/:id", value: 1)])
        for url in ["/users/7?q=%zz", "/users/7?q=%C3", "/users/7?q=%", "/users/7#%C3%28", "/users/7?a=1#x%G0"] {
            let miss = try #require(table.lookup(method: "GET", url: url).failure, "\(url)")
            #expect(miss.reason == .malformedURL, "\(url)")
            let borrowed = table.withMatch(method: "GET", url: url) { lookup -> RouteMiss.Reason? in
                switch lookup {
                case .match: return nil
                case .miss(let reason, _): return reason
                }
            }
            #expect(borrowed == .malformedURL, "\(url)")
        }
        #expect(table.lookup(method: "GET", url: "/users/7?q=%zz").failure?.detail?.contains("query 'q=%zz'") == true)
        #expect(table.lookup(method: "GET", url: "/users/7#%C3").failure?.detail?.contains("fragment '%C3'") == true)
        // A query value decodes only when read: escapes, and `+` under decodePlus.
        var plus = RouterOptions()
        plus.decodePlus = true
        let decoding = try RouteTable<Int>([.init("/users/:id", value: 1)], options: plus)
        let value = decoding.withMatch(method: "GET", url: "/users/caf%C3%A9?q=is%3Aopen+bug") { lookup -> [String] in
            switch lookup {
            case .match(let match):
                return [
                    match.parameter("id")?.string ?? "", match.queryValue("q")?.string ?? "",
                    "\(match.queryValue("q")?.count ?? 0)",
                ]
            case .miss: return []
            }
        }
        #expect(value == ["café", "is:open bug", "13"])
    }
}

extension String {
    /// The string with `0` in front until it has `count` characters.
    fileprivate func leftPadded(to count: Int) -> String {
        String(repeating: "0", count: max(0, count - self.count)) + self
    }
}
