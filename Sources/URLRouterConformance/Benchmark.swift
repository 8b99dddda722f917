import Foundation
import Synchronization
public import URLRouter

/// A route set in the format of `Benchmarks/Routes` (from ../shared/bench-routes): one
/// `METHOD /path/:param` per line, and requests `METHOD /path` whose line i is best matched by route i.
public struct RouteSet: Sendable {
    /// A `METHOD path` line.
    public struct Line: Sendable, Hashable {
        /// The HTTP method.
        public var method: String
        /// The path pattern or request path.
        public var path: String

        /// Makes a line.
        public init(method: String, path: String) {
            self.method = method
            self.path = path
        }
    }

    /// The name shown in reports.
    public var name: String
    /// The routes, in order.
    public var routes: [Line]
    /// The requests; request i's best match is route i.
    public var requests: [Line]

    /// A malformed route or request file: which file and line.
    public struct FormatError: Error, Sendable, CustomStringConvertible {
        /// The file.
        public var file: String
        /// The 1-based line.
        public var line: Int
        /// What is wrong.
        public var message: String
        public var description: String { "\(file):\(line): \(message)" }
    }

    /// Makes a route set.
    public init(name: String, routes: [Line], requests: [Line]) {
        self.name = name
        self.routes = routes
        self.requests = requests
    }

    /// Reads a route file and its request file.
    public init(routesFile: String, requestsFile: String) throws {
        name = URL(fileURLWithPath: routesFile).deletingPathExtension().lastPathComponent
        routes = try RouteSet.read(routesFile)
        requests = try RouteSet.read(requestsFile)
        guard routes.count == requests.count else {
            throw FormatError(
                file: requestsFile, line: requests.count,
                message: "\(requests.count) requests for \(routes.count) routes: request i must be for route i")
        }
    }

    static func read(_ file: String) throws -> [Line] {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        var lines: [Line] = []
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = raw.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let fields = trimmed.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count == 2, HTTPMethodName.normalized(String(fields[0])) != nil, fields[1].hasPrefix("/") else {
                throw FormatError(file: file, line: number + 1, message: "expected 'METHOD /path', found '\(trimmed)'")
            }
            lines.append(Line(method: String(fields[0]), path: String(fields[1])))
        }
        return lines
    }

    /// A deterministic synthetic table of `count` routes, like ../shared/bench-routes' synthetic sets:
    /// 2–5 segments, the first static, about 30% params, GET only; requests put digits in params.
    public static func synthetic(_ count: Int, seed: UInt64 = 2026) -> RouteSet {
        var state = seed ^ UInt64(count)
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        func word() -> String {
            let consonants = Array("bcdfghjklmnprstvz")
            let vowels = Array("aeiou")
            return String((0..<Int(2 + next() % 4)).flatMap { _ in
                [consonants[Int(next() % UInt64(consonants.count))], vowels[Int(next() % UInt64(vowels.count))]]
            })
        }
        let firstWords = (0..<max(1, count / 50)).map { _ in word() }
        var seen: Set<String> = []
        var routes: [Line] = []
        var requests: [Line] = []
        while routes.count < count {
            var pattern = "/" + firstWords[Int(next() % UInt64(firstWords.count))]
            var request = pattern
            var parameter = 0
            for _ in 1..<Int(2 + next() % 4) {
                if next() % 10 < 3 {
                    parameter += 1
                    pattern += "/:p\(parameter)"
                    request += "/\(next() % 100_000)"
                } else {
                    let literal = word()
                    pattern += "/" + literal
                    request += "/" + literal
                }
            }
            // The same shape twice (ignoring parameter names) would make two routes tie.
            let shape = pattern.replacingOccurrences(of: #":p\d+"#, with: ":", options: .regularExpression)
            guard seen.insert(shape).inserted else { continue }
            routes.append(Line(method: "GET", path: pattern))
            requests.append(Line(method: "GET", path: request))
        }
        return RouteSet(name: "synthetic-\(count)", routes: routes, requests: requests)
    }
}

