/// The work a lookup may spend in user regexes (constraints and rewrite rules).
///
/// Counted in steps of the bound ``RegexComplexity/workPerByte`` gives, shared by every regex a
/// lookup may run, and charged before they run (see `RegexWork`), so that every backend reaches
/// it at the same URLs. Route syntax never spends it: only user-written regexes do.
package struct WorkBudget: Sendable, Hashable {
    /// The steps left.
    var remainingSteps: Int

    /// The default budget of one lookup: 10,000,000 steps (the bound is loose: the README and the
    /// Reliability article give what a lookup charged nearly the whole budget takes).
    static let defaultSteps = 10_000_000

    /// What one engine call may spend before the engine itself stops it, whatever was charged:
    /// a safety net above any charged bound (which over-counts the engines' steps many times),
    /// never the limit that decides an answer, and below ICU's own time limit (about half a
    /// second here), which ends a search as if nothing matched.
    static let engineNetSteps = 2 * defaultSteps

    /// A budget of `steps` steps.
    init(steps: Int = WorkBudget.defaultSteps) {
        remainingSteps = steps
    }

    /// Takes `steps` from the budget; `false`, leaving nothing, when there were not that many.
    mutating func charge(_ steps: Int) -> Bool {
        guard steps <= remainingSteps else {
            remainingSteps = 0
            return false
        }
        remainingSteps -= steps
        return true
    }
}
