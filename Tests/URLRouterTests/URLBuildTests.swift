import Testing
import URLRouterHandlers

@_spi(HandlerRouter) @_spi(Tools) @testable import URLRouter

@Suite struct URLBuildTests {
    let table: RouteTable<Int>

    init() throws {
        table = try RouteTable<Int>(
            [
                .init("/users/me", name: "me", value: 0),
                .init("/users/:id(\\d+)", method: "GET", name: "user", value: 1),
                .init("/users/:id(\\d+)/files/**", name: "file", value: 2),
                .init("/names/:name", name: "name", value: 3),
                .init("/img/{a}-{b}.png", name: "image", value: 4),
                .init("/any/*/x", name: "wild", value: 5),
                .init("app://caf%C3%A9/:slug", name: "cafe", value: 6),
                .init("/profiles/:who", name: "profile", value: 7),
            ], options: .handlerRouter)
    }

    func failure(_ body: () throws -> String) -> URLBuildError? {
        do {
            let url = try body()
            Issue.record("expected an error, built \(url)")
            return nil
        } catch {
            #expect(error is URLBuildError, "\(error)")
            return error as? URLBuildError
        }
    }

    @Test func valuesAreEncodedAndTheURLRoundTrips() throws {
        #expect(try table.url(forRouteNamed: "user", parameters: ["id": "42"]) == "/users/42")
        #expect(
            try table.url(forRouteNamed: "file", parameters: ["id": "7"], catchAll: ["a b", "c/d"])
                == "/users/7/files/a%20b/c%2Fd")
        #expect(try table.url(forRouteNamed: "name", parameters: ["name": "x/y 100%"]) == "/names/x%2Fy%20100%25")
        // A table routes paths: a URL with a scheme has an empty host.
        #expect(try table.url(forRouteNamed: "cafe", parameters: ["slug": "é"]) == "app:///caf%C3%A9/%C3%A9")
        #expect(
            try table.url(forRouteNamed: "name", parameters: ["name": "a"], query: [("q", "1 2"), ("x", "&")])
                == "/names/a?q=1%202&x=%26")
        // The built URL gives the values back.
        let built = try table.url(forRouteNamed: "name", parameters: ["name": "x/y 100%"])
        #expect(try table.lookup(method: "GET", url: built).get().parameters.get("name") == "x/y 100%")
        // By pattern, with the pattern's own names, whatever names the lookup pattern uses.
        #expect(try table.url(forPattern: "/users/:n(\\d+)", method: "get", parameters: ["id": "5"]) == "/users/5")
        #expect(try table.url(forPattern: "/profiles/{x}", parameters: ["who": "ann"]) == "/profiles/ann")
    }

    @Test func whatCannotRoundTripIsRefusedWithItsReason() throws {
        #expect(failure { try table.url(forRouteNamed: "nobody") }?.reason == .unknownRoute)
        #expect(failure { try table.url(forPattern: "/users/:id(\\d+)") }?.reason == .unknownRoute, "no such method")
        let missing = failure { try table.url(forRouteNamed: "user") }
        #expect(missing?.reason == .missingValue && missing?.parameter == "id")
        let unused = failure { try table.url(forRouteNamed: "user", parameters: ["id": "1", "iid": "2"]) }
        #expect(unused?.reason == .unusedValue && unused?.parameter == "iid")
        #expect(
            failure { try table.url(forRouteNamed: "user", parameters: ["id": "1"], catchAll: ["x"]) }?.reason
                == .unusedValue)
        #expect(failure { try table.url(forRouteNamed: "file", parameters: ["id": "1"]) }?.reason == .missingValue)
        let constraint = failure { try table.url(forRouteNamed: "user", parameters: ["id": "abc"]) }
        #expect(constraint?.reason == .invalidValue && constraint?.parameter == "id")
        #expect(
            constraint?.description
                == #"invalidValue: '/users/:id(\d+)': the value 'abc' of ':id' does not match its constraint \d+"#)
        #expect(failure { try table.url(forRouteNamed: "name", parameters: ["name": ""]) }?.reason == .invalidValue)
        #expect(failure { try table.url(forRouteNamed: "wild") }?.reason == .unnamedSegment)
        // In-segment captures split greedily from the left: a="x-y", b="z" would be read back.
        let split = failure { try table.url(forRouteNamed: "image", parameters: ["a": "x", "b": "y-z"]) }
        #expect(split?.reason == .readBackDifferently, "\(String(describing: split))")
        #expect(try table.url(forRouteNamed: "image", parameters: ["a": "x-y", "b": "z"]) == "/img/x-y-z.png")
    }

    @Test func aURLAnotherRouteTakesNamesThatRoute() throws {
        let table = try RouteTable<Int>([
            .init("/users/me", name: "me", value: 0), .init("/users/:id", name: "user", value: 1),
        ])
        let error = failure { try table.url(forRouteNamed: "user", parameters: ["id": "me"]) }
        #expect(error?.reason == .takenByAnotherRoute)
        #expect(error?.takenBy?.name == "me")
        #expect(error?.url == "/users/me")
        #expect(try table.url(forRouteNamed: "user", parameters: ["id": "you"]) == "/users/you")
    }

    @Test func aRouterBuildsFromTheRoutesRegisteredNow() throws {
        let router = Router()
        try router.register("/orders/:id", name: "order") { _ in }
        #expect(try router.url(forRouteNamed: "order", parameters: ["id": "9"]) == "/orders/9")
        try router.register("/orders/:n", name: "renamed") { _ in }
        #expect(throws: URLBuildError.self) { try router.url(forRouteNamed: "order", parameters: ["id": "9"]) }
        #expect(try router.url(forPattern: "/orders/:x", parameters: ["n": "1"]) == "/orders/1")
    }
}