/// One backend's figures on one route set.
public struct BenchmarkResult: Sendable, Codable, Hashable {
    /// The backend.
    public var backend: String
    /// The route set.
    public var set: String
    /// The number of routes.
    public var routes: Int
    /// Lookups per run (one per request).
    public var lookups: Int
    /// The median over runs of the time of one full lookup (match and params), in nanoseconds.
    public var nsPerLookupMedian: Double
    /// The number of timed runs.
    public var runs: Int
    /// Registering every route (parsing and validating patterns), in milliseconds.
    public var registerMs: Double
    /// Compiling the registered table (ordering, lowering, and for PCRE2 compiling and JIT-compiling), in milliseconds.
    public var compileMs: Double
    /// How many patterns the backend compiled (PCRE2 shards), 0 for backends without patterns.
    public var patterns: Int
    /// Whether every compiled pattern runs as JIT code (false for backends without patterns).
    public var jit: Bool
    /// The process's peak resident set size, in KiB.
    public var peakRSSKiB: Int
    /// Requests whose best match was not their own route.
    public var wrongAnswers: Int
    /// The median over the same runs of the bare engine calls behind one lookup, replayed without
    /// the router (PCRE2's match on the prepared subject and the winner's `(*MARK)`), in
    /// nanoseconds; `nil` for backends without such calls.
    public var rawMatchNsMedian: Double?
    /// The median over runs of the full lookup's time divided by the bare calls' time in the same run.
    public var lookupToRawRatio: Double?
    /// With ``BenchmarkRunner/threads`` above 1: how many threads looked up at once.
    public var threads: Int?
    /// With ``threads``: the median over the same runs of a lookup through `Router.match` (taking
    /// the router's snapshot, the lookup, its parameters) on one thread, in nanoseconds.
    public var routerNsPerLookupMedian: Double?
    /// With ``threads``: the median over the same runs of the wall time of `Router.match` from
    /// ``threads`` threads at once, per lookup per thread, in nanoseconds (equal to
    /// ``routerNsPerLookupMedian`` when the threads do not slow each other down).
    public var threadedNsPerLookupMedian: Double?
    /// The median over the same runs of the least any lookup returning a match must do beyond
    /// the bare calls, done after them: allocate a match object holding the winner and the URL
    /// and slice each parameter from the URL as a `Substring`; `nil` with ``rawMatchNsMedian``.
    public var floorNsMedian: Double?
    /// The median over the same runs of one borrowed lookup on a typed `RouteTable<Int>` of the
    /// same routes (`withMatch`, the value and every parameter read as bytes), in nanoseconds.
    public var borrowedNsMedian: Double?
    /// Heap allocations per borrowed lookup, counted around the timed loop of the last run (`nil`
    /// when the process cannot count them: a sanitizer build, or a caller without a counter).
    public var borrowedMallocsPerLookup: Double?
    /// Heap allocations per owning lookup (``nsPerLookupMedian``'s loop), counted alike.
    public var mallocsPerLookup: Double?

    enum CodingKeys: String, CodingKey {
        case borrowedNsMedian = "borrowed_ns_median"
        case borrowedMallocsPerLookup = "borrowed_mallocs_per_lookup"
        case mallocsPerLookup = "mallocs_per_lookup"
        case backend, set, routes, lookups, runs, jit
        case rawMatchNsMedian = "raw_match_ns_median"
        case lookupToRawRatio = "lookup_to_raw_ratio"
        case floorNsMedian = "floor_ns_median"
        case threads
        case routerNsPerLookupMedian = "router_ns_per_lookup_median"
        case threadedNsPerLookupMedian = "threaded_ns_per_lookup_median"
        case nsPerLookupMedian = "ns_per_lookup_median"
        case compileMs = "compile_ms"
        case registerMs = "register_ms"
        case patterns
        case peakRSSKiB = "peak_rss_kib"
        case wrongAnswers = "wrong_answers"
    }
}

/// A benchmark that could not be run as asked.
public struct BenchmarkError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var message: String
    public var description: String { message }
}

