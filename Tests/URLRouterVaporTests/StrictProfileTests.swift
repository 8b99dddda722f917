#if Vapor
@_spi(HandlerRouter) @_spi(Tools) import URLRouter
import URLRouterVapor
import Vapor
import XCTVapor

/// `.urlRouter` refuses traversal shapes and control characters by default (the strict profile),
/// answering 400 with a short reason that never quotes the request; one switch turns each check off.
final class StrictProfileTests: XCTestCase {
    static func routes(_ app: Application) throws {
        app.get("files", "**") { request in "file \(request.parameters.getCatchall().joined(separator: "/"))" }
        app.get("admin", ":page") { request in "admin \(request.parameters.get("page") ?? "")" }
    }

    /// Traversal and control-character targets, plain, percent-encoded and in mixed case.
    static let refused = [
        "/files/..%2F..%2Fetc%2Fpasswd", "/files/../../etc/passwd", "/files/a/./b", "/files/%2e%2e/etc",
        "/files/%2E%2e/etc", "/files/.%2E/etc", "/admin/x%00.json", "/admin/x%0a", "/admin/x%7F", "/admin/a%5Cb",
        "/admin/a%5cb", "/files/a%2F..%2Fb", "/nowhere/../admin/x",
    ]

    func testTheStrictProfileAnswers400WithAShortReason() async throws {
        try await withRunningServer(routes: Self.routes) { client in
            for target in Self.refused {
                let answer = try client.send("GET", target)
                XCTAssertEqual(answer.status, 400, target)
                XCTAssertTrue(answer.body.contains("refused: "), "\(target): \(answer.body)")
                XCTAssertFalse(answer.body.contains("passwd") || answer.body.contains("%00"), answer.body)
            }
            let ok = try client.send("GET", "/files/a/b.txt")
            XCTAssertEqual(ok.status, 200)
            XCTAssertEqual(ok.body, "file a/b.txt")
            let slash = try client.send("GET", "/admin/group%2Fproject")
            XCTAssertEqual(slash.body, "admin group/project")
        }
    }

    func testTheChecksCanBeTurnedOff() async throws {
        var options = URLRouterResponder.vaporOptions
        options.requestChecks.remove(.dotSegments)
        let provider = try Application.Responder.Provider.urlRouter(options: options)
        try await withRunningServer(provider, routes: Self.routes) { client in
            let dots = try client.send("GET", "/files/../x")
            XCTAssertEqual(dots.status, 200)
            XCTAssertEqual(dots.body, "file ../x")
            XCTAssertEqual(try client.send("GET", "/admin/x%00").status, 400)
        }
    }
}
#endif
