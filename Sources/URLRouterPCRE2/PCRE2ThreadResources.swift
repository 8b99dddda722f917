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
/// subject buffer. Each is owned by this object and freed exactly once in `deinit`.
///
/// Thread-safety: none, by design. Each thread gets its own instance (``current``), kept in a
/// thread-specific slot and released when the thread exits, so a lookup never locks and never
/// allocates once its thread has matched before.
final class PCRE2ThreadResources {
    let context: OpaquePointer
    private(set) var jitStack: OpaquePointer?
    private(set) var jitStackBytes = 0
    private(set) var matchData: OpaquePointer
    private(set) var matchDataPairs: Int
    private(set) var subject: UnsafeMutablePointer<UInt8>
    private(set) var subjectCapacity: Int

    private init() {
        guard let context = pcre2_match_context_create_8(nil), let data = pcre2_match_data_create_8(16, nil) else {
            fatalError("PCRE2 could not allocate a match context")  // out of memory
        }
        self.context = context
        self.matchData = data
        self.matchDataPairs = 16
        self.subjectCapacity = 1024
        self.subject = .allocate(capacity: 1024)
    }

    deinit {
        pcre2_match_context_free_8(context)
        if let jitStack { pcre2_jit_stack_free_8(jitStack) }
        pcre2_match_data_free_8(matchData)
        subject.deallocate()
    }

    /// Makes sure the JIT stack can grow to `bytes`, the match data holds `pairs` pairs and the
    /// subject buffer holds `subjectBytes` bytes.
    @inline(__always)
    func reserve(jitStackBytes bytes: Int, pairs: Int, subjectBytes: Int) {
        if bytes > jitStackBytes {
            if let jitStack { pcre2_jit_stack_free_8(jitStack) }
            guard let stack = pcre2_jit_stack_create_8(32 * 1024, bytes, nil) else {
                fatalError("PCRE2 could not allocate a JIT stack")  // out of memory
            }
            jitStack = stack
            jitStackBytes = bytes
            pcre2_jit_stack_assign_8(context, nil, UnsafeMutableRawPointer(stack))
        }
        if pairs > matchDataPairs {
            pcre2_match_data_free_8(matchData)
            guard let data = pcre2_match_data_create_8(UInt32(pairs), nil) else {
                fatalError("PCRE2 could not allocate match data")  // out of memory
            }
            matchData = data
            matchDataPairs = pairs
        }
        if subjectBytes > subjectCapacity {
            subject.deallocate()
            subjectCapacity = max(subjectBytes, subjectCapacity * 2)
            subject = .allocate(capacity: subjectCapacity)
        }
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<PCRE2ThreadResources>.fromOpaque(pointer).release()
        }
        precondition(status == 0, "pthread_key_create failed")  // only when the process is out of keys
        return key
    }()

    /// This thread's resources, made on first use.
    static var current: PCRE2ThreadResources {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<PCRE2ThreadResources>.fromOpaque(pointer).takeUnretainedValue()
        }
        let resources = PCRE2ThreadResources()
        pthread_setspecific(key, Unmanaged.passRetained(resources).toOpaque())
        return resources
    }
}
#endif