/// Times full lookups on one backend: each run repeats the requests for at least `minimumRunTime`,
/// and the reported figure is the median of `runs` runs. Where the backend's lookups end in bare
/// engine calls (PCRE2), each run also replays those calls alone, then the floor (those calls, a
/// match object and `Substring` parameters), for as long each, so the three are compared side by side.
public struct BenchmarkRunner: Sendable {
    /// The number of runs (at least 11 for the reported median).
    public var runs: Int
    /// The least time one run takes.
    public var minimumRunTime: Duration
    /// Above 1: each run also times `Router.match` on one thread and then from this many threads
    /// at once, as many lookups each.
    public var threads: Int
    /// Reads this thread's count of heap allocations so far (`nil`: not counted).
    public var mallocCount: (@Sendable () -> Int?)?

    /// Makes a runner.
    public init(
        runs: Int = 11, minimumRunTime: Duration = .milliseconds(100), threads: Int = 1,
        mallocCount: (@Sendable () -> Int?)? = nil
    ) {
        self.runs = runs
        self.minimumRunTime = minimumRunTime
        self.threads = threads
        self.mallocCount = mallocCount
    }

    /// A typed table holding `set`'s routes, each bound to its index.
    public static func typedTable(for set: RouteSet, backend: RouterBackend) throws -> RouteTable<Int> {
        try RouteTable(
            set.routes.enumerated().map { index, line in RouteTable<Int>.Route(line.path, method: line.method, value: index) },
            backend: backend)
    }

    /// A router holding `set`'s routes, each named by its index.
    public static func router(for set: RouteSet, backend: RouterBackend) throws -> Router {
        let router = Router(backend: backend)
        try router.register(contentsOf: set.routes.enumerated().map { index, line in
            RouteDefinition(line.path, method: line.method, name: String(index), handler: .action { _ in })
        })
        return router
    }

    /// The requests whose winner is not their own route (by index).
    package static func wrongAnswers(_ set: RouteSet, _ table: RoutingTable) -> [Int] {
        set.requests.indices.filter { index in
            let request = set.requests[index]
            guard case .success(let match) = table.lookup(request.path, method: request.method) else { return true }
            return match.route.name != String(index)
        }
    }

    /// Measures `set` on `backend`.
    public func measure(_ set: RouteSet, backend: RouterBackend) throws -> BenchmarkResult {
        try measure([set], backend: backend)[0]
    }

    /// Measures `sets` on `backend` side by side: each run times every set in turn, so ratios
    /// between the sets' figures hold while the machine's speed drifts. One result per set, in
    /// order; the peak RSS is the process's, over all of them.
    public func measure(_ sets: [RouteSet], backend: RouterBackend) throws -> [BenchmarkResult] {
        let trials = try sets.map { try Trial(set: $0, backend: backend, mallocCount: mallocCount) }
        var sink = 0
        for _ in 0..<max(1, runs) {
            for trial in trials {
                trial.run(minimumRunTime: minimumRunTime, sink: &sink)
                if threads > 1 { trial.runThreaded(minimumRunTime: minimumRunTime, threads: threads, sink: &sink) }
            }
        }
        blackHole(sink)
        let peak = BenchmarkRunner.peakRSSKiB()
        return trials.map { $0.result(peakRSSKiB: peak, threads: threads > 1 ? threads : nil) }
    }

    /// One set on one backend: its table, its requests, and the samples of its runs so far.
    final class Trial {
        let set: RouteSet
        let backendName: String
        let router: Router
        let table: RoutingTable
        let typed: RouteTable<Int>
        let mallocCount: (@Sendable () -> Int?)?
        var mallocsPerLookup: Double?
        var borrowedMallocsPerLookup: Double?
        var borrowedSamples: [Double] = []
        let registerTime: Duration
        let compileTime: Duration
        let wrong: Int
        let paths: [String]
        let methods: [String]
        /// The engine calls behind one pass of lookups, replayed bare in the same runs.
        let replay: (any RawMatchReplay)?
        /// What the floor adds to the bare calls: each request's winner and parameter ranges
        /// (`nil` for a request that matches nothing, a wrong answer: the floor then adds nothing).
        let winners: [(route: RouteRegistration, parameters: [Range<Int>])?]
        var samples: [Double] = []
        var rawSamples: [Double] = []
        var floorSamples: [Double] = []
        var ratios: [Double] = []
        var routerSamples: [Double] = []
        var threadedSamples: [Double] = []
        let clock = ContinuousClock()

