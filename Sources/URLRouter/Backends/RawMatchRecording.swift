/// A matcher whose lookups end in bare engine calls (PCRE2's match on a prepared subject) that
/// can be recorded and replayed without the router around them: the baseline `urlrouter bench`
/// measures a full lookup against, side by side in the same runs.
protocol RawMatchRecording {
    /// Records the engine calls that `lookup(matcher, 0)` to `lookup(matcher, count - 1)` make,
    /// each lookup's calls apart, where `matcher` answers as this one does and records; `nil`
    /// when one of them could not be replayed bare (a pattern with callouts or user regexes).
    func recordRawMatches(lookups count: Int, _ lookup: (any RouteMatcher, Int) -> Void) -> (any RawMatchReplay)?
}
