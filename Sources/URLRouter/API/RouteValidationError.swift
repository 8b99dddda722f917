/// Every problem a server integration found in its routes before serving, each named in the
/// integration's words: the route's method and path (group prefixes included) and, where the API
/// knows it, the file and line that added it.
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
    /// Every problem, in the order the routes, then the rules, were added; each one's
    /// `description` names its route the integration's way.
    public let problems: [RouteProblem]

    package init(problems: [RouteProblem]) {
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
