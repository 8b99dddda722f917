import Foundation
import Synchronization
@_spi(HandlerRouter) @_spi(Tools) package import URLRouter
package import URLRouterConformance

/// Times full lookups on one backend: each run repeats the requests for at least `minimumRunTime`,
/// and the reported figure is the median of `runs` runs. Where the backend's lookups end in bare
/// engine calls (PCRE2), each run also replays those calls alone, then the floor (those calls, a
/// match object and `Substring` parameters), for as long each, so the three are compared side by side.
package struct BenchmarkRunner: Sendable {
    /// The number of runs (at least 11 for the reported median).
    package var runs: Int
    /// The least time one run takes.
    package var minimumRunTime: Duration
    /// Above 1: each run also times `Router.match` on one thread and then from this many threads
    /// at once, as many lookups each.
    package var threads: Int
    /// Reads this thread's count of heap allocations so far (`nil`: not counted).
    package var mallocCount: (@Sendable () -> Int?)?
    /// Reads the bytes of heap the process holds now (`nil`: not counted).
    package var heapBytes: (@Sendable () -> Int?)?
    /// Hears what the runner is doing (building tables, run 3 of 11), for a progress line.
    package var progress: (@Sendable (String) -> Void)?

    /// Makes a runner.
    package init(
        runs: Int = 11, minimumRunTime: Duration = .milliseconds(100), threads: Int = 1,
        mallocCount: (@Sendable () -> Int?)? = nil, heapBytes: (@Sendable () -> Int?)? = nil,
        progress: (@Sendable (String) -> Void)? = nil
    ) {
        self.runs = runs
        self.minimumRunTime = minimumRunTime
        self.threads = threads
        self.mallocCount = mallocCount
        self.heapBytes = heapBytes
        self.progress = progress
    }

    /// Measures `set` on `backend`.
    package func measure(_ set: RouteSet, backend: RouterBackend) throws -> BenchmarkResult {
        try measure([set], backend: backend)[0]
    }

    /// Measures `sets` on `backend` side by side: each run times every set in turn, so ratios
    /// between the sets' figures hold while the machine's speed drifts. One result per set, in
    /// order; the peak RSS is the process's, over all of them.
    package func measure(_ sets: [RouteSet], backend: RouterBackend) throws -> [BenchmarkResult] {
        let trials = try sets.map { set in
            progress?("\(backend.name): building \(set.name) (\(set.routes.count) routes)")
            return try Trial(set: set, backend: backend, mallocCount: mallocCount, heapBytes: heapBytes)
        }
        var sink = 0
        for run in 0..<max(1, runs) {
            progress?("\(backend.name): run \(run + 1) of \(max(1, runs))")
            for trial in trials {
                trial.run(minimumRunTime: minimumRunTime, sink: &sink)
                if threads > 1 { trial.runThreaded(minimumRunTime: minimumRunTime, threads: threads, sink: &sink) }
            }
        }
        blackHole(sink)
        let peak = BenchmarkRunner.peakRSSKiB()
        return trials.map { $0.result(peakRSSKiB: peak, threads: threads > 1 ? threads : nil) }
    }

    /// The peak resident set size of this process, in KiB (`getrusage`).
    package static func peakRSSKiB() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss)
    }
}

extension Duration {
    var nanoseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }
}

@inline(never)
func blackHole(_ value: Int) {
    if value == Int.min { print(value) }
}
