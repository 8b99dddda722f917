import Foundation
package import URLRouter
package import URLRouterConformance

/// A route file's routes in a router, each named by its index in the file, with what
/// `urlrouter match --routes` and `urlrouter lint` need to say where a route was written.
package struct RouteFileTable: Sendable {
    /// The file.
    package let file: RouteFile
    /// Every valid route of the file, registered in file order (a duplicate replaces).
    package let router: Router
    /// The options the routes were read under.
    package let options: RouterOptions
    /// The file's routes the router refused, with why and where.
    package let refused: [(entry: Int, error: RouterError)]
    /// The registration of each entry the router holds (a replaced or refused entry has none).
    package let registrations: [Int: RouteRegistration]

    /// Registers `file`'s routes in a router on `backend`, one by one, so each refusal names its route.
    package init(file: RouteFile, options: RouterOptions, backend: RouterBackend) {
        var replaceOptions = options
        replaceOptions.duplicateRoutes = .replace
        let router = Router(options: replaceOptions, backend: backend)
        var refused: [(entry: Int, error: RouterError)] = []
        for (index, entry) in file.entries.enumerated() {
            do {
                try router.register(
                    entry.pattern, method: entry.method, name: String(index), handler: .value(entry.target ?? ""))
            } catch {
                refused.append((index, error))
            }
        }
        self.file = file
        self.router = router
        self.options = options
        self.refused = refused
        var registrations: [Int: RouteRegistration] = [:]
        for registration in router.registrations {
            if let index = registration.name.flatMap(Int.init) { registrations[index] = registration }
        }
        self.registrations = registrations
    }

    /// The file entry a registration was made from.
    package func entry(of registration: RouteRegistration) -> (index: Int, entry: RouteFile.Entry)? {
        guard let index = registration.name.flatMap(Int.init), file.entries.indices.contains(index) else { return nil }
        return (index, file.entries[index])
    }

    /// `METHOD /pattern (file:line)` for a person.
    package func label(_ index: Int) -> String {
        let entry = file.entries[index]
        return "\(entry.method.map { $0 + " " } ?? "")\(entry.pattern) (\(file.path):\(entry.line))"
    }

    /// `file:line:column: error: message` for each refused route, as a compiler prints it.
    package var refusalDiagnostics: [String] {
        refused.map { index, error in
            "\(file.location(of: file.entries[index], offset: error.offset)): error: \(error.description)"
        }
    }
}
