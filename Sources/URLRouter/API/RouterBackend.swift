/// The matching backends this build has.
///
/// ```swift
/// let reference = Router(backend: .foundation)
/// let fast = Router(backend: .default)   // PCRE2 when the build has it
/// ```
public struct RouterBackend: Sendable {
    /// The backend's name (`foundation`, `pcre2`).
    public var name: String { engine.name }
    /// The engine.
    let engine: any MatcherBackend

    /// Wraps an engine.
    init(_ engine: any MatcherBackend) {
        self.engine = engine
    }

    /// The Foundation reference backend; always available.
    public static var foundation: RouterBackend { RouterBackend(FoundationBackend()) }

    /// The backend a router uses unless told otherwise: the fastest this build has.
    public static var `default`: RouterBackend { available[0] }

    #if PCRE2
    /// The PCRE2 JIT backend; built with the `PCRE2` trait (on by default).
    public static var pcre2: RouterBackend { RouterBackend(PCRE2Backend()) }
    #endif
}

// The tools' view of the backends: every one this build has, by name, and the PCRE2 library's.
@_spi(Tools) extension RouterBackend {
    #if PCRE2
    /// Every backend of this build, fastest first.
    public static var available: [RouterBackend] { [.pcre2, .foundation] }
    #else
    /// Every backend of this build, fastest first.
    public static var available: [RouterBackend] { [.foundation] }
    #endif

    /// Why the engine does not compile `regex` as a rewrite rule's expression, or `nil` when it does.
    public func compileError(rewriteExpression regex: SharedRegex) -> String? {
        engine.compileError(rewriteExpression: regex)
    }

    /// The backend called `name`, if this build has it.
    public static func named(_ name: String) -> RouterBackend? {
        available.first { $0.name == name }
    }

    /// The PCRE2 library version, when this build has the PCRE2 backend.
    public static var pcre2Version: String? { PCRE2Backend.libraryVersion }

    /// Whether PCRE2's JIT compiler works on this machine (false without the PCRE2 backend).
    public static var pcre2JITAvailable: Bool { PCRE2Backend.isJITAvailable }

    /// The names of every backend URLRouter knows, built or not.
    public static let knownNames = ["pcre2", "foundation"]
}
