import Benchmark

/// Holds a router built in `setup`, so building is never timed with the lookups, and the
/// benchmark's place in its requests.
final class RouterBox: @unchecked Sendable {
    // @unchecked: used only by its own benchmark, whose setup and passes run one at a time.
    var router: (any ComparedRouter)?
    /// The chunk of requests the next measured pass looks up.
    var nextChunk = 0
}

/// Every router answers every request of a scenario correctly, or the benchmark stops.
func verify(_ router: any ComparedRouter, _ scenario: BenchRouteSet.Scenario, _ name: String) async {
    for request in scenario.requests {
        let answer = await router.answer(method: request.method, path: request.path)
        guard answer == request.expected else {
            fatalError(
                "\(name): \(request.method) \(request.path) answered \(answer.map(String.init) ?? "404"), expected \(request.expected.map(String.init) ?? "404")"
            )
        }
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        warmupIterations: 2,
        maxDuration: .milliseconds(600),
        maxIterations: 100_000,
        // Malloc counts are exact and stable from run to run; time is not gated.
        thresholds: [.mallocCountTotal: .init(relative: [.p90: 1.0], absolute: [.p90: 2])]
    )

    // A measured pass looks up one chunk of `chunkSize` consecutive requests of the scenario (all of
    // them when there are fewer), wrapping around at the end; each pass takes the next chunk, so the
    // passes cycle through every request, and every pass does the same number of lookups. Short
    // passes keep every router's pass well under a second (package-benchmark drops a throughput
    // below 1 per second).
    let chunkSize = 100
    // Names are `set.scenario.nLOOKUPS.router`: no spaces or slashes, which package-benchmark
    // replaces in threshold file names but not when it reads them back.
    for setName in BenchRouteSet.names {
        let set = BenchRouteSet(setName)
        for scenario in set.scenarios {
            let requests = scenario.requests
            let size = min(chunkSize, requests.count)
            let chunks = stride(from: 0, to: requests.count, by: size).map { start in
                (start..<start + size).map { requests[$0 % requests.count] }
            }
            for kind in RouterKind.allCases {
                let name = "\(setName).\(scenario.kind).n\(size).\(kind.rawValue)"
                let box = RouterBox()
                // The borrowed lookup allocates nothing: any malloc in a pass fails the check.
                var configuration = Benchmark.defaultConfiguration
                if kind.allocatesNothing { configuration.thresholds = [.mallocCountTotal: .init(absolute: [.p90: 0])] }
                Benchmark(name, configuration: configuration) { benchmark in
                    let chunk = chunks[box.nextChunk]
                    box.nextChunk = (box.nextChunk + 1) % chunks.count
                    var total = 0
                    if let router = box.router as? any SynchronousRouter {
                        benchmark.startMeasurement()
                        for _ in benchmark.scaledIterations {
                            for request in chunk { total &+= router.lookup(method: request.method, path: request.path) }
                        }
                    } else if let router = box.router as? any AsynchronousRouter {
                        benchmark.startMeasurement()
                        for _ in benchmark.scaledIterations {
                            for request in chunk {
                                total &+= await router.lookup(method: request.method, path: request.path)
                            }
                        }
                    }
                    benchmark.stopMeasurement()
                    blackHole(total)
                } setup: {
                    let router = try kind.make(set)
                    await verify(router, scenario, name)
                    box.router = router
                }
            }
        }
    }

    // Building each router with 10,000 routes (for URLRouter: registering and compiling the table).
    let large = BenchRouteSet("synthetic-10000")
    // (The borrowed lookup's table is built as the owning one's: one build benchmark for both.)
    for kind in RouterKind.allCases where kind != .urlRouterPCRE2Borrowed {
        Benchmark(
            "synthetic-10000.build.n1.\(kind.rawValue)",
            configuration: .init(
                metrics: [.wallClock, .throughput, .mallocCountTotal], warmupIterations: 0, maxDuration: .seconds(5),
                maxIterations: 5,
                thresholds: [.mallocCountTotal: .init(relative: [.p90: 2.0])])
        ) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try? kind.make(large))
            }
        }
    }
}
