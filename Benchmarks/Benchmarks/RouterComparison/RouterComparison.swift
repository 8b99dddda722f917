import Benchmark

/// Holds a router built in `setup`, so building is never timed with the lookups.
final class RouterBox: @unchecked Sendable {
    // @unchecked: set once in the benchmark's setup, then only read by that benchmark.
    var router: (any ComparedRouter)?
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
        thresholds: [.mallocCountTotal: .init(relative: [.p50: 1.0], absolute: [.p50: 2])]
    )

    for setName in BenchRouteSet.names {
        let set = BenchRouteSet(setName)
        for scenario in set.scenarios {
            for kind in RouterKind.allCases {
                let name = "\(setName) \(scenario.kind) n=\(scenario.requests.count) | \(kind.rawValue)"
                let box = RouterBox()
                let requests = scenario.requests
                Benchmark(name) { benchmark in
                    var total = 0
                    if let router = box.router as? any SynchronousRouter {
                        benchmark.startMeasurement()
                        for _ in benchmark.scaledIterations {
                            for request in requests { total &+= router.lookup(method: request.method, path: request.path) }
                        }
                    } else if let router = box.router as? any AsynchronousRouter {
                        benchmark.startMeasurement()
                        for _ in benchmark.scaledIterations {
                            for request in requests {
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
    for kind in RouterKind.allCases {
        Benchmark(
            "build synthetic-10000 n=1 | \(kind.rawValue)",
            configuration: .init(
                metrics: [.wallClock, .throughput, .mallocCountTotal], warmupIterations: 0, maxDuration: .seconds(5), maxIterations: 5,
                thresholds: [.mallocCountTotal: .init(relative: [.p50: 2.0])])
        ) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try? kind.make(large))
            }
        }
    }
}
