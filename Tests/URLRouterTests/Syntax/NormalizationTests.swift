import Testing
import URLRouterHandlers

@_spi(HandlerRouter) @_spi(Tools) @testable import URLRouter

@Suite struct PercentCodingTests {
    @Test(arguments: [
        ("abc", "abc"), ("a%2Fb", "a%2Fb"), ("a%2fb", "a%2Fb"), ("100%25", "100%25"), ("%41%42", "AB"),
        ("%E5%AE%B6", "家"), ("a+b", "a+b"), ("%252F", "%252F"),
    ])
    func comparisonFormKeepsSlashAndPercentEncoded(input: String, expected: String) {
        #expect(PercentCoding.comparisonForm(input[...]) == expected)
    }

    @Test(arguments: ["%", "%4", "%zz", "a%g1", "%FF", "%C3", "%C3%28", "%ED%A0%80", "%C3%2F"])
    func malformedTextDecodesToNil(input: String) {
        #expect(PercentCoding.comparisonForm(input[...]) == nil)
        #expect(PercentCoding.decoded(input) == nil)
        #expect(!PercentCoding.isWellFormed(input[...]))
    }

    @Test func fullDecodingAndPlus() {
        #expect(PercentCoding.decoded("a%2Fb%25") == "a/b%")
        #expect(PercentCoding.decoded("a+b") == "a+b")
        #expect(PercentCoding.decoded("a+b%2B", plusAsSpace: true) == "a b+")
        #expect(PercentCoding.decodeComparisonForm("x%2Fy%25z") == "x/y%z")
    }

    @Test func encodingKeepsOnlyUnreservedBytes() {
        #expect(PercentCoding.encode("A-z.0_9~") == "A-z.0_9~")
        #expect(PercentCoding.encode("a b/é") == "a%20b%2F%C3%A9")
        #expect(PercentCoding.encode("原子弹") == "%E5%8E%9F%E5%AD%90%E5%BC%B9")
    }
}

@Suite struct URLPartsTests {
    @Test func splitsEveryPartAsWritten() {
        let parts = URLParts("HTTPS://user:pw@Host.com:8080/a/b%20c?x=1&y#frag?x")
        #expect(parts.scheme == "HTTPS")
        #expect(parts.authority == "user:pw@Host.com:8080")
        #expect(parts.userinfo == "user:pw")
        #expect(parts.host == "Host.com")
        #expect(parts.port == "8080")
        #expect(parts.path == "/a/b%20c")
        #expect(parts.query == "x=1&y")
        #expect(parts.fragment == "frag?x")
    }

    @Test func partsThatAreAbsentAreNil() {
        let parts = URLParts("page/x")
        #expect(parts.scheme == nil && parts.authority == nil && parts.host == nil && parts.query == nil)
        #expect(parts.path == "page/x")
        #expect(URLParts("app:page").scheme == "app")
        #expect(URLParts("1app:page").scheme == nil, "a scheme starts with a letter")
        #expect(URLParts("app:///x").host == "")
        #expect(URLParts("http://[::1]:80/x").host == "[::1]")
        #expect(URLParts("http://[::1]:80/x").port == "80")
    }

    @Test func schemeNames() {
        #expect(URLParts.isScheme("ft"))
        #expect(URLParts.isScheme("web+app.v2-x"))
        #expect(!URLParts.isScheme("2ft"))
        #expect(!URLParts.isScheme("f:t"))
        #expect(!URLParts.isScheme(""))
    }
}

@Suite struct RequestURLTests {
    @Test func normalizesSchemeHostAndSegments() throws {
        let request = try RequestURL(normalizing: "App://page//detail/7/?a=1#f", options: RouterOptions.handlerRouter)
        #expect(request.scheme == "app")
        #expect(request.host == "page")
        // A table routes paths: the host is never a segment (the handler router inserts it).
        #expect(request.segments == ["detail", "7"])
        #expect(request.path == "/detail/7")
        #expect(request.queryItems == [QueryItem(name: "a", value: "1")])
        #expect(request.fragment == "f")
    }

    @Test func theFirstSegmentCanBeRemovedWithWhereItWasWritten() throws {
        var request = try RequestURL(normalizing: "FT:PUSH/a%20b/c#page/x", options: RouterOptions.handlerRouter)
        #expect(request.segments == ["PUSH", "a b", "c"])
        request.removeFirstSegment()
        #expect(request.segments == ["a b", "c"])
        #expect(request.path == "/a b/c")
        #expect(request.scheme == "ft")
        #expect(request.fragment == "page/x")
    }

