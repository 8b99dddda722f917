/// A compiled route table (a class: a lookup calls it through one reference, copying nothing).
package protocol RouteMatcher: AnyObject, Sendable {
    /// Finds the first route, in precedence order, that matches `request` and answers it.
    ///
    /// - Complexity: linear in the URL's length for routes without user regexes; user regexes
    ///   run under `budget`.
    func firstMatch(_ request: MatchRequest, budget: inout WorkBudget) -> MatchOutcome
}
