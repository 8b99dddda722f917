// swift-tools-version:6.2

import PackageDescription

let package = Package(
    name: "URLRouterBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        // The URLRouter package is the parent folder; the name keeps `package:` below independent
        // of what the clone's folder is called.
        .package(name: "URLRouter", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/vapor/routing-kit", from: "4.9.3"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        // One lookup's instructions, counted under callgrind by Benchmarks/instructions (in CI):
        // a module of its own, as a server's code calls the library.
        .executableTarget(
            name: "LookupCost",
            dependencies: [
                .product(name: "URLRouter", package: "URLRouter"),
                .product(name: "URLRouterHandlers", package: "URLRouter"),
            ],
            path: "LookupCost"
        ),
        // The routers compared, looked up as LookupCost looks URLRouter up, for
        // Benchmarks/peer-instructions to count beside it (not in CI: it builds Hummingbird).
        .executableTarget(
            name: "PeerLookupCost",
            dependencies: [
                .product(name: "URLRouter", package: "URLRouter"),
                .product(name: "RoutingKit", package: "routing-kit"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            path: "PeerLookupCost"
        ),
        // URLRouter (both backends), routing-kit's TrieRouter and Hummingbird 2's trie and responder,
        // on the same route sets in the same run. Route sets are read from ../Routes.
        .executableTarget(
            name: "RouterComparison",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "URLRouter", package: "URLRouter"),
                .product(name: "URLRouterHandlers", package: "URLRouter"),
                .product(name: "RoutingKit", package: "routing-kit"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            path: "Benchmarks/RouterComparison",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    ]
)
