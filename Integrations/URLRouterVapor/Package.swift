// swift-tools-version:6.1

import PackageDescription

import struct Foundation.URL

// The URLRouter package is two folders up; SwiftPM names a path dependency after its folder,
// which is whatever the clone is called, so the name is read from the path.
let urlRouterPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().lastPathComponent.lowercased()

let package = Package(
    name: "URLRouterVapor",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "URLRouterVapor", targets: ["URLRouterVapor"])
    ],
    dependencies: [
        .package(path: "../.."),
        .package(url: "https://github.com/vapor/vapor", from: "4.122.3"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.5.0"),
    ],
    targets: [
        .target(
            name: "URLRouterVapor",
            dependencies: [
                .product(name: "URLRouter", package: urlRouterPackage),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Metrics", package: "swift-metrics"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "URLRouterVaporTests",
            dependencies: [
                "URLRouterVapor",
                .product(name: "Vapor", package: "vapor"),
                .product(name: "XCTVapor", package: "vapor"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
