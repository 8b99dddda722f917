import Foundation
@_spi(HandlerRouter) @_spi(Tools) package import URLRouter
package import URLRouterHandlers

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
    /// The file's rewrite rules the router refused, with why.
    package let refusedRules: [(rule: Int, error: RouterError)]
    /// The registration of each entry the router holds (a replaced or refused entry has none).
    package let registrations: [Int: RouteRegistration]
    /// How findings name each route, when the file's own spelling is not what its reader knows
    /// (an OpenAPI document's operations); `nil` for ``label(_:)``'s own.
    let labels: [String]?

    /// Registers `file`'s routes in a router on `backend`, one by one, so each refusal names its
    /// route; `labels`, one per route, name them in findings.
    package init(file: RouteFile, options: RouterOptions, backend: RouterBackend, labels: [String]? = nil) {
        self.labels = labels
        var replaceOptions = options
        replaceOptions.duplicateRoutes = .replace
        let router = Router(options: replaceOptions, handlerOptions: .readingAsTable, backend: backend)
        var refused: [(entry: Int, error: RouterError)] = []
        for (index, entry) in file.routes.enumerated() {
            do {
                try router.register(
                    contentsOf: [
                        RouteDefinition(
                            entry.pattern, method: entry.method, host: entry.host, name: String(index),
                            handler: .value(entry.handler ?? ""))
                    ])
            } catch {
                refused.append((index, error))
            }
        }
        var refusedRules: [(rule: Int, error: RouterError)] = []
        for (index, rule) in file.rewriteRules.enumerated() {
            do {
                try router.addRewriteRule(rule.expression, target: rule.target)
            } catch {
                refusedRules.append((index, error))
            }
        }
        self.refusedRules = refusedRules
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
    package func entry(of registration: RouteRegistration) -> (index: Int, entry: RouteFile.Route)? {
        guard let index = registration.name.flatMap(Int.init), file.routes.indices.contains(index) else { return nil }
        return (index, file.routes[index])
    }

    /// `METHOD /pattern (file:line)` for a person, or the route's label when the table has them.
    package func label(_ index: Int) -> String {
        if let labels { return labels[index] }
        let entry = file.routes[index]
        return "\(entry.method.map { $0 + " " } ?? "")\(entry.host ?? "")\(entry.pattern) (\(file.path):\(entry.line))"
    }

    /// `file:line:column: error: message` for each refused route, as a compiler prints it.
    package var refusalDiagnostics: [String] {
        refused.map { index, error in
            let route = file.routes[index]
            return "\(file.path):\(route.line):\(route.column(of: error)): error: \(error.description)"
        }
            + refusedRules.map { index, error in
                "\(file.path):\(file.rewriteRules[index].line): error: \(error.description)"
            }
    }
}
