/// How a trial of a candidate table runs beside the serving one
/// (``LiveRouteTable/startTrial(_:rewriteRules:policy:source:)``): which lookups it samples, how
/// many changed answers it keeps, and whether it decides by itself.
public struct TrialPolicy: Sendable, Hashable {
    /// One lookup in this many is also looked up in the candidate (1: every lookup).
    public var sampleEvery: Int
    /// How many changed answers the report keeps as examples (the first ones).
    public var keptExamples: Int
    /// After how many sampled lookups the trial decides by itself (promotes or discards the
    /// candidate), or `nil`: the operator decides (``LiveRouteTable/promoteTrial()``,
    /// ``LiveRouteTable/discardTrial()``).
    public var decideAfter: Int?
    /// The largest share of the sampled lookups, from 0 to 1, whose answer may change for the
    /// trial to promote the candidate when it decides; above it, the candidate is discarded.
    public var promoteAtMostChanged: Double

    /// A policy: one lookup in `sampleEvery` sampled, `keptExamples` changes kept, and, when
    /// `decideAfter` is given, the candidate promoted after that many sampled lookups if at most
    /// `promoteAtMostChanged` of them changed answer, else discarded.
    public init(
        sampleEvery: Int = 100, keptExamples: Int = 20, decideAfter: Int? = nil, promoteAtMostChanged: Double = 0
    ) {
        self.sampleEvery = max(1, sampleEvery)
        self.keptExamples = max(0, keptExamples)
        self.decideAfter = decideAfter.map { max(1, $0) }
        self.promoteAtMostChanged = min(1, max(0, promoteAtMostChanged))
    }
}
