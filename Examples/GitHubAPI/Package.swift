// swift-tools-version:6.1

import PackageDescription

import struct Foundation.URL

// The URLRouter package is two folders up; SwiftPM names a path dependency after its folder,
// which is whatever the clone is called, so the name is read from the path.
let urlRouterPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().lastPathComponent.lowercased()

// An example server: the 203 routes of the GitHub REST API (Benchmarks/Routes/github-api.txt)
// served by Hummingbird 2 with URLRouter.
let package = Package(
    name: "GitHubAPI",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "../.."),
        .package(path: "../../Integrations/URLRouterHummingbird"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .executableTarget(
            name: "GitHubAPI",
            dependencies: [
                .product(name: "URLRouterConformance", package: urlRouterPackage),
                .product(name: "URLRouterHummingbird", package: "urlrouterhummingbird"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        )
    ]
)
