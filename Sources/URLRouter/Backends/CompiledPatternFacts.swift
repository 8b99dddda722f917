/// Facts a compiled matcher can report about itself, for the CLI and benchmarks.
package protocol CompiledPatternFacts {
    /// How many patterns the engine compiled.
    var compiledPatternCount: Int { get }
    /// Whether every compiled pattern runs as JIT machine code.
    var isJITCompiled: Bool { get }
}
