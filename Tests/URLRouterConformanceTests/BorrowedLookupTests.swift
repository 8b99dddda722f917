import Foundation
import Testing

/// A borrowed lookup, its match and the text the match lends (`URLText`) are noncopyable: a body
/// cannot hand them out of `withMatch` (its result is copyable), so nothing lent outlives the
/// pointers it reads. Checked by compiling small programs against this build's `URLRouter` module.
@Suite struct BorrowedLookupTests {
    /// The repository's root, from this file.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The compiler's errors for `source` as a program importing URLRouter, or `nil` when it compiles.
    static func errors(compiling source: String) throws -> String? {
        let modules = try #require(
            URLRouterExecutable.url(named: "urlrouter")?.deletingLastPathComponent().appendingPathComponent("Modules"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("probe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("main.swift")
        try Data(("import URLRouter\n" + source).utf8).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swiftc", "-emit-sil", "-o", "/dev/null", "-I", modules.path, "-I",
            root.appendingPathComponent("Sources/CURLRouterPCRE2").path, file.path,
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus == 0 ? nil : output
    }

    static let table = #"let table = try RouteTable<Int>([.init("/a/:id", method: "GET", value: 1)])"# + "\n"

    @Test func readingInPlaceCompiles() throws {
        let source =
            Self.table + """
                let read = table.withMatch(method: "GET", url: "/a/7") { lookup -> (Int, String)? in
                    switch lookup {
                    case .miss: return nil
                    case .match(let match):
                        return (match.value, match.parameter("id")?.string ?? "")
                    }
                }
                print(read ?? (0, ""))
                let lengths = table.withMatch(method: "GET", url: "/a/caf%C3%A9?q=1") { lookup -> [Int] in
                    switch lookup {
                    case .miss: return []
                    case .match(let match):
                        let first = match.parameter(at: 0).withUnsafeBufferPointer { $0.first ?? 0 }
                        return [match.parameter("id")?.count ?? 0, match.queryValue("q")?.count ?? 0, Int(first)]
                    }
                }
                print(lengths)
                """
        #expect(try Self.errors(compiling: source) == nil)
    }

    @Test(arguments: [
        // The lookup, returned: the body's result becomes `()`, and nothing is read from it.
        """
        let escaped = table.withMatch(method: "GET", url: "/a/7") { $0 }
        if case .match(let match) = escaped { print(match.value) }
        """,
        // The match, returned from a pattern.
        """
        let escaped = table.withMatch(method: "GET", url: "/a/7") { lookup -> RouteTable<Int>.BorrowedMatch? in
            if case .match(let match) = lookup { return match }
            return nil
        }
        """,
        // The match, kept in a variable outside the body.
        """
        var kept: RouteTable<Int>.BorrowedMatch?
        table.withMatch(method: "GET", url: "/a/7") { lookup in if case .match(let match) = lookup { kept = match } }
        """,
        // A lent parameter, returned (its bytes live in the lookup's storage for a URL with a `%`).
        """
        let text = table.withMatch(method: "GET", url: "/a/caf%C3%A9") { lookup -> URLText? in
            switch lookup { case .match(let match): return match.parameter("id"); case .miss: return nil }
        }
        print(text?.string ?? "")
        """,
        // A lent parameter by position, and a query value, kept in variables outside the body.
        """
        var kept: URLText?
        table.withMatch(method: "GET", url: "/a/7") { lookup in if case .match(let match) = lookup { kept = match.parameter(at: 0) } }
        """,
        """
        var kept: URLText?
        table.withMatch(method: "GET", url: "/a/7?q=1") { lookup in if case .match(let match) = lookup { kept = match.queryValue("q") } }
        """,
        // A lent text, copied.
        """
        table.withMatch(method: "GET", url: "/a/7") { lookup in
            if case .match(let match) = lookup, let text = match.parameter("id") { let copy = text; let again = text; print(copy.count, again.count) }
        }
        """,
    ])
    func aMatchCannotLeaveWithMatch(probe: String) throws {
        let errors = try Self.errors(compiling: Self.table + probe)
        #expect(errors?.contains("error:") == true, "\(probe) compiled")
    }
}
