/// What a trial of a candidate table found (``LiveRouteTable/trialReport``): how many lookups it
/// sampled, how many of them the candidate answers otherwise, the first of those, and how it
/// ended.
public struct TrialReport: Sendable, CustomStringConvertible {
    /// A sampled request the candidate answers otherwise than the serving table, each answer
    /// written as `urlrouter diff` writes it: `GET /users/:id (id=7)`, or a miss's reason.
    public struct Change: Sendable, Hashable, CustomStringConvertible {
        /// The request's method, `nil` for none.
        public var method: String?
        /// The request's host, when the lookup was given one.
        public var host: String?
        /// The request's URL.
        public var url: String
        /// The serving table's answer.
        public var serving: String
        /// The candidate's answer.
        public var candidate: String

        /// `GET /users/7: GET /users/:id (id=7) -> noMatch`, as `urlrouter diff` prints a change.
        public var description: String {
            "\(method ?? "ANY") \(host.map { "\($0) " } ?? "")\(url): \(serving) -> \(candidate)"
        }
    }

    /// How a trial ended.
    public enum Ending: Sendable, Hashable {
        /// The candidate serves, as this version.
        case promoted(version: Int)
        /// The candidate was dropped; the serving table serves on.
        case discarded
    }

    /// Where the candidate came from (a file's path, or `code`).
    public var source: String
    /// The policy the trial ran under.
    public var policy: TrialPolicy
    /// The lookups sampled so far.
    public var sampled: Int
    /// How many of them the candidate answers otherwise: another route, other parameters, or a
    /// miss for another reason.
    public var changed: Int
    /// The first changes, at most ``TrialPolicy/keptExamples``.
    public var examples: [Change]
    /// How the trial ended, `nil` while it runs.
    public var ending: Ending?

    /// `trial of routes.txt: 3 of 1000 sampled lookups answered differently, promoted as v4`, then
    /// one line per example.
    public var description: String {
        let state: String
        switch ending {
        case .promoted(let version): state = ", promoted as v\(version)"
        case .discarded: state = ", discarded"
        case nil: state = ""
        }
        let head = "trial of \(source): \(changed) of \(sampled) sampled lookups answered differently\(state)"
        return ([head] + examples.map { "  \($0)" }).joined(separator: "\n")
    }
}
