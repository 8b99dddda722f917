// swift-tools-version:6.1

import PackageDescription

import struct Foundation.URL

// The URLRouter package is two folders up; SwiftPM names a path dependency after its folder,
// which is whatever the clone is called, so the name is read from the path.
let urlRouterPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().lastPathComponent.lowercased()

let package = Package(
    name: "URLRouterHummingbird",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "URLRouterHummingbird", targets: ["URLRouterHummingbird"])
    ],
    dependencies: [
        .package(path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        .target(
            name: "URLRouterHummingbird",
            dependencies: [
                .product(name: "URLRouter", package: urlRouterPackage),
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "URLRouterHummingbirdTests",
            dependencies: [
                "URLRouterHummingbird",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
