#if Vapor
import Foundation
import ReloadTestSupport
@_spi(HandlerRouter) @_spi(Tools) import URLRouter
import URLRouterVapor
import Vapor
import XCTVapor

/// `.urlRouter(routeFile:)`: a route file served beside the application's routes by named
/// handlers, checked at boot, reloaded while the application runs, stopped at shutdown.
final class RouteFileTests: XCTestCase {
    /// The application's routes in code and the handlers files name.
    static func routes(_ app: Application) {
        app.get("health") { _ in "ok" }
        app.routeFileHandlers.add("showUser") { request in "user \(request.parameters.get("id") ?? "-")" }
        app.routeFileHandlers.add("showOrder") { request in "order \(request.parameters.get("id") ?? "-")" }
    }

    func testARouteFileServesNamedHandlersBesideTheApplicationsRoutesAndReloads() async throws {
        let path = try RouteFiles.write("GET /users/:id showUser\nDELETE /users/:id showUser\n")
        let outcomes = ReloadOutcomes()
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

            try RouteFiles.replace(path, with: "GET /users/:id showUser\nGET /orders/:id showOrder\n")
            let served = try await outcomes.wait(for: 1)
            XCTAssertEqual(served.map(\.kind), [.success])
            try await tester.test(.GET, "/orders/12") { response async in
                XCTAssertEqual(response.body.string, "order 12")
            }
            try await tester.test(.DELETE, "/users/7") { response async in
                XCTAssertEqual(response.status, .methodNotAllowed)
            }

            try RouteFiles.replace(path, with: "GET /users/:id showUser\nGET /orders/:id( showOrder\n")
            let rejected = try await outcomes.wait(for: 2)
            XCTAssertEqual(rejected.last?.kind, .rejected)
            XCTAssertEqual(rejected.last?.problems.map(\.place?.line), [2])
            try await tester.test(.GET, "/orders/12") { response async in
                XCTAssertEqual(response.body.string, "order 12")
            }
        }
    }

    /// With a trial policy, a changed file goes on trial: the serving table answers, sampled
    /// requests whose answer would change are counted, and the operator promotes the candidate
    /// through `app.routeFileTrial`.
    func testAChangedFileGoesOnTrialUntilTheOperatorPromotesIt() async throws {
        let path = try RouteFiles.write("GET /users/:id showUser\n")
        let provider = Application.Responder.Provider.urlRouter(
            routeFile: path, pollInterval: .milliseconds(20), reloadsOnHangup: false,
            trial: TrialPolicy(sampleEvery: 1))
        let routes: (Application) -> Void = { app in
            Self.routes(app)
            // The operator's routes of `RouteFileTrial`'s documentation.
            app.get("admin", "trial") { req in req.application.routeFileTrial?.report?.description ?? "no trial" }
            app.post("admin", "trial", "promote") { req in
                req.application.routeFileTrial?.promote()?.description ?? "no trial"
            }
        }
        try await withApplication(provider, routes: routes) { app in
            XCTAssertNil(app.routeFileTrial, "a trial handle before the boot")
            let tester = try app.testable(method: .running(hostname: "127.0.0.1", port: 0))
            XCTAssertNil(app.routeFileTrial?.report)
            try RouteFiles.replace(path, with: "GET /users/:id showUser\nGET /orders/:id showOrder\n")
            try await Patience.wait { app.routeFileTrial?.report != nil }
            XCTAssertEqual(app.routeFileTrial?.report?.source, path)

            // The serving table answers; only the request the candidate answers otherwise is counted.
            try await tester.test(.GET, "/orders/12") { response async in XCTAssertEqual(response.status, .notFound) }
            try await tester.test(.GET, "/users/7") { response async in XCTAssertEqual(response.body.string, "user 7") }
            let report = try XCTUnwrap(app.routeFileTrial?.report)
            XCTAssertEqual(report.sampled, 2)
            XCTAssertEqual(report.changed, 1)
            // Each example names the request (its Host header too) and both answers.
            XCTAssertEqual(report.examples.map(\.url), ["/orders/12"])
            XCTAssertEqual(report.examples.first?.host?.hasPrefix("127.0.0.1"), true)
            XCTAssertEqual(report.examples.first?.serving, "noMatch")
            XCTAssertEqual(report.examples.first?.candidate, "GET /orders/:id (id=12)")

            // The operator reads the report and promotes the candidate.
            try await tester.test(.GET, "/admin/trial") { response async in
                XCTAssertTrue(response.body.string.contains("/orders/12: noMatch -> GET /orders/:id (id=12)"))
            }
            try await tester.test(.POST, "/admin/trial/promote") { response async in
                XCTAssertTrue(response.body.string.hasPrefix("route table v2"), response.body.string)
            }
            XCTAssertEqual(app.routeFileTrial?.report?.ending, .promoted(version: 2))
            XCTAssertEqual(app.routeFileTrial?.report?.sampled, 4)
            try await tester.test(.GET, "/orders/12") { response async in
                XCTAssertEqual(response.body.string, "order 12")
            }
            XCTAssertNil(app.routeFileTrial?.promote(), "a second promotion with no trial under way")
        }
    }

    /// The README's and the article's lines, as written there.
    func testTheDocumentationsLines() async throws {
        let routesPath = try RouteFiles.write("GET /users/:id showUser\n")
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
        let path = try RouteFiles.write("GET /users/:id showUser\nGET /orders/:id nosuch\nGET /x\n")
        try await withApplication(.urlRouter(routeFile: path), routes: Self.routes) { app in
            do {
                try await app.asyncBoot()
                XCTFail("the application booted with a bad route file")
            } catch let error as RouteValidationError {
                XCTAssertEqual(error.problems.map(\.place?.line), [2, 3], "\(error)")
                XCTAssertEqual(error.problems.first?.description, "\(path):2:17: no handler named 'nosuch'")
            }
        }
        // With a default handler, a line without a name is served by it.
        let provider = Application.Responder.Provider.urlRouter(
            routeFile: try RouteFiles.write("GET /users/:id\n"), defaultHandler: "showUser")
        try await withApplication(provider, routes: Self.routes) { app -> Void in
            try await app.testable().test(.GET, "/users/3") { response async in
                XCTAssertEqual(response.body.string, "user 3")
            }
        }
    }
}
#endif
