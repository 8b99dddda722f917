#if PCRE2
internal import CURLRouterPCRE2
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What one thread needs to run PCRE2 matches: a match context, a JIT stack, match data and a
/// subject buffer.
///
/// Ownership: each thread's state is made on its first match and owns its four C objects; they
/// are freed exactly once, by ``release(_:)``, which the thread-specific slot's destructor calls
/// when the thread exits. The state is reached through a pointer, never copied.
///
/// Thread-safety: none, by design: a state is only ever used by its own thread, so a lookup
/// neither locks nor allocates once its thread has matched before.
struct PCRE2MatchState {
    var context: OpaquePointer
    var jitStack: OpaquePointer?
    var jitStackBytes: Int
    var matchData: OpaquePointer
    var matchDataPairs: Int
    var subject: UnsafeMutablePointer<UInt8>
    var subjectCapacity: Int
    /// The match limit last set on `context` (to skip setting it again).
    var matchLimit: UInt32 = 0

    /// Sets the match limit on the context, when it changed.
    mutating func setMatchLimit(_ limit: UInt32) {
        if limit != matchLimit {
            pcre2_set_match_limit_8(context, limit)
            matchLimit = limit
        }
    }

    /// Makes sure the JIT stack can grow to `bytes`, the match data holds `pairs` pairs and the
    /// subject buffer holds `subjectBytes` bytes.
    @inline(__always)
    mutating func reserve(jitStackBytes bytes: Int, pairs: Int, subjectBytes: Int) {
        if bytes > jitStackBytes { growJITStack(bytes) }
        if pairs > matchDataPairs { growMatchData(pairs) }
        if subjectBytes > subjectCapacity { growSubject(subjectBytes) }
    }

    mutating func growJITStack(_ bytes: Int) {
        if let jitStack { pcre2_jit_stack_free_8(jitStack) }
        guard let stack = pcre2_jit_stack_create_8(32 * 1024, bytes, nil) else {
            fatalError("PCRE2 could not allocate a JIT stack")  // out of memory
        }
        jitStack = stack
        jitStackBytes = bytes
        pcre2_jit_stack_assign_8(context, nil, UnsafeMutableRawPointer(stack))
    }

    mutating func growMatchData(_ pairs: Int) {
        pcre2_match_data_free_8(matchData)
        guard let data = pcre2_match_data_create_8(UInt32(pairs), nil) else {
            fatalError("PCRE2 could not allocate match data")  // out of memory
        }
        matchData = data
        matchDataPairs = pairs
    }

    mutating func growSubject(_ bytes: Int) {
        subject.deallocate()
        subjectCapacity = max(bytes, subjectCapacity * 2)
        subject = .allocate(capacity: subjectCapacity)
    }

    /// Frees everything a state owns, and the state itself.
    static func release(_ state: UnsafeMutablePointer<PCRE2MatchState>) {
        pcre2_match_context_free_8(state.pointee.context)
        if let jitStack = state.pointee.jitStack { pcre2_jit_stack_free_8(jitStack) }
        pcre2_match_data_free_8(state.pointee.matchData)
        state.pointee.subject.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// The thread-specific slot holding each thread's state (a lazy global: hot paths read it
    /// once into a stored property, see ``current(key:)``).
    static let key = ThreadSpecificKey { pointer in
        guard let pointer else { return }
        PCRE2MatchState.release(pointer.assumingMemoryBound(to: PCRE2MatchState.self))
    }

    /// This thread's state, made on first use.
    static var current: UnsafeMutablePointer<PCRE2MatchState> { current(key: key) }

    /// This thread's state, made on first use, from `key` (``key``, read beforehand: reading
    /// the lazy global costs a `swift_once` check per call).
    @inline(__always)
    static func current(key: ThreadSpecificKey) -> UnsafeMutablePointer<PCRE2MatchState> {
        if let pointer = key.value { return pointer.assumingMemoryBound(to: PCRE2MatchState.self) }
        return makeCurrent()
    }

    private static func makeCurrent() -> UnsafeMutablePointer<PCRE2MatchState> {
        guard let context = pcre2_match_context_create_8(nil), let data = pcre2_match_data_create_8(16, nil) else {
            fatalError("PCRE2 could not allocate a match context")  // out of memory
        }
        // Without JIT, the interpreter keeps backtracking frames on the heap: bound them too (KiB).
        pcre2_set_heap_limit_8(context, 64 * 1024)
        let state = UnsafeMutablePointer<PCRE2MatchState>.allocate(capacity: 1)
        state.initialize(
            to: PCRE2MatchState(
                context: context, jitStack: nil, jitStackBytes: 0, matchData: data, matchDataPairs: 16,
                subject: .allocate(capacity: 1024), subjectCapacity: 1024, matchLimit: 0))
        key.set(state)
        return state
    }
}
#endif