    @Test func malformedURLSaysWhichPart() {
        #expect(throws: RequestURL.MalformedURL(part: "path segment", text: "%zz")) {
            try RequestURL(normalizing: "/a/%zz", options: RouterOptions.handlerRouter)
        }
        #expect(throws: RequestURL.MalformedURL(part: "query", text: "a=%FF")) {
            try RequestURL(normalizing: "/a?a=%FF", options: RouterOptions.handlerRouter)
        }
        #expect(throws: RequestURL.MalformedURL(part: "fragment", text: "%")) {
            try RequestURL(normalizing: "/a#%", options: RouterOptions.handlerRouter)
        }
    }
}

/// The fast path's scan must learn exactly what the full normalization learns, for every URL it accepts.
@Suite struct PlainScanTests {
    static let written = [
        "", "/", "//", "///a", "/a", "/a/", "/a//b/", "a/b", "?", "#", "/?x", "/#x", "/a?b#c", "/a#b?c",
        "/a/b?x=1&y=%41",
        "/a/b#%zz", "/a%20b", "app://", "app:///x", "APP://Host/x", "app://host:80/x/y", "app://u@h/x", "app://h.com/x",
        "app://localhost/x", "app://[::1]:8/x", "https://example.com", "x:y/z", "/1/2/3/4/5/6/7/8",
        "/1/2/3/4/5/6/7/8/9",
        "app://h/1/2/3/4/5/6/7", "app://h/1/2/3/4/5/6/7/8", "/repos/octocat/Hello-World/issues/1347", "/é/ü?ß#ø",
        "/aaaaaaaaaaaaaaaa/bbbbbbbbbbbbbbbbbbbbbbbbb/c", "/aaaaaaa/", "/aaaaaaa?", "/aaaaaaa#", "/aaaaaaa%",
        "abcdefghijklmnopq://h/x", "/:id/*/x?y", "app://h:/x", "app://h//x//y",
        // `!` and `'`, which the scan's word test flags with `#` and `%`, beside real delimiters.
        "/a!b/c'd?x=1", "/!/'/#", "/abc!'/d%", "/aaaaaa!/b'", "/a'b#c!d", "/x!y'z/1234567!", "/!!!!!!!!/''''''''/",
    ]

    static func randomURLs(count: Int) -> [String] {
        var numbers = SeededNumbers(seed: 0x5EED)
        func next(_ bound: Int) -> Int { numbers.next(bound) }
        let pieces = [
            "/", "/", "/", "a", "bc", "defghijk", "?", "#", "%", "%41", ":", "@", "app:", "//", ".", "é", "x=1&y",
            "!", "'",
        ]
        return (0..<count).map { _ in (0..<next(14)).map { _ in pieces[next(pieces.count)] }.joined() }
    }

    /// Every written and random URL, with the handler router's table options.
    static func eachURL(_ body: (String, RouterOptions) throws -> Void) rethrows {
        for url in written + randomURLs(count: 20_000) { try body(url, RouterOptions.handlerRouter) }
    }

    @Test func agreesWithTheFullNormalization() throws {
        var accepted = 0
        try Self.eachURL { url, options in
            let bytes = Array(url.utf8)
            let found: (scan: PlainScan, segments: [Range<Int>], scheme: String?)? = bytes.withUnsafeBufferPointer {
                bytes in
                RangeBuffer.withTemporary(capacity: PlainScan.segmentCapacity(urlLength: bytes.count)) { room in
                    let scan = PlainScan.tokenize(bytes, segments: room)
                    guard scan.isPlain else { return nil }
                    return (scan, Array(scan.segments), scan.scheme.map { String(decoding: bytes[$0], as: UTF8.self) })
                }
            }
            guard let found else {
                // Refused only for a reason the fast path does not handle.
                let scheme = URLParts(url).scheme ?? ""
                #expect(url.contains("%") || scheme != scheme.lowercased(), "\(url)")
                return
            }
            let scan = found.scan
            accepted += 1
            let full = try RequestURL(normalizing: url, options: options)
            #expect(found.segments == Array(full.segmentRanges), "\(url)")
            #expect(found.scheme == full.scheme, "\(url)")
            #expect(scan.hostSpan == full.hostSpan && scan.tail.start == full.tail.start, "\(url)")
            // A run exactly when the segments joined by `/` are one stretch of the URL.
            let ranges = full.segmentRanges
            let stretch = ranges.isEmpty ? nil : ranges[0].lowerBound..<ranges[ranges.count - 1].upperBound
            let contiguous =
                stretch.map { Array(bytes[$0]) == Array(full.segments.joined(separator: "/").utf8) } ?? false
            #expect(scan.segmentRun == (contiguous ? stretch : nil), "\(url)")
        }
        #expect(accepted > 10_000)
    }

