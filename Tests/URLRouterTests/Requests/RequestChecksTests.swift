import Foundation
import Testing

@_spi(HandlerRouter) @_spi(Tools) @testable import URLRouter

/// The strict profile: each refusal with its reason, segment and offset, on both backends;
/// ordinary URLs answered as without it; the fast scan and the full normalization refusing alike.
@Suite struct RequestChecksTests {
    static let backends = RouterBackend.available.map(\.name)

    static let routes: [RouteTable<String>.Route] = [
        .init("/admin/:page", method: "GET", value: "admin"),
        .init("/public/:page", method: "GET", value: "public"),
        .init("/files/**", method: "GET", value: "files"),
    ]

    static func table(_ backend: String, _ checks: RequestChecks = .strict) throws -> RouteTable<String> {
        var options = RouterOptions()
        options.requestChecks = checks
        return try RouteTable(routes, options: options, backend: RouterBackend.named(backend)!)
    }

    @Test(arguments: backends) func eachShapeIsRefusedNamingItsSegmentAndOffset(backend: String) throws {
        let table = try Self.table(backend)
        let refused: [(url: String, reason: RouteMiss.Reason, detail: String)] = [
            ("/admin/x%00.json", .refused(.controlCharacters), "the path segment 'x%00.json' at offset 7"),
            ("/admin/a\u{1}b", .refused(.controlCharacters), "the path segment 'a%01b' at offset 7"),
            (
                "/files/..%2F..%2Fetc%2Fpasswd", .refused(.encodedTraversal),
                "the path segment '..%2F..%2Fetc%2Fpasswd' at offset 7"
            ),
            ("/files/../../etc/passwd", .refused(.dotSegments), "the path segment '..' at offset 7"),
            ("/files/a/./b", .refused(.dotSegments), "the path segment '.' at offset 9"),
            ("/files/%2E%2e/x", .refused(.dotSegments), "the path segment '%2E%2e' at offset 7"),
            ("/admin/a\\b", .refused(.backslashes), "the path segment 'a%5Cb' at offset 7"),
            ("/admin/a%5cb", .refused(.backslashes), "the path segment 'a%5cb' at offset 7"),
            ("/nowhere/..", .refused(.dotSegments), "the path segment '..' at offset 9"),
        ]
        for (url, reason, detail) in refused {
            guard case .failure(let miss) = table.lookup(method: "GET", url: url) else {
                Issue.record("\(url.debugDescription) was not refused")
                continue
            }
            #expect(miss.reason == reason, "\(url.debugDescription)")
            #expect(miss.detail == "\(detail): \(reason.refusal!)", "\(url.debugDescription)")
            let borrowed = table.withMatch(method: "GET", url: url) { lookup -> RouteMiss.Reason? in
                switch lookup {
                case .miss(let reason, _): return reason
                default: return nil
                }
            }
            #expect(borrowed == reason, "\(url.debugDescription)")
        }
    }

