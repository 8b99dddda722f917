#if Vapor
@_spi(HandlerRouter) @_spi(Tools) import URLRouter
import URLRouterVapor
import Vapor
import XCTVapor

/// `.urlRouter` checks the application's routes when it boots: refused routes stop the boot with
/// an error that names each one (never a crash), on the options and backend that will serve.
final class BootValidationTests: XCTestCase {
    func testARefusedRouteFailsTheBootNamingEveryRefusal() async throws {
        let routes: (Application) -> Void = { app in
            app.get("users", ":user.id") { _ in "" }
            app.get("fine") { _ in "fine" }
            app.grouped("api").post("items", ":a b") { _ in "" }
        }
        try await withApplication(routes: routes) { app in
            do {
                try await app.asyncBoot()
                XCTFail("the application booted with refused routes")
            } catch let error as RouteValidationError {
                XCTAssertEqual(error.problems.count, 2, "\(error)")
                XCTAssertTrue(
                    error.problems[0].description.hasPrefix("GET /users/:user.id: invalidPattern"), "\(error)")
                XCTAssertTrue(error.problems[1].description.hasPrefix("POST /api/items/:a b: "), "\(error)")
            }
        }
    }

    func testTestableRunsTheSameCheck() async throws {
        let routes: (Application) -> Void = { $0.get("users", ":user.id") { _ in "" } }
        try await withApplication(routes: routes) { app in
            XCTAssertThrowsError(try app.testable()) { error in
                XCTAssertTrue(error is RouteValidationError, "\(error)")
            }
        }
    }

    func testAReplacedRouteBootsAndTheLaterAnswers() async throws {
        let routes: (Application) -> Void = { app in
            app.get("a", ":id") { _ in "id" }
            app.get("a", ":name") { request in "name \(request.parameters.get("name") ?? "")" }
        }
        _ = try await withApplication(routes: routes) { app in
            try await app.testable().test(.GET, "/a/7") { response async in
                XCTAssertEqual(response.body.string, "name 7")
            }
        }
    }

    func testRoutesAddedAfterTheBootAreServed() async throws {
        _ = try await withApplication { app in
            let tester = try app.testable()
            app.get("later") { _ in "later" }
            return try await tester.test(.GET, "/later") { response async in
                XCTAssertEqual(response.body.string, "later")
            }
        }
    }

    func testTheOptionsGivenAreTheOptionsChecked() async throws {
        var options = URLRouterResponder.vaporOptions
        options.duplicateRoutes = .refuse
        let provider = try Application.Responder.Provider.urlRouter(options: options)
        let routes: (Application) -> Void = { app in
            app.get("a", ":id") { _ in "id" }
            app.get("a", ":name") { _ in "name" }
        }
        try await withApplication(provider, routes: routes) { app in
            do {
                try await app.asyncBoot()
                XCTFail("the application booted with a refused duplicate")
            } catch let error as RouteValidationError {
                XCTAssertEqual(error.problems.map(\.error.code), [.duplicateRoute], "\(error)")
                XCTAssertTrue(error.problems[0].description.hasPrefix("GET /a/:name: duplicateRoute"), "\(error)")
            }
        }
    }
}
#endif
