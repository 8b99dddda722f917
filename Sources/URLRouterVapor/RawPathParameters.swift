#if Vapor
@_spi(HandlerRouter) @_spi(Tools) import URLRouter
import Vapor

/// The path parameters of a request as written in its path, escapes and all, which
/// ``URLRouterResponder`` stores in `request.storage` for the routes that ask for them (those of a
/// `URLRouterVaporTransport`, whose generated code decodes each value once).
enum RawPathParameters: StorageKey {
    typealias Value = [String: Substring]

    /// The `Route.userInfo` key of a route that asks for them.
    static let routeKey: AnySendableHashable = "URLRouterVapor.RawPathParameters"

    /// Whether `route` asks for them.
    static func areWanted(by route: Route) -> Bool {
        route.userInfo[routeKey] != nil
    }

    /// The match's path parameters as written.
    static func of<Value>(_ match: borrowing RouteTable<Value>.BorrowedMatch) -> [String: Substring] {
        var parameters: [String: Substring] = [:]
        for index in 0..<match.parameterCount {
            parameters[match.parameterName(at: index)] = match.rawParameter(at: index).withUnsafeBufferPointer {
                Substring(decoding: $0, as: UTF8.self)
            }
        }
        return parameters
    }
}
#endif
