import Synchronization
import Testing
import URLRouterHandlers

/// Extra values reach a handler as the caller gave them, through the public API alone (no
/// `@testable`): FFRouter's `routeURL:withParameters:` with an object, read back typed.
@Suite struct ExtraValueTests {
    struct Image: Sendable, Equatable { var name: String }

    @Test func aHandlerReadsAnExtraValueAsGiven() throws {
        let router = Router()
        let seen = Mutex<[(any Sendable)?]>([])
        try router.register("/photos/:id") { match in
            seen.withLock { $0 += [match.parameters["image"], match.parameters["id"], match.parameters["size"]] }
        }
        _ = try router.route("/photos/1?size=9", extra: ["image": Image(name: "cat")]).get()
        let values = seen.withLock { $0 }
        #expect(values.count == 3)
        #expect(values[0] as? Image == Image(name: "cat"))
        #expect(values[1] as? String == "1")
        #expect(values[2] as? String == "9")
    }

    @Test func anExtraValueBeatsAPathParameterOfItsName() throws {
        let router = Router()
        try router.register("/users/:id") { _ in }
        let match = try router.match("/users/7?id=9", extra: ["id": 3]).get()
        #expect(match.parameters["id"] as? Int == 3)
        #expect(match.parameters["missing"] == nil)
        let plain = try router.match("/users/7?id=9").get()
        #expect(plain.parameters["id"] as? String == "7", "a path parameter beats a query item")
    }
}
