import Foundation

extension BenchmarkResult {
    /// One JSON object on one line.
    package var jsonLine: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// A readable table of results.
    package static func table(_ results: [BenchmarkResult]) -> String {
        var lines = [
            "backend      set                routes  ns/lookup (median)  register ms  compile ms  patterns  jit    peak RSS KiB  wrong"
        ]
        for result in results {
            lines.append(
                result.backend.padding(toLength: 13, withPad: " ", startingAt: 0)
                    + result.set.padding(toLength: 17, withPad: " ", startingAt: 0)
                    + String(result.routes).leftPadded(8)
                    + String(format: "%.1f", result.nsPerLookupMedian).leftPadded(20)
                    + String(format: "%.1f", result.registerMs).leftPadded(13)
                    + String(format: "%.1f", result.compileMs).leftPadded(12)
                    + String(result.patterns).leftPadded(10)
                    + "  " + (result.jit ? "yes" : "no").padding(toLength: 5, withPad: " ", startingAt: 0)
                    + String(result.peakRSSKiB).leftPadded(14)
                    + String(result.wrongAnswers).leftPadded(7))
        }
        for result in results where result.wrongAnswers > 0 {
            lines.append(
                "\(result.backend) on \(result.set): \(result.wrongAnswers) requests not answered by their own route"
                    + (result.wrongAnswers > result.wrongExamples.count
                        ? "; the first \(result.wrongExamples.count):" : ":"))
            lines += result.wrongExamples.map { "  \($0)" }
        }
        for result in results {
            guard let bytes = result.bytesPerRoute else { continue }
            lines.append(
                "\(result.backend) on \(result.set): built in " + String(format: "%.1f", result.buildMs)
                    + " ms; the table holds " + String(format: "%.0f", bytes)
                    + " bytes per route (heap kept after the build, and JIT code)")
        }
        for result in results {
            guard let raw = result.rawMatchNsMedian, let ratio = result.lookupToRawRatio else { continue }
            lines.append(
                "\(result.backend) on \(result.set): the bare engine calls behind a lookup take "
                    + String(format: "%.1f", raw) + " ns; a full lookup takes "
                    + String(format: "%.2f", ratio) + "x that (median of per-run ratios, same runs)")
            if let floor = result.floorNsMedian {
                lines.append(
                    "\(result.backend) on \(result.set): the bare calls plus a match object and Substring "
                        + "parameters (the floor of any lookup returning a match) take " + String(format: "%.1f", floor)
                        + " ns")
            }
        }
        for result in results {
            guard let threads = result.threads, let one = result.routerNsPerLookupMedian,
                let threaded = result.threadedNsPerLookupMedian, threaded > 0
            else { continue }
            lines.append(
                "\(result.backend) on \(result.set): Router.match takes " + String(format: "%.1f", one)
                    + " ns on one thread; from \(threads) threads at once " + String(format: "%.1f", threaded)
                    + " ns of wall time per lookup per thread: \(threads) threads do "
                    + String(format: "%.2f", Double(threads) * one / threaded) + "x the lookups of one (same runs)")
        }
        // Ratios within one run: between two backends on a set, and between sets on a backend.
        for (index, result) in results.enumerated() {
            for other in results[(index + 1)...] where other.nsPerLookupMedian > 0 && result.nsPerLookupMedian > 0 {
                if other.set == result.set {
                    let ratio = String(format: "%.1f", other.nsPerLookupMedian / result.nsPerLookupMedian)
                    lines.append(
                        "\(other.backend) takes \(ratio)x the time of \(result.backend) per lookup on \(result.set) (same command, one process per backend)"
                    )
                } else if other.backend == result.backend {
                    var line =
                        "\(result.backend): \(other.set) takes "
                        + String(format: "%.2f", other.nsPerLookupMedian / result.nsPerLookupMedian)
                        + "x the time of \(result.set) per lookup"
                    if let raw = result.rawMatchNsMedian, let otherRaw = other.rawMatchNsMedian, raw > 0 {
                        line += " (the bare calls " + String(format: "%.2f", otherRaw / raw) + "x)"
                    }
                    lines.append(line + ", runs interleaved")
                }
            }
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
