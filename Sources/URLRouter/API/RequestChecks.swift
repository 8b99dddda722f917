/// Request shapes a router refuses before matching: the strict profile's checks
/// (``RouterOptions/requestChecks``, SEMANTICS.md section 10).
///
/// A router is the first code that reads a request's path; with these checks what it hands a
/// handler is free of control bytes and traversal shapes. Each refused request is a miss with a
/// reason of its own (``RouteMiss/Reason/refused(_:)``, with the check) whose detail names the offending path
/// segment (escaped, never as raw bytes) and its offset in the URL. The checks read the path only
/// (the query and the fragment are the handler's), and are decided in one place, before any
/// matching, the same on every backend.
///
/// ```swift
/// var options = RouterOptions()
/// options.requestChecks = .strict                    // the integrations' default
/// options.requestChecks.remove(.dotSegments)         // one check off
/// options.requestChecks.insert(.emptySegments)       // `//` refused instead of dropped
/// ```
public struct RequestChecks: OptionSet, Sendable, Hashable {
    /// The checks, as bits.
    public let rawValue: UInt8

    /// Checks from their bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// A path segment that holds, plain or decoded, a control character (U+0000 to U+001F,
    /// U+007F): `.refused(.controlCharacters)`.
    public static let controlCharacters = RequestChecks(rawValue: 1 << 0)
    /// A `.` or `..` segment, written plainly or percent-encoded (`%2e`, `%2E%2e`):
    /// `.refused(.dotSegments)`.
    public static let dotSegments = RequestChecks(rawValue: 1 << 1)
    /// A segment whose decoded value has a `.` or `..` part between encoded slashes, as `..%2F`
    /// smuggles into a parameter or catch-all (`../x`, `a/../b`, `a/..`):
    /// `.refused(.encodedTraversal)`.
    public static let encodedTraversal = RequestChecks(rawValue: 1 << 2)
    /// A backslash in the path, plain or encoded (`%5C`): `.refused(.backslashes)`.
    public static let backslashes = RequestChecks(rawValue: 1 << 3)
    /// An empty segment (`//`, or a path that starts with it), refused instead of dropped:
    /// `.refused(.emptySegments)`. Not in ``strict``. A trailing `/` is not an empty segment.
    public static let emptySegments = RequestChecks(rawValue: 1 << 4)
    /// An encoded slash (`%2F`) in a segment: `.refused(.encodedSlashes)`. Not in ``strict``:
    /// some APIs put one in a parameter (`group%2Fproject`).
    public static let encodedSlashes = RequestChecks(rawValue: 1 << 5)

    /// The strict profile: control characters, dot segments, encoded traversal and backslashes.
    public static let strict: RequestChecks = [.controlCharacters, .dotSegments, .encodedTraversal, .backslashes]

    /// Each check: its name as an option (fixtures' `requestChecks`), its name as a miss's reason
    /// (fixtures' `error`), and why it refuses, in a few words that never quote the request.
    @_spi(Tools) public static let each: [(name: String, reason: String, refusal: String, check: RequestChecks)] = [
        ("controlCharacters", "controlCharacter", "the path holds a control character", .controlCharacters),
        ("dotSegments", "dotSegment", "the path holds a '.' or '..' segment", .dotSegments),
        (
            "encodedTraversal", "encodedTraversal", "a path segment holds '.' or '..' between encoded slashes",
            .encodedTraversal
        ),
        ("backslashes", "backslash", "the path holds a backslash", .backslashes),
        ("emptySegments", "emptySegment", "the path holds an empty segment ('//')", .emptySegments),
        ("encodedSlashes", "encodedSlash", "a path segment holds an encoded slash ('%2F')", .encodedSlashes),
    ]
}
