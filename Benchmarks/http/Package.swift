// swift-tools-version:6.1

import PackageDescription

// The servers of `Benchmarks/http/run`: the same GitHub API routes behind Hummingbird's own router,
// URLRouter in Hummingbird, Vapor's own router and URLRouter in Vapor.
let package = Package(
    name: "HTTPBench",
    platforms: [.macOS(.v15)],
    dependencies: [
        // The URLRouter package two folders up, with both integrations' traits; the name keeps
        // `package:` below independent of what the clone's folder is called.
        .package(name: "URLRouter", path: "../..", traits: ["Hummingbird", "Vapor"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/vapor/vapor", from: "4.122.3"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .executableTarget(
            name: "HTTPBenchServer",
            dependencies: [
                .product(name: "URLRouter", package: "URLRouter"),
                .product(name: "URLRouterHummingbird", package: "URLRouter"),
                .product(name: "URLRouterVapor", package: "URLRouter"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        )
    ]
)