    @Test(arguments: backends) func whatStaysAllowedIsAnsweredAsWithoutChecks(backend: String) throws {
        let strict = try Self.table(backend)
        let plain = try Self.table(backend, [])
        for url in [
            "/admin/x.json", "/admin/group%2Fproject", "/files/.hidden/a..b/...", "/admin//x", "/files/a/b/",
            "/admin/x?next=..%2F&c=%00", "/admin/x#/../..", "/public/caf%C3%A9", "/admin/x%zz", "/nowhere",
        ] {
            #expect(
                "\(strict.lookup(method: "GET", url: url))" == "\(plain.lookup(method: "GET", url: url))",
                "\(url.debugDescription)")
        }
    }

    @Test func theChecksOutsideTheProfileRefuseOnlyWhenAsked() throws {
        let table = try Self.table("foundation", [.emptySegments, .encodedSlashes])
        func reason(_ url: String) -> String {
            switch table.lookup(method: "GET", url: url) {
            case .success(let match): "\(match.value)"
            case .failure(let miss): miss.reason.name
            }
        }
        #expect(reason("/admin//x") == "emptySegment")
        #expect(reason("//admin/x") == "emptySegment")
        #expect(reason("/admin/x/") == "admin")
        #expect(reason("/admin/group%2Fproject") == "encodedSlash")
        #expect(reason("/files/../x") == "files")
        #expect(reason("/admin/x%00") == "admin")
    }

    /// Every request of the GitHub set is answered the same with and without the strict profile.
    @Test func theGitHubRoutesAreAnsweredAsBefore() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let routes = try RouteFile(contentsOf: root.appendingPathComponent("Benchmarks/Routes/github-api.txt").path)
        let requests = try RouteFile(
            contentsOf: root.appendingPathComponent("Benchmarks/Routes/github-api-requests.txt").path)
        let tableRoutes = routes.routes.enumerated().map {
            RouteTable<Int>.Route($1.pattern, method: $1.method, value: $0)
        }
        let strict = try RouteTable(tableRoutes)
        var unchecked = RouterOptions()
        unchecked.requestChecks = []
        let plain = try RouteTable(tableRoutes, options: unchecked)
        for (index, request) in requests.routes.enumerated() {
            let answer = try strict.lookup(method: request.method, url: request.pattern).get()
            #expect(answer.value == index)
            #expect("\(answer)" == "\(try plain.lookup(method: request.method, url: request.pattern).get())")
        }
    }

    /// The fast scan lets through only what the full check lets through: a table whose lookups
    /// take the full normalization (`normalizingEveryURL()`) refuses exactly
    /// the same URLs, with the same reasons.
    @Test func theFastScanAndTheFullNormalizationRefuseAlike() throws {
        var generator = SystemRandomNumberGenerator()
        let pieces = [
            "a", ".", "..", "...", "%2e", "%2E", "%00", "\u{1}", "\u{7F}", "\\", "%5C", "%2F", "%2f", "/", "//", "x",
            "é", "%C3%A9", "?", "#", "%", "%zz",
        ]
        let everyCheck = RequestChecks.each.reduce(into: RequestChecks()) { $0.insert($1.check) }
        for checks in [RequestChecks.strict, everyCheck, [.emptySegments], [.dotSegments], [.controlCharacters]] {
            var fast = RouterOptions()
            fast.requestChecks = checks
            let routes: [RouteTable<Int>.Route] = [.init("/**", value: 1), .init("/", value: 2)]
            let fastTable = try RouteTable(routes, options: fast)
            let fullTable = fastTable.normalizingEveryURL()
            for _ in 0..<2_000 {
                let url =
                    "/" + (0..<Int.random(in: 1...6, using: &generator)).map { _ in pieces.randomElement()! }.joined()
                let answers = [fastTable, fullTable].map { table -> String in
                    switch table.lookup(method: nil, url: url) {
                    case .success(let match): "\(match.value) \(match.details.catchall ?? "-")"
                    case .failure(let miss): "\(miss.reason.name) \(miss.detail ?? "")"
                    }
                }
                #expect(answers[0] == answers[1], "\(url.debugDescription) under \(checks)")
            }
        }
    }

    /// The "Security" article's example, as written there.
    @Test func theSecurityArticlesExample() throws {
        var options = RouterOptions()
        options.requestChecks.insert(.emptySegments)  // `//` refused instead of dropped
        let table = try RouteTable<String>([.init("/files/**", method: "GET", value: "files")], options: options)
        if case .failure(let miss) = table.lookup(method: "GET", url: "/files/..%2F..%2Fetc%2Fpasswd") {
            // encodedTraversal the path segment '..%2F..%2Fetc%2Fpasswd' at offset 7: …
            print(miss.reason, miss.detail ?? "")
        }

        #expect(
            table.lookup(method: "GET", url: "/files/..%2F..%2Fetc%2Fpasswd").failure?.reason
                == .refused(.encodedTraversal))
        #expect(table.lookup(method: "GET", url: "/files//x").failure?.reason == .refused(.emptySegments))
    }

    @Test func aDetailNeverHoldsTheRawBytes() throws {
        let table = try Self.table("foundation")
        let miss = try #require(table.lookup(method: "GET", url: "/admin/\u{1B}[31m\"x'\\").failure)
        #expect(miss.reason == .refused(.controlCharacters))
        #expect(miss.detail?.utf8.contains { $0 < 0x20 || $0 == 0x7F } == false)
        #expect(miss.detail?.hasPrefix("the path segment '%1B[31m%22x%27%5C' at offset 7") == true)
    }

    /// The checks read the tokenizer's segments (`PlainScan`, which drops empty ones) and find
    /// each empty segment in the gaps it leaves: held here to a reference that splits the path
    /// itself, empty parts kept, on URLs with and without a scheme and host, under every host rule.
    @Test func theChecksReadTheTokenizersSegmentsAsAPlainSplitWould() {
        var numbers = SeededNumbers(seed: 0xC0FFEE)
        func next(_ bound: Int) -> Int { numbers.next(bound) }
        let starts = [
            "", "/", "//", "//h", "app://h", "APP://www.h.com", "app://localhost", "app://", "x:", "app://h:80",
        ]
        let pieces = [
            "/", "/", "//", "a", "bc", ".", "..", "%2e", "%2F", "%00", "\u{1}", "\\", "%5C", "?", "#", "é", "%",
        ]
        let urls = (0..<4_000).map { _ in
            starts[next(starts.count)] + (0..<next(9)).map { _ in pieces[next(pieces.count)] }.joined()
        }
        let everyCheck = RequestChecks.each.reduce(into: RequestChecks()) { $0.insert($1.check) }
        var refused = 0
        for url in urls {
            for checks in [everyCheck, .strict, [.emptySegments]] {
                let bytes = Array(url.utf8)
                let (found, expected) = bytes.withUnsafeBufferPointer { bytes in
                    RangeBuffer.withTemporary(capacity: PlainScan.segmentCapacity(urlLength: bytes.count)) { room in
                        let tokens = PlainScan.tokenize(bytes, segments: room)
                        return (
                            RequestRefusal.find(in: bytes, tokens: tokens, checks: checks),
                            Self.splitAndCheck(bytes, checks: checks)
                        )
                    }
                }
                #expect(found == expected, "\(url.debugDescription) under \(checks)")
                if found != nil { refused += 1 }
            }
        }
        #expect(refused > 2_500)
    }

    /// The reference for the test above: the URL's parts (`URLLayout`), then its path split at
    /// every `/`, empty parts kept; an empty part between two `/` is an empty segment.
    static func splitAndCheck(
        _ bytes: UnsafeBufferPointer<UInt8>, checks: RequestChecks
    ) -> RequestRefusal? {
        let layout = URLLayout(bytes)
        let path = layout.path
        var start = path.lowerBound
        for index in path.lowerBound...path.upperBound
        where index == path.upperBound || bytes[index] == UInt8(ascii: "/") {
            if index > start {
                if let refusal = RequestRefusal.check(start..<index, of: bytes, checks) { return refusal }
            } else if checks.contains(.emptySegments), index > path.lowerBound, index < path.upperBound {
                return RequestRefusal(reason: .refused(.emptySegments), segment: "", offset: index)
            }
            start = index + 1
        }
        if checks.contains(.emptySegments), layout.scheme == nil, layout.authority != nil {
            return RequestRefusal(reason: .refused(.emptySegments), segment: "", offset: 1)
        }
        return nil
    }
}
