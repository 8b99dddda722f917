import Foundation
package import URLRouterConformance

/// One backend's figures on one route set.
package struct BenchmarkResult: Sendable, Codable, Hashable {
    /// The backend.
    package var backend: String
    /// The route set.
    package var set: String
    /// The number of routes.
    package var routes: Int
    /// Lookups per run (one per request).
    package var lookups: Int
    /// The median over runs of the time of one full lookup (match and params), in nanoseconds.
    package var nsPerLookupMedian: Double
    /// The number of timed runs.
    package var runs: Int
    /// Registering every route (parsing and validating patterns), in milliseconds.
    package var registerMs: Double
    /// Compiling the registered table (ordering, lowering, and for PCRE2 compiling and JIT-compiling), in milliseconds.
    package var compileMs: Double
    /// ``registerMs`` and ``compileMs`` together: the time to build the table.
    package var buildMs: Double
    /// What a typed table of the set's routes holds once built, per route, in bytes: the heap it
    /// keeps (as the allocator counts it, temporaries freed) and its JIT machine code (PCRE2's
    /// `PCRE2_INFO_JITSIZE`, outside the heap); `nil` when the heap cannot be counted.
    package var bytesPerRoute: Double?
    /// Of ``bytesPerRoute``, the compiled patterns (`PCRE2_INFO_SIZE`, on the heap) and the JIT
    /// code (`PCRE2_INFO_JITSIZE`, outside it): the rest is the table's own structures.
    package var patternBytesPerRoute: Double?
    package var jitBytesPerRoute: Double?
    /// How many patterns the backend compiled (PCRE2 shards), 0 for backends without patterns.
    package var patterns: Int
    /// Whether every compiled pattern runs as JIT code (false for backends without patterns).
    package var jit: Bool
    /// The process's peak resident set size, in KiB.
    package var peakRSSKiB: Int
    /// Requests whose best match was not their own route.
    package var wrongAnswers: Int
    /// The first few wrong answers: the request, its own route and what won instead.
    package var wrongExamples: [RouteSet.WrongAnswer] = []
    /// The median over the same runs of the bare engine calls behind one lookup, replayed without
    /// the router (PCRE2's match on the prepared subject and the winner's `(*MARK)`), in
    /// nanoseconds; `nil` for backends without such calls.
    package var rawMatchNsMedian: Double?
    /// The median over runs of the full lookup's time divided by the bare calls' time in the same run.
    package var lookupToRawRatio: Double?
    /// With ``BenchmarkRunner/threads`` above 1: how many threads looked up at once.
    package var threads: Int?
    /// With ``threads``: the median over the same runs of a lookup through `Router.match` (taking
    /// the router's snapshot, the lookup, its parameters) on one thread, in nanoseconds.
    package var routerNsPerLookupMedian: Double?
    /// With ``threads``: the median over the same runs of the wall time of `Router.match` from
    /// ``threads`` threads at once, per lookup per thread, in nanoseconds (equal to
    /// ``routerNsPerLookupMedian`` when the threads do not slow each other down).
    package var threadedNsPerLookupMedian: Double?
    /// The median over the same runs of the least any lookup returning a match must do beyond
    /// the bare calls, done after them: allocate a match object holding the winner and the URL
    /// and slice each parameter from the URL as a `Substring`; `nil` with ``rawMatchNsMedian``.
    package var floorNsMedian: Double?
    /// The median over the same runs of one borrowed lookup on a typed `RouteTable<Int>` of the
    /// same routes (`withMatch`, the value and every parameter read as bytes), in nanoseconds.
    package var borrowedNsMedian: Double?
    /// Heap allocations per borrowed lookup, counted around the timed loop of the last run (`nil`
    /// when the process cannot count them: a sanitizer build, or a caller without a counter).
    package var borrowedMallocsPerLookup: Double?
    /// Heap allocations per owning lookup (``nsPerLookupMedian``'s loop), counted alike.
    package var mallocsPerLookup: Double?

    enum CodingKeys: String, CodingKey {
        case borrowedNsMedian = "borrowed_ns_median"
        case borrowedMallocsPerLookup = "borrowed_mallocs_per_lookup"
        case mallocsPerLookup = "mallocs_per_lookup"
        case backend, set, routes, lookups, runs, jit
        case rawMatchNsMedian = "raw_match_ns_median"
        case lookupToRawRatio = "lookup_to_raw_ratio"
        case floorNsMedian = "floor_ns_median"
        case threads
        case routerNsPerLookupMedian = "router_ns_per_lookup_median"
        case threadedNsPerLookupMedian = "threaded_ns_per_lookup_median"
        case nsPerLookupMedian = "ns_per_lookup_median"
        case compileMs = "compile_ms"
        case registerMs = "register_ms"
        case buildMs = "build_ms"
        case bytesPerRoute = "bytes_per_route"
        case patternBytesPerRoute = "pattern_bytes_per_route"
        case jitBytesPerRoute = "jit_bytes_per_route"
        case patterns
        case peakRSSKiB = "peak_rss_kib"
        case wrongAnswers = "wrong_answers"
        case wrongExamples = "wrong_examples"
    }
}

/// A benchmark that could not be run as asked.
package struct BenchmarkError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    package var message: String
    package var description: String { message }
}
