/// Compiled rewrite rules.
protocol URLRewriter: Sendable {
    /// The first rule, in the order added, whose first (leftmost) match in `url` is not empty.
    func firstApplicableRule(in url: String, budget: inout WorkBudget) -> RewriteOutcome
}
