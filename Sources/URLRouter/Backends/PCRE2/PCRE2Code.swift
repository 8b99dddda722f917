#if PCRE2
internal import CURLRouterPCRE2

/// A failure of the PCRE2 library: compiling, JIT-compiling or matching.
struct PCRE2Error: Error, Sendable, Hashable, CustomStringConvertible {
    /// Which step failed.
    enum Kind: String, Sendable, Hashable {
        case compile, jit, match
    }

    /// Which step failed.
    var kind: Kind
    /// PCRE2's error code.
    var code: Int32
    /// For a compile error, the offset in the pattern.
    var offset: Int?
    /// PCRE2's message for the code.
    var message: String

    init(_ kind: Kind, code: Int32, offset: Int? = nil) {
        self.kind = kind
        self.code = code
        self.offset = offset
        self.message = PCRE2Error.message(for: code)
    }

    /// A failure URLRouter detects before PCRE2 sees the pattern.
    init(_ kind: Kind, code: Int32, message: String) {
        self.kind = kind
        self.code = code
        self.offset = nil
        self.message = message
    }

    static func message(for code: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let length = buffer.withUnsafeMutableBufferPointer { pcre2_get_error_message_8(code, $0.baseAddress, $0.count) }
        guard length > 0 else { return "PCRE2 error \(code)" }
        return String(decoding: buffer[..<Int(length)], as: UTF8.self)
    }

    var description: String {
        "PCRE2 \(kind.rawValue) error \(code)" + (offset.map { " at offset \($0)" } ?? "") + ": \(message)"
    }

    /// The pattern needs more space than one compiled pattern may hold (link size 2).
    var isTooLarge: Bool { kind == .compile && code == PCRE2_ERROR_PATTERN_TOO_LARGE }
}

/// Owns one compiled PCRE2 pattern (`pcre2_code_8`), compiled and JIT-compiled in `init`,
/// freed exactly once in `deinit`.
///
/// Thread-safety: the code is never mutated after `init`, and JIT compilation happens in `init`
/// before the object is published; PCRE2 documents compiled patterns (JIT code included) as safe
/// to share between threads for matching. Match data, match contexts and JIT stacks are not
/// shared: see `PCRE2ThreadResources`.
final class PCRE2Code: @unchecked Sendable {
    // @unchecked: the pointer is immutable after init and PCRE2 allows concurrent matching with it.
    let pointer: OpaquePointer
    /// Whether the pattern runs as JIT machine code (else on PCRE2's interpreter).
    let isJITCompiled: Bool

    /// Whether this PCRE2 build has a JIT compiler for this CPU.
    static let jitAvailable: Bool = {
        var available: UInt32 = 0
        _ = pcre2_config_8(UInt32(PCRE2_CONFIG_JIT), &available)
        return available == 1
    }()

    /// The PCRE2 library version, such as `10.42 2022-12-11`.
    static let version: String = {
        var buffer = [UInt8](repeating: 0, count: 64)
        let length = buffer.withUnsafeMutableBytes { pcre2_config_8(UInt32(PCRE2_CONFIG_VERSION), $0.baseAddress) }
        return String(decoding: buffer.prefix(max(0, Int(length) - 1)), as: UTF8.self)
    }()

    /// Compiles `pattern` in UTF mode and JIT-compiles it when the library can.
    ///
    /// - Throws: ``PCRE2Error`` when the pattern does not compile, or when `requireJIT` is set and
    ///   JIT compilation fails (for example because a frame would exceed the JIT's limit).
    init(_ pattern: String, options: UInt32 = 0, requireJIT: Bool = false) throws(PCRE2Error) {
        var errorCode: Int32 = 0
        var errorOffset = 0
        let context = pcre2_compile_context_create_8(nil)
        defer { pcre2_compile_context_free_8(context) }
        // Route tables nest one group per trie level; allow deep tables.
        pcre2_set_parens_nest_limit_8(context, 10_000)
        let compiled =
            pattern.utf8.withContiguousStorageIfAvailable { bytes in
                pcre2_compile_8(
                    bytes.baseAddress, bytes.count, UInt32(PCRE2_UTF) | options, &errorCode, &errorOffset, context)
            }
            ?? Array(pattern.utf8).withUnsafeBufferPointer { bytes in
                pcre2_compile_8(
                    bytes.baseAddress, bytes.count, UInt32(PCRE2_UTF) | options, &errorCode, &errorOffset, context)
            }
        guard let compiled else { throw PCRE2Error(.compile, code: errorCode, offset: errorOffset) }
        var jit = false
        if PCRE2Code.jitAvailable {
            let result = pcre2_jit_compile_8(compiled, UInt32(PCRE2_JIT_COMPLETE))
            var size = 0
            if result == 0, pcre2_pattern_info_8(compiled, UInt32(PCRE2_INFO_JITSIZE), &size) == 0, size > 0 {
                jit = true
            } else if requireJIT {
                pcre2_code_free_8(compiled)
                throw PCRE2Error(.jit, code: result == 0 ? -1 : result)
            }
        }
        self.pointer = compiled
        self.isJITCompiled = jit
    }

    deinit {
        pcre2_code_free_8(pointer)
    }

    /// The bytes of JIT machine code the pattern holds (`PCRE2_INFO_JITSIZE`), 0 without.
    var jitCodeBytes: Int {
        var size = 0
        guard isJITCompiled, pcre2_pattern_info_8(pointer, UInt32(PCRE2_INFO_JITSIZE), &size) == 0 else { return 0 }
        return size
    }

    /// The bytes of the compiled pattern (`PCRE2_INFO_SIZE`), on the heap.
    var patternBytes: Int {
        var size = 0
        guard pcre2_pattern_info_8(pointer, UInt32(PCRE2_INFO_SIZE), &size) == 0 else { return 0 }
        return size
    }

    /// Matches `code` (JIT code when `jit`, else on the interpreter) against `length` bytes at
    /// `subject`: the one place that chooses between the two.
    static func match(
        _ code: OpaquePointer, jit: Bool, _ subject: UnsafePointer<UInt8>?, _ length: Int, _ matchData: OpaquePointer,
        _ context: OpaquePointer
    ) -> Int32 {
        if jit { return pcre2_jit_match_8(code, subject, length, 0, 0, matchData, context) }
        return pcre2_match_8(code, subject, length, 0, UInt32(PCRE2_NO_UTF_CHECK), matchData, context)
    }

    /// How many capture pairs a match of this pattern needs.
    var ovectorPairs: Int {
        var count: UInt32 = 0
        _ = pcre2_pattern_info_8(pointer, UInt32(PCRE2_INFO_CAPTURECOUNT), &count)
        return Int(count) + 1
    }
}
/// The number `n` of the `(*MARK:n)` the last successful match in `matchData` passed, or `nil`
/// when it passed none. Route and rule alternations name each branch this way.
func markNumber(in matchData: OpaquePointer) -> Int? {
    guard var cursor = pcre2_get_mark_8(matchData) else { return nil }
    var number = 0
    // A mark has at most as many digits as the largest route number: the sum cannot overflow.
    while case let digit = cursor.pointee &- UInt8(ascii: "0"), digit < 10 {
        number = number &* 10 &+ Int(digit)
        cursor += 1
    }
    return number
}
#endif
