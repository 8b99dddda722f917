import Metrics
import Synchronization

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
            (
                TrialReport(
                    source: source, policy: self.policy, sampled: 0, changed: 0, examples: [], ending: nil),
                false
            ))
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
