#if Vapor
import Synchronization
public import Vapor

/// The handlers a route file names, registered in code by name: a route `GET /users/:id showUser`
/// of the file given to ``Vapor/Application/Responder/Provider/urlRouter(routeFile:defaultHandler:options:backend:answersMethodNotAllowed:pollInterval:reloadsOnHangup:trial:onOutcome:)``
/// is answered by the handler named `showUser`.
///
/// ```swift
/// app.routeFileHandlers.add("showUser") { req in "user \(try req.parameters.require("id"))" }
/// app.responder.use(.urlRouter(routeFile: "routes.txt"))
/// ```
public struct RouteFileHandlers: Sendable {
    let storage: Storage

    /// The handlers, by name.
    final class Storage: Sendable {
        let handlers = Mutex<[String: @Sendable (Request) async throws -> Response]>([:])
    }

    struct Key: StorageKey {
        typealias Value = Storage
    }

    /// Adds the handler named `name`; a later one of the same name replaces it. The application
    /// middleware runs around it, as around every route.
    ///
    /// - Parameters:
    ///   - name: the name route files use.
    ///   - closure: the handler; `req.parameters` holds what the route matched.
    public func add(
        _ name: String, use closure: @Sendable @escaping (Request) async throws -> some AsyncResponseEncodable
    ) {
        storage.handlers.withLock { $0[name] = { request in try await closure(request).encodeResponse(for: request) } }
    }

    /// The handlers added so far.
    var all: [String: @Sendable (Request) async throws -> Response] { storage.handlers.withLock { $0 } }
}

extension Application {
    /// The handlers route files name (``RouteFileHandlers``).
    public var routeFileHandlers: RouteFileHandlers {
        if let storage = storage[RouteFileHandlers.Key.self] { return RouteFileHandlers(storage: storage) }
        let storage = RouteFileHandlers.Storage()
        self.storage[RouteFileHandlers.Key.self] = storage
        return RouteFileHandlers(storage: storage)
    }
}
#endif
