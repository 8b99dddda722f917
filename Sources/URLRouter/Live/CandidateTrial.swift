import Metrics
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A candidate table on trial beside a ``LiveRouteTable``'s serving one: which lookups it
/// samples, what it found, and when it has seen enough to decide (``TrialPolicy``).
///
/// Published with the serving table (``LiveRouteTable``'s snapshot), so that a lookup finds it
/// without a lock: a sampled lookup is looked up in the candidate too, on the request's thread
/// (one more lookup), and the two answers compared. Counted with swift-metrics
/// (`urlrouter_trial_lookups_total`, `answer` `same` or `changed`, and `table`).
@usableFromInline
final class CandidateTrial<Value: Sendable>: Sendable {
    /// The candidate, compiled and validated before the trial started.
    @usableFromInline let candidate: RouteTable<Value>
    /// What the candidate was made from, for the swap that promotes it.
    let definition: TableDefinition<Value>
    let policy: TrialPolicy
    let source: String
    /// The lookups seen, one in ``TrialPolicy/sampleEvery`` of them sampled.
    private let lookups = Atomic<Int>(0)
    /// What the trial found, and whether it has asked for its decision.
    private let found: LockedValue<(report: TrialReport, decisionAsked: Bool)>
    private let same: Counter
    private let changed: Counter

    init(
        candidate: RouteTable<Value>, definition: TableDefinition<Value>, policy: TrialPolicy, source: String,
        table: String
    ) {
        self.candidate = candidate
        self.definition = definition
        // The policy's fields are clamped by its initializer, not when set one by one.
        self.policy = TrialPolicy(
            sampleEvery: policy.sampleEvery, keptExamples: policy.keptExamples, decideAfter: policy.decideAfter,
            promoteAtMostChanged: policy.promoteAtMostChanged)
        self.source = source
        found = LockedValue(
            (TrialReport(source: source, policy: policy, sampled: 0, changed: 0, examples: [], ending: nil), false))
        same = Counter(label: "urlrouter_trial_lookups_total", dimensions: [("answer", "same"), ("table", table)])
        changed = Counter(
            label: "urlrouter_trial_lookups_total", dimensions: [("answer", "changed"), ("table", table)])
    }

    /// Whether this lookup is one the trial samples.
    @usableFromInline
    func samples() -> Bool {
        lookups.wrappingAdd(1, ordering: .relaxed).newValue % policy.sampleEvery == 0
    }

    /// Looks a sampled owning lookup up in the candidate and records it beside `serving`, the
    /// serving table's answer; `true` when the trial has now sampled enough to decide, once.
    @usableFromInline
    func compare(
        _ serving: Result<RouteMatch, RouteMiss>, method: String?, host: String?, url: String, variants: [String]
    ) -> Bool {
        let candidate = self.candidate.table.lookup(url, method: method, host: host, variants: variants)
        return record(method: method, host: host, url: url, differs: !TrialAnswer.same(serving, candidate)) {
            (TrialAnswer.text(serving), TrialAnswer.text(candidate))
        }
    }

    /// Records a sampled borrowed lookup whose answers are `serving` and `candidate`, both lent;
    /// `true` when the trial has now sampled enough to decide, once.
    @usableFromInline
    func record(method: String?, host: String?, url: String, serving: ResolvedLookup, candidate: ResolvedLookup)
        -> Bool
    {
        record(method: method, host: host, url: url, differs: !TrialAnswer.same(serving, candidate)) {
            (TrialAnswer.text(serving), TrialAnswer.text(candidate))
        }
    }

    /// Counts a sampled lookup, and keeps `answers` (written) as an example when it `differs`
    /// and the report has room.
    private func record(
        method: String?, host: String?, url: String, differs: Bool, answers: () -> (serving: String, candidate: String)
    ) -> Bool {
        (differs ? changed : same).increment()
        return found.withLock { found in
            found.report.sampled += 1
            if differs {
                found.report.changed += 1
                if found.report.examples.count < policy.keptExamples {
                    let (serving, candidate) = answers()
                    found.report.examples.append(
                        TrialReport.Change(method: method, host: host, url: url, serving: serving, candidate: candidate)
                    )
                }
            }
            guard let after = policy.decideAfter, found.report.sampled >= after, !found.decisionAsked else {
                return false
            }
            found.decisionAsked = true
            return true
        }
    }

    /// What the trial found so far.
    var report: TrialReport { found.withLock { $0.report } }

    /// Whether the candidate passes: at most ``TrialPolicy/promoteAtMostChanged`` of the sampled
    /// lookups changed answer.
    var passes: Bool {
        let report = self.report
        guard report.sampled > 0 else { return true }
        return Double(report.changed) <= policy.promoteAtMostChanged * Double(report.sampled)
    }
}

