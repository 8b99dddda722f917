#if Vapor
import URLRouterVapor
import Vapor
import XCTVapor

/// The README's "Server integration" lines for Vapor 4, as written there.
// swift-format-ignore
func routes(_ app: Application) throws {
    app.responder.use(.urlRouter)  // the one line
    app.get("users", ":id") { req in "user \(try req.parameters.require("id", as: Int.self))" }
    app.grouped("api").get("files", "**") { req in req.parameters.getCatchall().joined(separator: "/") }
    // URLRouter's own syntax through the pattern string, in groups too:
    try app.on(pattern: "/orders/:id(\\d+)", method: .GET) { req in "order \(req.parameters.get("id") ?? "")" }
}

/// The README's Vapor example answers as it says.
final class ReadmeExampleTests: XCTestCase {
    func testTheReadmeExampleServesItsRoutes() async throws {
        try await withRunningServer(.default, routes: routes) { client in
            XCTAssertEqual(try client.send("GET", "/users/7").body, "user 7")
            XCTAssertEqual(try client.send("GET", "/api/files/a/b.txt").body, "a/b.txt")
            XCTAssertEqual(try client.send("GET", "/orders/12").body, "order 12")
            XCTAssertEqual(try client.send("GET", "/orders/twelve").status, 404)
        }
    }
}
#endif
