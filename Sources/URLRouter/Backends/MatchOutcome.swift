/// The answer of a route matcher.
package enum MatchOutcome {
    /// The first route in precedence order that matches and answers.
    case matched(RawMatch)
    /// No route matches.
    case noMatch
    /// A user regex reached the work limit before the answer was known.
    case limitExceeded
}

@available(*, unavailable, message: "a MatchOutcome points into a request's lent storage")
extension MatchOutcome: Sendable {}
