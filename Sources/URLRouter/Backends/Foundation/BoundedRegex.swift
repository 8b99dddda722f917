import Foundation

/// An `NSRegularExpression` that stops a runaway search.
///
/// A lookup's regexes are bounded before they run (`RegexWork` charges the ``WorkBudget``), so
/// this is only a safety net: ICU reports progress to `enumerateMatches` with `.reportProgress`,
/// once each time the search moves its start position (bounded by the text's length, free) and
/// once about every 10,000 backtracking steps (``stepsPerTick``). Past
/// ``WorkBudget/engineNetSteps`` of those, or after ``netDuration``, the search stops and the
/// caller hears `limitExceeded`. The time matters: ICU ends a search that runs about half a
/// second (measured here) without a match and without an error, which would read as "no match";
/// the net stops it first.
struct BoundedRegex: Sendable {
    /// ICU's match callback interval.
    static let stepsPerTick = 10_000
    /// How long one search may run (charged searches take milliseconds; ICU gives up at about 0.5 s).
    static let netDuration = Duration.milliseconds(250)

    let expression: NSRegularExpression

    /// Compiles `pattern` (already in portable syntax).
    ///
    /// The pattern is compiled inside a non-capturing group: ICU on Linux refuses an empty
    /// pattern, which PCRE2 accepts, and `(?:)` means the same for both (groups keep their numbers).
    init(pattern: String) throws {
        expression = try NSRegularExpression(pattern: "(?:" + pattern + ")", options: [])
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
        // The charged bound (RegexWork) decides limitExceeded; this only stops a runaway engine.
        let allowance = freeTicks + WorkBudget.engineNetSteps / BoundedRegex.stepsPerTick
        var ticks = 0
        var exceeded = false
        var found: NSTextCheckingResult?
        let clock = ContinuousClock()
        let deadline = clock.now + BoundedRegex.netDuration
        expression.enumerateMatches(
            in: text, options: [.reportProgress], range: NSRange(location: 0, length: length)
        ) { result, flags, stop in
            if let result {
                found = result
                stop.pointee = true
            } else if flags.contains(.internalError) {
                // ICU gave up (its own time or stack limit): the answer is unknown, never "no match".
                exceeded = true
            } else if flags.contains(.progress) {
                ticks += 1
                if ticks > allowance || (ticks & 63 == 0 && clock.now > deadline) {
                    exceeded = true
                    stop.pointee = true
                }
            }
        }
        if let found { return .match(found) }
        guard !exceeded else {
            budget.remainingSteps = 0
            return .limitExceeded
        }
        return .noMatch
    }
}