        init(set: RouteSet, backend: RouterBackend, mallocCount: (@Sendable () -> Int?)?) throws {
            self.set = set
            self.mallocCount = mallocCount
            typed = try BenchmarkRunner.typedTable(for: set, backend: backend)
            backendName = backend.name
            let registerStart = clock.now
            let router = try BenchmarkRunner.router(for: set, backend: backend)
            self.router = router
            registerTime = clock.now - registerStart
            let compileStart = clock.now
            let table = router.table
            compileTime = clock.now - compileStart
            self.table = table
            wrong = BenchmarkRunner.wrongAnswers(set, table).count
            let paths = set.requests.map(\.path)
            let methods = set.requests.map(\.method)
            self.paths = paths
            self.methods = methods
            replay = table.rawMatchRecording?.recordRawMatches(lookups: paths.count) { index in
                _ = table.lookup(paths[index], method: methods[index])
            }
            if let replay, replay.replay() != replay.recordedWinners.reduce(0, &+) {
                throw BenchmarkError(message: "replaying \(backend.name)'s recorded engine calls gave other winners")
            }
            winners = paths.indices.map { index in
                guard case .success(let match) = table.lookup(paths[index], method: methods[index]) else { return nil }
                let parameters = (0..<match.parameterCount).map { position in
                    let value = match.parameter(at: position)
                    let utf8 = paths[index].utf8
                    let start = utf8.distance(from: utf8.startIndex, to: value.startIndex)
                    return start..<(start + value.utf8.count)
                }
                return (route: match.route, parameters: parameters)
            }
        }

        /// One run: full lookups for at least `minimumRunTime`, then borrowed lookups, then (where the backend has them)
        /// the bare calls, then the floor, as long each.
        func run(minimumRunTime: Duration, sink: inout Int) {
            // Locals, as a server holds its table: reading the fields of `self` in the loops would
            // copy them from the class on every lookup.
            let (table, typed, paths, methods, winners) = (self.table, self.typed, self.paths, self.methods, self.winners)
            // A full lookup: the match and its parameters.
            let owning = timed(minimumRunTime, sink: &sink) {
                var read = 0
                for index in paths.indices {
                    if case .success(let match) = table.lookup(paths[index], method: methods[index]) {
                        for position in 0..<match.parameterCount { read &+= match.parameter(at: position).utf8.count }
                    }
                }
                return read
            }
            samples.append(owning.ns)
            mallocsPerLookup = owning.mallocs
            // The borrowed lookup on the typed table: the value and every parameter read as bytes.
            let borrowed = timed(minimumRunTime, sink: &sink) {
                var read = 0
                for index in paths.indices {
                    read &+= typed.withMatch(method: methods[index], url: paths[index]) { lookup in
                        guard case .match(let match) = lookup else { return 0 }
                        var read = match.value
                        for position in 0..<match.parameterCount {
                            let bytes = match.parameter(at: position).bytes
                            read &+= bytes.count &+ Int(bytes.first ?? 0)
                        }
                        return read
                    }
                }
                return read
            }
            borrowedSamples.append(borrowed.ns)
            borrowedMallocsPerLookup = borrowed.mallocs
            guard let replay else { return }
            rawSamples.append(timed(minimumRunTime, sink: &sink) { replay.replay() }.ns)
            ratios.append(samples[samples.count - 1] / rawSamples[rawSamples.count - 1])
            // The floor: the bare calls, a match object holding the winner and the URL, and each
            // parameter sliced from the URL as a `Substring` (when parameters are sliced, not decoded).
            let floor = timed(minimumRunTime, sink: &sink) {
                var read = 0
                for index in paths.indices {
                    read &+= replay.replay(lookup: index)
                    guard let winner = winners[index] else { continue }
                    let match = FloorMatch(route: winner.route, url: paths[index])
                    for range in winner.parameters { read &+= match.url.utf8Slice(range).utf8.count }
                    read &+= FloorMatch.keep(match)
                }
                return read
            }
            floorSamples.append(floor.ns)
        }

