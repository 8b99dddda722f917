// swift-tools-version:6.1

import PackageDescription

// An example server: the 203 routes of the GitHub REST API (Benchmarks/Routes/github-api.txt)
// served by Hummingbird 2 with URLRouter.
let package = Package(
    name: "GitHubAPI",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "../../Integrations/URLRouterHummingbird"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .executableTarget(
            name: "GitHubAPI",
            dependencies: [
                .product(name: "URLRouterHummingbird", package: "urlrouterhummingbird"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        )
    ]
)