/// A lookup's answer as a trial compares it, and as `urlrouter diff` writes one: the winning
/// route (`GET /users/:id`, `ANY` for a route of every method, its host pattern in front) and its
/// path parameters (`(id=7, **=a/b)`), or the miss's reason (`methodNotAllowed (allowed: GET)`).
/// Two answers are compared in place, allocating nothing; the text is written only for a change.
/// Both answers of one comparison come from the same kind of lookup, owning or borrowed, read
/// without their values (so that the comparison is compiled once, whatever the table's type).
enum TrialAnswer {
    /// Whether two owning answers are the same: the winner's route, its parameters and its
    /// catch-all, or the miss's reason and allowed methods.
    static func same(_ a: Result<RouteMatch, RouteMiss>, _ b: Result<RouteMatch, RouteMiss>) -> Bool {
        switch (a, b) {
        case (.success(let a), .success(let b)):
            guard sameRoute(a.route, b.route), a.parameterCount == b.parameterCount else { return false }
            for index in 0..<a.parameterCount where a.parameter(at: index) != b.parameter(at: index) { return false }
            return a.catchall == b.catchall
        case (.failure(let a), .failure(let b)): return a.reason == b.reason && a.allowedMethods == b.allowedMethods
        default: return false
        }
    }

    /// Whether two borrowed answers are the same, compared as owning ones are: the winner's
    /// route, its parameters and its catch-all's segments, or the miss.
    static func same(_ a: ResolvedLookup, _ b: ResolvedLookup) -> Bool {
        switch (a, b) {
        case (.match(let a), .match(let b)):
            guard sameRoute(registration(a), registration(b)), a.parameterCount == b.parameterCount,
                a.catchAllSegmentCount == b.catchAllSegmentCount
            else { return false }
            for index in 0..<a.parameterCount where !equal(a.parameter(at: index), b.parameter(at: index)) {
                return false
            }
            for index in 0..<(a.catchAllSegmentCount ?? 0)
            where !equal(a.catchAllSegment(at: index), b.catchAllSegment(at: index)) {
                return false
            }
            return true
        case (.miss(let a, let allowedA), .miss(let b, let allowedB)): return a == b && allowedA == allowedB
        default: return false
        }
    }

    /// An owning lookup's answer, written.
    static func text(_ result: Result<RouteMatch, RouteMiss>) -> String {
        switch result {
        case .success(let match):
            var parameters = match.parameters.path.map { "\($0.name)=\($0.value)" }
            if let catchall = match.catchall { parameters.append("**=\(catchall)") }
            return route(match.route, parameters)
        case .failure(let miss): return self.miss(miss.reason, miss.allowedMethods)
        }
    }

    /// A borrowed lookup's answer, written.
    static func text(_ lookup: ResolvedLookup) -> String {
        switch lookup {
        case .match(let match):
            var parameters = (0..<match.parameterCount).map {
                "\(match.parameterName(at: $0))=\(match.parameter(at: $0).string)"
            }
            if let catchall = match.catchall { parameters.append("**=\(catchall)") }
            return route(registration(match), parameters)
        case .miss(let reason, let allowedMethods): return miss(reason, allowedMethods)
        }
    }

    /// Whether two routes are one for a client: their method, host pattern and pattern.
    static func sameRoute(_ a: RouteRegistration, _ b: RouteRegistration) -> Bool {
        a.method == b.method && a.pattern == b.pattern && a.host == b.host
    }

    /// The registration of a borrowed match's winner.
    static func registration(_ match: UnsafePointer<MatchView>) -> RouteRegistration {
        match.pointee.registration.pointee.unsafelyUnwrapped
    }

    /// Whether two lent texts hold the same bytes.
    static func equal(_ a: borrowing URLText, _ b: borrowing URLText) -> Bool {
        a.bytes.count == b.bytes.count
            && (a.bytes.isEmpty || memcmp(a.bytes.baseAddress!, b.bytes.baseAddress!, a.bytes.count) == 0)
    }

    static func route(_ route: RouteRegistration, _ parameters: [String]) -> String {
        let text = "\(route.method ?? "ANY") \(route.host ?? "")\(route.pattern)"
        return parameters.isEmpty ? text : "\(text) (\(parameters.joined(separator: ", ")))"
    }

    static func miss(_ reason: RouteMiss.Reason, _ allowedMethods: [String]) -> String {
        allowedMethods.isEmpty ? reason.name : "\(reason.name) (allowed: \(allowedMethods.joined(separator: ", ")))"
    }
}
