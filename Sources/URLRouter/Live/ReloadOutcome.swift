/// What one change of a ``LiveRouteTable`` did: the table swapped in, the change refused with
/// every problem (the last good table still serving), or nothing to do.
public struct ReloadOutcome: Sendable, CustomStringConvertible {
    /// The kind of outcome; the `outcome` dimension of `urlrouter_reloads_total` is its name.
    public enum Kind: Sendable, Hashable, CaseIterable {
        /// The new table is serving.
        case success
        /// The new table failed validation; the one before it is still serving.
        case rejected
        /// The new table's routes, rules and options are those serving: nothing changed.
        case unchanged
    }

    /// What happened.
    public let kind: Kind
    /// The version serving after the change (1 for the first table, one more per swap).
    public let version: Int
    /// The number of routes serving after the change.
    public let routeCount: Int
    /// Where the new table came from: a file's path, or the caller's name for it (in
    /// ``description``).
    let source: String
    /// Why a rejected table was rejected, each with its file and line; empty otherwise.
    public let problems: [RouteProblem]

    /// One line for a log: `route table v3: 204 routes from routes.txt`,
    /// `route table rejected: routes.txt:41:5: <reason>; still serving v2`, or
    /// `route table unchanged: routes.txt; still serving v2`.
    public var description: String {
        switch kind {
        case .success:
            return "route table v\(version): \(routeCount) route\(routeCount == 1 ? "" : "s") from \(source)"
        case .unchanged: return "route table unchanged: \(source); still serving v\(version)"
        case .rejected:
            let more = problems.count > 1 ? " (and \(problems.count - 1) more)" : ""
            let first = problems.first?.description ?? source
            return "route table rejected: \(first)\(more); still serving v\(version)"
        }
    }
}
