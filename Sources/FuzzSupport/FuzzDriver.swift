import Foundation

#if FUZZING
import CFuzzing
#endif

/// The `main` of a fuzz target: libFuzzer's driver when built for fuzzing, otherwise a replay of
/// inputs given as files (how a finding becomes a regression test).
///
/// - Built with `-sanitize=fuzzer,address -DFUZZING` (`scripts/fuzz`): every argument goes to
///   libFuzzer (`LLVMFuzzerRunDriver`), which calls `test` with each input.
/// - Otherwise: `TARGET FILE...` runs `test` once on each file's bytes.
/// - Either way, `TARGET --seed-corpus FIXTURES_DIR OUT_DIR` writes `seeds(FIXTURES_DIR)` to
///   `OUT_DIR`, one file per input.
///
/// `test` must trap (after printing what went wrong) on a finding: libFuzzer then saves and
/// minimizes the input, and a replay exits non-zero.
package enum FuzzDriver: Sendable {
    /// A fuzz target's test of one input, in the form libFuzzer calls.
    package typealias Test = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

    /// Runs the target; returns its exit status.
    package static func main(test: Test, seeds: (String) throws -> [[UInt8]]) -> Int32 {
        let arguments = CommandLine.arguments
        if arguments.count == 4, arguments[1] == "--seed-corpus" {
            do {
                let inputs = try seeds(arguments[2])
                try FileManager.default.createDirectory(atPath: arguments[3], withIntermediateDirectories: true)
                for (index, input) in inputs.enumerated() {
                    let path = arguments[3] + "/seed-\(index)"
                    guard FileManager.default.createFile(atPath: path, contents: Data(input)) else {
                        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
                    }
                }
                print("\(inputs.count) seed inputs written to \(arguments[3])")
                return 0
            } catch {
                print("error: could not write the seed corpus: \(error)")
                return 2
            }
        }
        #if FUZZING
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        return LLVMFuzzerRunDriver(&argc, &argv, test)
        #else
        guard arguments.count > 1 else {
            print("usage: \(arguments[0]) FILE... (replays inputs) | --seed-corpus FIXTURES_DIR OUT_DIR")
            return 2
        }
        for path in arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                print("error: cannot read \(path)")
                return 2
            }
            _ = data.withUnsafeBytes { raw in test(raw.bindMemory(to: UInt8.self).baseAddress, raw.count) }
        }
        print("\(arguments.count - 1) inputs replayed, no finding")
        return 0
        #endif
    }

    /// Prints a finding and stops the process, so that libFuzzer keeps the input.
    package static func finding(_ report: String) -> Never {
        // Unbuffered, so that it is out before the process stops.
        FileHandle.standardOutput.write(Data(("FINDING:\n" + report + "\n").utf8))
        fatalError("fuzz finding (see above)")
    }
}
