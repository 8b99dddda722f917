/// A route table that cannot be served, with every problem: the one error of a refused table,
/// whether its routes came from code (``RouteTable/init(_:rewriteRules:options:backend:)``), from a
/// route file (``LiveRouteTable``) or from a server integration, whose problems name each route
/// in its own words (the route's method and path, group prefixes included, and the file and line
/// that added it, where the integration knows them).
///
/// `URLRouterBuilder.validate()` (Hummingbird) throws it, and a Vapor application that uses
/// `.urlRouter` fails to start with it.
///
/// ```
/// URLRouter found 2 problems in the routes:
///   GET /bad/:id(: invalidConstraint: '/bad/:id(' at offset 5: ... (App/Routes.swift:12)
///   GET /a/:name: replaces GET /a/:id, registered before it with the same pattern (parameter names aside), method and variant
/// ```
public struct RouteValidationError: Error, Sendable, CustomStringConvertible {
    /// Every problem, in the order the routes, then the rules, were given; each one's
    /// `description` names its route or its file's line.
    public let problems: [RouteProblem]

    @_spi(Tools) public init(problems: [RouteProblem]) {
        self.problems = problems
    }

    /// One line per problem, with its file and line where known.
    public var description: String {
        let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
        let lines = problems.map { problem in
            "  " + problem.description + (problem.location.map { " (\($0))" } ?? "")
        }
        return (["URLRouter found \(count) in the routes:"] + lines).joined(separator: "\n")
    }
}
