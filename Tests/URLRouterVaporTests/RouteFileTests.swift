#if Vapor
import Foundation
import Synchronization
@testable import URLRouter
import URLRouterVapor
import Vapor
import XCTVapor

/// `.urlRouter(routeFile:)`: a route file served beside the application's routes by named
/// handlers, checked at boot, reloaded while the application runs, stopped at shutdown.
final class RouteFileTests: XCTestCase {
    /// A route file in a folder of its own, holding `text`.
    static func routeFile(_ text: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vapor-routes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("routes.txt").path
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    /// Writes `text` beside `path` and renames it over `path`.
    static func replace(_ path: String, with text: String) throws {
        try text.write(toFile: path + ".next", atomically: false, encoding: .utf8)
        XCTAssertEqual(rename(path + ".next", path), 0)
    }

    /// The application's routes in code and the handlers files name.
    static func routes(_ app: Application) {
        app.get("health") { _ in "ok" }
        app.routeFileHandlers.add("showUser") { request in "user \(request.parameters.get("id") ?? "-")" }
        app.routeFileHandlers.add("showOrder") { request in "order \(request.parameters.get("id") ?? "-")" }
    }

    /// The outcomes reported, in order.
    final class Outcomes: Sendable {
        private let list = Mutex<[ReloadOutcome]>([])
        func append(_ outcome: ReloadOutcome) { list.withLock { $0.append(outcome) } }
        var all: [ReloadOutcome] { list.withLock { $0 } }

        /// Waits up to 60 seconds for `count` outcomes (long: a test that blocks the thread pool
        /// delays the watcher); returns them.
        func wait(for count: Int) async throws -> [ReloadOutcome] {
            let deadline = ContinuousClock.now + .seconds(60)
            while all.count < count, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
            return all
        }
    }

    func testARouteFileServesNamedHandlersBesideTheApplicationsRoutesAndReloads() async throws {
        let path = try Self.routeFile("GET /users/:id showUser\nDELETE /users/:id showUser\n")
        let outcomes = Outcomes()
        let provider = Application.Responder.Provider.urlRouter(
            routeFile: path, answersMethodNotAllowed: true, pollInterval: .milliseconds(20), reloadsOnHangup: false,
            onOutcome: { outcomes.append($0) })
        try await withApplication(provider, routes: Self.routes) { app in
            let tester = try app.testable(method: .running(hostname: "127.0.0.1", port: 0))
            try await tester.test(.GET, "/users/7") { response async in XCTAssertEqual(response.body.string, "user 7") }
            try await tester.test(.GET, "/health") { response async in XCTAssertEqual(response.body.string, "ok") }
            try await tester.test(.PUT, "/users/7") { response async in
                XCTAssertEqual(response.status, .methodNotAllowed)
                XCTAssertEqual(response.headers.first(name: "Allow"), "DELETE, GET, HEAD")
            }
            try await tester.test(.HEAD, "/users/7") { response async in XCTAssertEqual(response.status, .ok) }
            try await tester.test(.GET, "/orders/1") { response async in XCTAssertEqual(response.status, .notFound) }

            try Self.replace(path, with: "GET /users/:id showUser\nGET /orders/:id showOrder\n")
            let served = try await outcomes.wait(for: 1)
            XCTAssertEqual(served.map(\.kind), [.success])
            try await tester.test(.GET, "/orders/12") { response async in
                XCTAssertEqual(response.body.string, "order 12")
            }
            try await tester.test(.DELETE, "/users/7") { response async in
                XCTAssertEqual(response.status, .methodNotAllowed)
            }

            try Self.replace(path, with: "GET /users/:id showUser\nGET /orders/:id( showOrder\n")
            let rejected = try await outcomes.wait(for: 2)
            XCTAssertEqual(rejected.last?.kind, .rejected)
            XCTAssertEqual(rejected.last?.problems.map(\.line), [2])
            try await tester.test(.GET, "/orders/12") { response async in
                XCTAssertEqual(response.body.string, "order 12")
            }
        }
    }

    /// The README's and the article's lines, as written there.
    func testTheDocumentationsLines() async throws {
        let routesPath = try Self.routeFile("GET /users/:id showUser\n")
        let noRoutesInCode: (Application) throws -> Void = { _ in }
        try await withApplication(routes: noRoutesInCode) { app -> Void in
            // Vapor: read when the application boots (a bad file fails the boot), watched until shutdown
            app.routeFileHandlers.add("showUser") { req in "user \(try req.parameters.require("id"))" }
            app.responder.use(.urlRouter(routeFile: routesPath))

            try await app.testable().test(.GET, "/users/5") { response async in
                XCTAssertEqual(response.body.string, "user 5")
            }
        }
    }

    func testABadFileFailsTheBootNamingItsLines() async throws {
        let path = try Self.routeFile("GET /users/:id showUser\nGET /orders/:id nosuch\nGET /x\n")
        try await withApplication(.urlRouter(routeFile: path), routes: Self.routes) { app in
            do {
                try await app.asyncBoot()
                XCTFail("the application booted with a bad route file")
            } catch let error as RouteFileError {
                XCTAssertEqual(error.problems.map(\.line), [2, 3], "\(error)")
                XCTAssertEqual(error.problems.first?.description, "\(path):2:17: no handler named 'nosuch'")
            }
        }
        // With a default handler, a line without a name is served by it.
        let provider = Application.Responder.Provider.urlRouter(
            routeFile: try Self.routeFile("GET /users/:id\n"), defaultHandler: "showUser")
        try await withApplication(provider, routes: Self.routes) { app -> Void in
            try await app.testable().test(.GET, "/users/3") { response async in
                XCTAssertEqual(response.body.string, "user 3")
            }
        }
    }
}
#endif
