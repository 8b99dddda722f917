import Foundation
import URLRouterCore

/// An `NSRegularExpression` that runs under a ``WorkBudget``.
///
/// ICU reports progress to `enumerateMatches` with `.reportProgress`: once each time the search
/// moves its start position, and once about every 10,000 backtracking steps. The first kind is
/// bounded by the text's length and is free; each tick of the second kind costs
/// ``stepsPerTick`` steps of the budget. When the budget runs out the search stops and the
/// caller hears `limitExceeded`, never a made-up "no match".
struct BoundedRegex: Sendable {
    /// ICU's match callback interval.
    static let stepsPerTick = 10_000

    let expression: NSRegularExpression

    /// Compiles `pattern` (already in portable syntax).
    init(pattern: String) throws {
        expression = try NSRegularExpression(pattern: pattern, options: [])
    }

    enum Outcome {
        case match(NSTextCheckingResult)
        case noMatch
        case limitExceeded
    }

    /// The first match of the expression in `text`.
    func firstMatch(in text: String, budget: inout WorkBudget) -> Outcome {
        let length = text.utf16.count
        let freeTicks = length + 2
        let allowance = freeTicks + max(0, budget.remainingSteps) / BoundedRegex.stepsPerTick
        var ticks = 0
        var exceeded = false
        var found: NSTextCheckingResult?
        expression.enumerateMatches(
            in: text, options: [.reportProgress], range: NSRange(location: 0, length: length)
        ) { result, flags, stop in
            if let result {
                found = result
                stop.pointee = true
            } else if flags.contains(.progress) {
                ticks += 1
                if ticks > allowance {
                    exceeded = true
                    stop.pointee = true
                }
            }
        }
        budget.remainingSteps -= max(0, ticks - freeTicks) * BoundedRegex.stepsPerTick
        if let found { return .match(found) }
        return exceeded ? .limitExceeded : .noMatch
    }
}
