// swift-tools-version:6.1

import PackageDescription

import struct Foundation.URL

// The URLRouter package is two folders up; SwiftPM names a path dependency after its folder,
// which is whatever the clone is called, so the name is read from the path.
let urlRouterPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().lastPathComponent.lowercased()

// The servers of `Benchmarks/http/run`: the same GitHub API routes behind Hummingbird's own router,
// URLRouter in Hummingbird, Vapor's own router and URLRouter in Vapor.
let package = Package(
    name: "HTTPBench",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "../.."),
        .package(path: "../../Integrations/URLRouterHummingbird"),
        .package(path: "../../Integrations/URLRouterVapor"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/vapor/vapor", from: "4.122.3"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .executableTarget(
            name: "HTTPBenchServer",
            dependencies: [
                .product(name: "URLRouterConformance", package: urlRouterPackage),
                .product(name: "URLRouterHummingbird", package: "urlrouterhummingbird"),
                .product(name: "URLRouterVapor", package: "urlroutervapor"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        )
    ]
)
