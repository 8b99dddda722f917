// swift-tools-version:6.2

import PackageDescription

let package = Package(
    name: "URLRouter",
    products: [
        .library(name: "URLRouter", targets: ["URLRouter"]),
        // The fixture runner and the route-set benchmark, for conformance tools and Benchmarks/.
        .library(name: "URLRouterConformance", targets: ["URLRouterConformance"]),
        .executable(name: "urlrouter", targets: ["urlrouter"]),
    ],
    traits: [
        // `PCRE2`: build the PCRE2 JIT backend (Sources/URLRouter/PCRE2Backend, C module `CURLRouterPCRE2`).
        // It needs Debian's `libpcre2-dev` (pkg-config `libpcre2-8`). Code behind it is gated with `#if PCRE2`.
        // Without it (`swift build --disable-default-traits`) the package is Foundation-only and needs no C library.
        .trait(name: "PCRE2", description: "PCRE2 JIT matching backend (needs libpcre2-dev)"),
        .default(enabledTraits: ["PCRE2"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // `swift package generate-documentation` (scripts/docs builds the URLRouter catalog with it).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The C library, imported only by the PCRE2 backend's files and only with the PCRE2 trait.
        .systemLibrary(
            name: "CURLRouterPCRE2",
            pkgConfig: "libpcre2-8",
            providers: [.apt(["libpcre2-dev"])]
        ),
        // The library, one module: `RouteTable`, `Router` and what they answer in (Routing/); pattern
        // and rule syntax, URL normalization, the backend-neutral route IR and the lookup pipeline
        // (Syntax/, URL/, Table/, Backend/, Answers/, Support/); the reference backend
        // (FoundationBackend/) and the PCRE2 JIT backend (PCRE2Backend/, compiled only with the
        // PCRE2 trait). One module, so every public type is declared where `import URLRouter` and its
        // documentation find it.
        .target(
            name: "URLRouter",
            dependencies: [
                .target(name: "CURLRouterPCRE2", condition: .when(traits: ["PCRE2"])),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Fixture format (Docs/FIXTURES.md) and the conformance runner, as a library for tests and the CLI.
        .target(name: "URLRouterConformance", dependencies: ["URLRouter"]),
        // What the `urlrouter` command does (benchmark runner and reports, the match report), as a
        // library for the command and its tests; not a product.
        .target(name: "URLRouterCLI", dependencies: ["URLRouterConformance"]),
        // Counting wrappers around malloc, linked only into the CLI (`urlrouter bench` counts the
        // allocations of its timed loops with them).
        .target(name: "CMallocCount"),
        .executableTarget(
            name: "urlrouter",
            dependencies: [
                "URLRouterCLI",
                "CMallocCount",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Fuzz targets (scripts/fuzz builds them with -sanitize=fuzzer,address -DFUZZING; a plain
        // build makes programs that replay inputs given as files).
        .target(name: "CFuzzing"),
        .target(name: "FuzzSupport", dependencies: ["CFuzzing"]),
        .executableTarget(name: "FuzzRouter", dependencies: ["FuzzSupport", "URLRouterConformance"]),
        .executableTarget(name: "FuzzParsers", dependencies: ["FuzzSupport", "URLRouterConformance"]),
        .testTarget(name: "URLRouterTests", dependencies: ["URLRouter"]),
        .testTarget(name: "URLRouterConformanceTests", dependencies: ["URLRouterConformance", "URLRouterCLI"]),
        // Both backends against each other on random tables and URLs.
        .testTarget(name: "URLRouterParityTests", dependencies: ["URLRouterConformance", "URLRouterCLI"]),
    ]
)

for target in package.targets where [.executable, .test, .regular].contains(target.type) {
    var settings = target.swiftSettings ?? []

    // https://github.com/apple/swift-evolution/blob/main/proposals/0335-existential-any.md
    // Require `any` for existential types.
    settings.append(.enableUpcomingFeature("ExistentialAny"))

    // https://github.com/swiftlang/swift-evolution/blob/main/proposals/0444-member-import-visibility.md
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))

    // https://github.com/swiftlang/swift-evolution/blob/main/proposals/0409-access-level-on-imports.md
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))

    // https://github.com/swiftlang/swift-evolution/blob/main/proposals/0461-async-function-isolation.md
    settings.append(.enableUpcomingFeature("NonisolatedNonsendingByDefault"))

    // Every public type says whether it is Sendable.
    settings.append(.unsafeFlags(["-Xfrontend", "-require-explicit-sendable"]))

    target.swiftSettings = settings
}
