#if Vapor
import URLRouterVapor
import Vapor
import XCTVapor

/// A miss fails with Vapor's own `RouteNotFound`, so an app's middleware that matches it (a
/// single-page app serving its index for unknown paths) works unchanged; a strict-profile refusal
/// is logged at debug level, as the miss it is under Vapor's own router.
final class MissErrorTests: XCTestCase {
    /// Serves the index for any path no route takes, and says what other errors it saw.
    struct SinglePageFallback: AsyncMiddleware {
        func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
            do {
                return try await next.respond(to: request)
            } catch is RouteNotFound {
                return Response(status: .ok, body: "index")
            } catch let error as any AbortError & DebuggableError {
                return Response(status: error.status, body: .init(string: "\(error.logLevel) \(error.reason)"))
            }
        }
    }

    func testAMissFailsWithVaporsRouteNotFoundUnderBothRouters() async throws {
        for provider in [Application.Responder.Provider.default, .urlRouter] {
            let body = try await withApplication(provider) { app in
                app.middleware.use(SinglePageFallback())
                try await app.asyncBoot()
                try await app.testable().test(.GET, "/users/7") { response async in
                    XCTAssertEqual(response.body.string, "user 7")
                }
                return try await app.testable().sendRequest(.GET, "/no/such/page").body.string
            }
            XCTAssertEqual(body, "index")
        }
    }

    func testARefusalIsA400LoggedAtDebugLevel() async throws {
        try await withApplication { app in
            app.middleware.use(SinglePageFallback())
            try await app.asyncBoot()
            try await app.testable().test(.GET, "/users/%2e%2e") { response async in
                XCTAssertEqual(response.status, .badRequest)
                XCTAssertEqual(response.body.string, "debug refused: the path holds a '.' or '..' segment")
            }
        }
    }
}
#endif