        /// Runs `pass` (one pass over the requests, answering what it read) until `minimumRunTime`
        /// has passed: the time per request, and the allocations per request when they are counted.
        @inline(__always)
        func timed(_ minimumRunTime: Duration, sink: inout Int, _ pass: () -> Int) -> (ns: Double, mallocs: Double?) {
            var passes = 0
            let mallocsBefore = mallocCount?()
            let start = clock.now
            var elapsed = Duration.zero
            repeat {
                sink &+= pass()
                passes += 1
                elapsed = clock.now - start
            } while elapsed < minimumRunTime
            let requests = Double(passes * paths.count)
            var mallocs: Double?
            if let before = mallocsBefore, let after = mallocCount?() { mallocs = Double(after - before) / requests }
            return (elapsed.nanoseconds / requests, mallocs)
        }

        /// One pass of `Router.match` over the requests, with the parameters.
        static func routerPass(_ router: Router, _ paths: [String], _ methods: [String]) -> Int {
            var sink = 0
            for index in paths.indices {
                if case .success(let match) = router.match(paths[index], method: methods[index]) {
                    for position in 0..<match.parameterCount { sink &+= match.parameter(at: position).utf8.count }
                }
            }
            return sink
        }

        /// `Router.match` on this thread for at least `minimumRunTime`, then from `threads` threads
        /// at once, each making as many passes.
        func runThreaded(minimumRunTime: Duration, threads: Int, sink: inout Int) {
            var passes = 0
            let start = clock.now
            var elapsed = Duration.zero
            repeat {
                sink &+= Trial.routerPass(router, paths, methods)
                passes += 1
                elapsed = clock.now - start
            } while elapsed < minimumRunTime
            routerSamples.append(elapsed.nanoseconds / Double(passes * paths.count))
            let total = Atomic<Int>(0)
            let (router, paths, methods, passesEach) = (router, paths, methods, passes)
            let threadedStart = clock.now
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
                var local = 0
                for _ in 0..<passesEach { local &+= Trial.routerPass(router, paths, methods) }
                total.add(local, ordering: .relaxed)
            }
            threadedSamples.append((clock.now - threadedStart).nanoseconds / Double(passes * paths.count))
            sink &+= total.load(ordering: .relaxed)
        }

        func result(peakRSSKiB: Int, threads: Int?) -> BenchmarkResult {
            func median(_ values: [Double]) -> Double? { values.isEmpty ? nil : values.sorted()[values.count / 2] }
            return BenchmarkResult(
                backend: backendName, set: set.name, routes: set.routes.count, lookups: paths.count,
                nsPerLookupMedian: median(samples) ?? 0, runs: samples.count,
                registerMs: registerTime.nanoseconds / 1e6, compileMs: compileTime.nanoseconds / 1e6,
                patterns: table.routePatternFacts?.compiledPatternCount ?? 0,
                jit: table.routePatternFacts?.isJITCompiled ?? false, peakRSSKiB: peakRSSKiB,
                wrongAnswers: wrong, rawMatchNsMedian: median(rawSamples), lookupToRawRatio: median(ratios),
                threads: threads, routerNsPerLookupMedian: median(routerSamples),
                threadedNsPerLookupMedian: median(threadedSamples), floorNsMedian: median(floorSamples),
                borrowedNsMedian: median(borrowedSamples), borrowedMallocsPerLookup: borrowedMallocsPerLookup,
                mallocsPerLookup: mallocsPerLookup)
        }
    }

    /// The peak resident set size of this process, in KiB (`getrusage`).
    public static func peakRSSKiB() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss)
    }
}

extension Duration {
    var nanoseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }
}

/// The least a match must be: the winner and the URL its parameters are sliced from.
final class FloorMatch {
    let route: RouteRegistration
    let url: String

    init(route: RouteRegistration, url: String) {
        self.route = route
        self.url = url
    }

    /// Hands `match` to the optimizer as used, so making it cannot be dropped.
    @inline(never)
    static func keep(_ match: FloorMatch) -> Int { match.url.utf8.count }
}

@inline(never)
func blackHole(_ value: Int) {
    if value == Int.min { print(value) }
}

extension BenchmarkResult {
    /// One JSON object on one line.
    public var jsonLine: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// A readable table of results.
    public static func table(_ results: [BenchmarkResult]) -> String {
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
                        "\(other.backend) takes \(ratio)x the time of \(result.backend) per lookup on \(result.set) (same command, one process per backend)")
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
