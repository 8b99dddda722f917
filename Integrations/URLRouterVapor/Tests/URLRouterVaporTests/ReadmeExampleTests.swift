import URLRouterVapor
import Vapor
import XCTVapor

/// The README's Vapor example, as written there (but for `execute`), answers as it says.
final class ReadmeExampleTests: XCTestCase {
    func testTheReadmeExampleServesItsRoutes() async throws {
        // The README's lines, on a test application that `withRunningServer` makes and shuts down.
        let readme: (Application) throws -> Void = { app in
            app.responder.use(.urlRouter)  // the one line
            app.get("users", ":id") { req in "user \(try req.parameters.require("id", as: Int.self))" }
            app.grouped("api").get("files", "**") { req in req.parameters.getCatchall().joined(separator: "/") }
            // URLRouter's own syntax through the pattern string, in groups too:
            try app.on(pattern: "/orders/:id(\\d+)", method: .GET) { req in "order \(req.parameters.get("id") ?? "")" }
        }
        try await withRunningServer(.default, routes: readme) { client in
            XCTAssertEqual(try client.send("GET", "/users/7").body, "user 7")
            XCTAssertEqual(try client.send("GET", "/api/files/a/b.txt").body, "a/b.txt")
            XCTAssertEqual(try client.send("GET", "/orders/12").body, "order 12")
            XCTAssertEqual(try client.send("GET", "/orders/twelve").status, 404)
        }
    }
}
