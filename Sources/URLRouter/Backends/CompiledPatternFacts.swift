/// Facts a compiled matcher can report about itself, for the CLI and benchmarks.
@_spi(Tools) public protocol CompiledPatternFacts {
    /// How many patterns the engine compiled.
    var compiledPatternCount: Int { get }
    /// Whether every compiled pattern runs as JIT machine code.
    var isJITCompiled: Bool { get }
    /// The bytes of JIT machine code the patterns hold, outside the heap (PCRE2's
    /// `PCRE2_INFO_JITSIZE`); 0 without JIT code.
    var jitCodeBytes: Int { get }
    /// The bytes the compiled patterns themselves hold on the heap (PCRE2's `PCRE2_INFO_SIZE`).
    var patternBytes: Int { get }
}
