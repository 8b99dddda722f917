#if PCRE2
/// What hears of each PCRE2 call a ``PCRE2RouteMatcher`` makes: nothing in a lookup
/// (``PCRE2UnobservedCalls``, for which the matcher's code is specialized, so that a lookup
/// carries no trace of it), a ``PCRE2RawCallRecorder`` while a benchmark records.
protocol PCRE2CallObserver {
    /// One engine call: the shard it ran, its subject, and its result (the match data holds the
    /// winner's mark).
    func observe(
        _ shard: PCRE2RouteMatcher.ShardInfo, subject: UnsafeMutablePointer<UInt8>, length: Int, result: Int32,
        matchData: OpaquePointer)
}

/// The observer of a lookup: hears nothing, costs nothing.
struct PCRE2UnobservedCalls: PCRE2CallObserver {
    @inline(__always)
    func observe(
        _ shard: PCRE2RouteMatcher.ShardInfo, subject: UnsafeMutablePointer<UInt8>, length: Int, result: Int32,
        matchData: OpaquePointer
    ) {}
}
#endif