    /// The segments SEMANTICS.md section 1 gives a table, by the letter, with no tokenizer of the
    /// library's: the path's `/`-separated parts with the empty ones dropped, each in comparison
    /// form; `nil` when a segment or the host does not decode.
    static func contractSegments(_ url: String) -> [String]? {
        let parts = URLParts(url)
        var segments: [String] = []
        if let host = parts.host, !host.isEmpty, PercentCoding.comparisonForm(host) == nil { return nil }
        for part in parts.path.split(separator: "/") {
            guard let decoded = PercentCoding.comparisonForm(part) else { return nil }
            segments.append(decoded)
        }
        return segments
    }

    /// The one tokenizer (PlainScan's) under the full normalization splits every URL, escaped or
    /// not, into the segments the contract gives.
    @Test func theTokenizerSplitsAsTheContractSays() throws {
        var normalized = 0
        Self.eachURL { url, options in
            guard let full = try? RequestURL(normalizing: url, options: options) else {
                // Only a URL with an escape can be malformed.
                #expect(url.contains("%"), "\(url)")
                return
            }
            normalized += 1
            #expect(full.segments.map(String.init) == Self.contractSegments(url), "\(url)")
        }
        #expect(normalized > 10_000)
    }

    /// The scan reads a URL's query and fragment as the contract's rule reads them, whole: where
    /// each is, whether it holds a `%`, and whether its escapes are well-formed, for escapes and
    /// delimiters at every offset of the scan's words.
    @Test func checksTheQueryAndTheFragmentAsTheRuleDoes() {
        var numbers = SeededNumbers(seed: 0x7A11)
        func next(_ bound: Int) -> Int { numbers.next(bound) }
        let pieces = [
            "a", "bcdefgh", "=", "&", "%41", "%C3%A9", "%E2%82%AC", "%C3", "%A9", "%zz", "%4", "%", "%FF", "#", "?",
            "!", "'", "é", "+",
        ]
        let written = ["?q=%41#f", "?%", "#%", "?a#b#%41", "?x=%C3#%A9", "?aaaaaaa%4", "?aaaaaa%41", "#aaaaaa%C3%A9"]
        let tails =
            written
            + (0..<20_000).map { _ in
                (next(2) == 0 ? "?" : "#") + (0..<next(10)).map { _ in pieces[next(pieces.count)] }.joined()
            }
        var malformed = 0
        for (index, tail) in tails.enumerated() {
            let url = ["", "/", "/a", "/abcdefg/hij", "app://h/x"][index % 5] + tail
            let parts = URLParts(url)
            let bytes = Array(url.utf8)
            let scan = bytes.withUnsafeBufferPointer { bytes in
                RangeBuffer.withTemporary(capacity: PlainScan.segmentCapacity(urlLength: bytes.count)) { room in
                    let scan = PlainScan.tokenize(bytes, segments: room)
                    let spans = scan.tail.spans(in: bytes)
                    return (marks: scan.marks, query: spans.query, fragment: spans.fragment)
                }
            }
            func span(_ part: Substring?) -> (Int32, Int32) {
                guard let part else { return RequestURL.absent }
                let start = url.utf8.distance(from: url.startIndex, to: part.startIndex)
                return (Int32(start), Int32(start + part.utf8.count))
            }
            #expect(scan.query == span(parts.query) && scan.fragment == span(parts.fragment), "\(url)")
            let present = [parts.query, parts.fragment].compactMap { $0 }
            let wellFormed = present.allSatisfy(PercentCoding.isWellFormed)
            #expect(scan.marks.contains(.malformedTail) == !wellFormed, "\(url)")
            #expect(scan.marks.contains(.escapedTail) == present.contains { $0.contains("%") }, "\(url)")
            if !wellFormed { malformed += 1 }
        }
        #expect(malformed > 2_000 && malformed < 18_000)
    }

    @Test func tokens() {
        #expect(ShortToken(method: "get")?.string == "GET")
        #expect(ShortToken(method: "M-SEARCH")?.string == "M-SEARCH")
        #expect(ShortToken(method: "") == nil)
        #expect(ShortToken(method: "GE T") == nil)
        #expect(ShortToken(method: String(repeating: "A", count: 16)) == nil)
        // GET and POST are built from constants, the rest from their bytes: both give one token.
        for (constant, written) in [("GET", "get"), ("POST", "pOsT")] {
            let expected = ShortToken(method: written)
            #expect(expected.map { ShortToken(method: constant)?.isEqual(to: $0) == true } == true, "\(constant)")
        }
        #expect(ShortToken(method: "GET")?.isEqual(to: ShortToken(method: "GETX")!) == false)
        // Tokens past eight bytes use the second word.
        let long = ShortToken(method: "abcdefghijklmno")
        #expect(long?.string == "ABCDEFGHIJKLMNO")
        #expect(long?.isEqual(to: ShortToken(method: "ABCDEFGHIJKLMNP")!) == false)
    }
}

extension ShortToken {
    /// The token's bytes as a string, read back from its two words.
    fileprivate var string: String {
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: ($0 < 8 ? low : high) &>> (UInt64($0 & 7) &* 8)) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
