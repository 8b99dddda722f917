import Foundation
import Synchronization
@_spi(HandlerRouter) @_spi(Tools) import URLRouter
import URLRouterConformance
import URLRouterHandlers

extension BenchmarkRunner {
    /// One set on one backend: its table, its requests, and the samples of its runs so far.
    final class Trial {
        let set: RouteSet
        let backendName: String
        let router: Router
        let table: RouteTable<RouteHandler>
        let typed: RouteTable<Int>
        let mallocCount: (@Sendable () -> Int?)?
        /// What the typed table holds once built, per route (``BenchmarkResult/bytesPerRoute``).
        let bytesPerRoute: Double?
        /// Of those, the compiled patterns and the JIT code, per route.
        let patternBytesPerRoute: Double?
        let jitBytesPerRoute: Double?
        var mallocsPerLookup: Double?
        var borrowedMallocsPerLookup: Double?
        var borrowedSamples: [Double] = []
        let registerTime: Duration
        let compileTime: Duration
        let wrong: [RouteSet.WrongAnswer]
        let paths: [String]
        let methods: [String]
        /// The engine calls behind one pass of lookups, replayed bare in the same runs.
        let replay: (any RawMatchReplay)?
        /// What the floor adds to the bare calls: each request's winner and parameter ranges
        /// (`nil` for a request that matches nothing, a wrong answer: the floor then adds nothing).
        let winners: [(route: RouteRegistration, parameters: [Range<Int>])?]
        /// The names of each request's route's parameters, for the owning lookup to read them by.
        let parameterNames: [[String]]
        var samples: [Double] = []
        var rawSamples: [Double] = []
        var floorSamples: [Double] = []
        var ratios: [Double] = []
        var routerSamples: [Double] = []
        var threadedSamples: [Double] = []
        let clock = ContinuousClock()

        init(
            set: RouteSet, backend: RouterBackend, mallocCount: (@Sendable () -> Int?)?,
            heapBytes: (@Sendable () -> Int?)?
        ) throws {
            self.set = set
            self.mallocCount = mallocCount
            let heapBefore = heapBytes?()
            do {
                typed = try set.typedTable(backend: backend)
            } catch {
                throw set.locating(error)
            }
            // The heap the built table keeps (the build's temporaries are freed by now), and its
            // JIT code, which lives outside the heap.
            if let heapBefore, let heapAfter = heapBytes?(), !set.routes.isEmpty {
                let jit = typed.jitCodeBytes
                bytesPerRoute = Double(heapAfter - heapBefore + jit) / Double(set.routes.count)
                patternBytesPerRoute = Double(typed.patternBytes) / Double(set.routes.count)
                jitBytesPerRoute = Double(jit) / Double(set.routes.count)
            } else {
                (bytesPerRoute, patternBytesPerRoute, jitBytesPerRoute) = (nil, nil, nil)
            }
            backendName = backend.name
            let registerStart = clock.now
            let router = try set.router(backend: backend)
            self.router = router
            registerTime = clock.now - registerStart
            let compileStart = clock.now
            let table = router.table
            compileTime = clock.now - compileStart
            self.table = table
            wrong = set.wrongAnswers(in: table)
            let paths = set.requests.map(\.path)
            let methods = set.requests.map(\.method)
            self.paths = paths
            self.methods = methods
            replay = table.recordRawMatches(lookups: paths.count) { table, index in
                _ = table.lookup(method: methods[index], url: paths[index])
            }
            if let replay, replay.replay() != replay.recordedWinners.reduce(0, &+) {
                throw BenchmarkError(message: "replaying \(backend.name)'s recorded engine calls gave other winners")
            }
            winners = paths.indices.map { index in
                guard case .success(let match) = table.lookup(method: methods[index], url: paths[index]) else {
                    return nil
                }
                let parameters = (0..<match.parameterCount).map { position in
                    let value = match.parameter(at: position)
                    let utf8 = paths[index].utf8
                    let start = utf8.distance(from: utf8.startIndex, to: value.startIndex)
                    return start..<(start + value.utf8.count)
                }
                return (route: match.route, parameters: parameters)
            }
            parameterNames = paths.indices.map { index in
                guard case .success(let match) = table.lookup(method: methods[index], url: paths[index]) else {
                    return []
                }
                return match.parameters.path.map(\.name)
            }
        }

        /// One run: full lookups for at least `minimumRunTime`, then borrowed lookups, then (where the backend has them)
        /// the bare calls, then the floor, as long each.
        func run(minimumRunTime: Duration, sink: inout Int) {
            // Locals, as a server holds its table: reading the fields of `self` in the loops would
            // copy them from the class on every lookup.
            let (typed, paths, methods, winners, names) = (
                self.typed, self.paths, self.methods, self.winners, self.parameterNames
            )
            // The owning lookup, read as the README teaches: the value, and each parameter by name.
            let owning = timed(minimumRunTime, sink: &sink) {
                var read = 0
                for index in paths.indices {
                    if case .success(let match) = typed.lookup(method: methods[index], url: paths[index]) {
                        read &+= match.value
                        for name in names[index] { read &+= match.parameters.get(name)?.utf8.count ?? 0 }
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
                        switch lookup {
                        case .miss: return 0
                        case .match(let match):
                            var read = match.value
                            for position in 0..<match.parameterCount {
                                read &+= match.parameter(at: position).withUnsafeBufferPointer { bytes in
                                    bytes.count &+ Int(bytes.first ?? 0)
                                }
                            }
                            return read
                        }
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
                    for range in winner.parameters {
                        read &+= Substring(match.url.utf8.dropFirst(range.lowerBound).prefix(range.count)).utf8.count
                    }
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
                buildMs: (registerTime + compileTime).nanoseconds / 1e6, bytesPerRoute: bytesPerRoute,
                patternBytesPerRoute: patternBytesPerRoute, jitBytesPerRoute: jitBytesPerRoute,
                patterns: table.routePatternFacts?.compiledPatternCount ?? 0,
                jit: table.routePatternFacts?.isJITCompiled ?? false, peakRSSKiB: peakRSSKiB,
                wrongAnswers: wrong.count, wrongExamples: Array(wrong.prefix(5)), rawMatchNsMedian: median(rawSamples),
                lookupToRawRatio: median(ratios),
                threads: threads, routerNsPerLookupMedian: median(routerSamples),
                threadedNsPerLookupMedian: median(threadedSamples), floorNsMedian: median(floorSamples),
                borrowedNsMedian: median(borrowedSamples), borrowedMallocsPerLookup: borrowedMallocsPerLookup,
                mallocsPerLookup: mallocsPerLookup)
        }
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
