// swift-tools-version:6.2

import PackageDescription

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Swift Package Index sets SPI_GENERATE_DOCS when it builds the documentation: then every trait is
// on, so that the integration modules' pages are not empty (as apple/swift-configuration does).
let documentingEveryTrait = ProcessInfo.processInfo.environment["SPI_GENERATE_DOCS"] != nil

let package = Package(
    name: "URLRouter",
    // The lowest macOS the code and its dependencies allow (Linux has no such floor): 15, for the
    // standard library's Synchronization module (`Atomic` in the core's live tables and handler
    // router, `Mutex` in the Vapor module). Hummingbird 2.28.1 allows 14, Vapor 4.122.3 10.15.
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "URLRouter", targets: ["URLRouter"]),
        // The seeds' handler router (`Router`: action, object and callback routes, FTRouter route
        // maps), a layer over the core's route table.
        .library(name: "URLRouterHandlers", targets: ["URLRouterHandlers"]),
        // URLRouter in Hummingbird 2 (`URLRouterBuilder`) and in Vapor 4 (`app.responder.use(.urlRouter)`).
        // Each product always exists; its module is empty unless its trait is on, and only then does
        // SwiftPM fetch and build Hummingbird or Vapor (every reference to them is trait-guarded).
        .library(name: "URLRouterHummingbird", targets: ["URLRouterHummingbird"]),
        .library(name: "URLRouterVapor", targets: ["URLRouterVapor"]),
        .executable(name: "urlrouter", targets: ["urlrouter"]),
    ],
    traits: [
        // `PCRE2`: build the PCRE2 JIT backend (Sources/URLRouter/Backends/PCRE2, C module `CURLRouterPCRE2`).
        // It needs Debian's `libpcre2-dev` (pkg-config `libpcre2-8`). Code behind it is gated with `#if PCRE2`.
        // Without it (`swift build --disable-default-traits`) the package is Foundation-only and needs no C library.
        .trait(name: "PCRE2", description: "PCRE2 JIT matching backend (needs libpcre2-dev)"),
        // The server integrations turn PCRE2 on themselves: naming a trait replaces the defaults, and a
        // server that wrote `traits: ["Hummingbird"]` would otherwise dispatch on the reference backend
        // without a word. Code behind them is gated with `#if Hummingbird` and `#if Vapor`.
        // `Reloading`: `RouteFileWatcher`, a swift-service-lifecycle `Service` that reloads a live
        // table from its route file as the file changes and on SIGHUP. Off by default, so that a
        // core-only package fetches no swift-service-lifecycle. Code behind it is gated with `#if Reloading`.
        .trait(name: "Reloading", description: "RouteFileWatcher, a swift-service-lifecycle Service (live route files)"),
        .trait(
            name: "Hummingbird",
            description: "The URLRouterHummingbird module (Hummingbird 2); enables PCRE2 and Reloading",
            enabledTraits: ["PCRE2", "Reloading"]),
        .trait(
            name: "Vapor", description: "The URLRouterVapor module (Vapor 4); enables PCRE2 and Reloading",
            enabledTraits: ["PCRE2", "Reloading"]),
        // `OpenAPI`: with Hummingbird, `URLRouterBuilder` and its groups are OpenAPI `ServerTransport`s
        // (swift-openapi-hummingbird's `register`); with Vapor, `URLRouterVaporTransport`. Off by default,
        // so that a package that does not name it fetches no OpenAPI package. Gated with `#if OpenAPI`.
        .trait(name: "OpenAPI", description: "OpenAPI server transports for the Hummingbird and Vapor modules"),
        .default(
            enabledTraits: documentingEveryTrait ? ["PCRE2", "Reloading", "Hummingbird", "Vapor", "OpenAPI"] : ["PCRE2"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // `swift package generate-documentation` (scripts/docs builds the URLRouter catalog with it).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // Used only behind the Hummingbird and Vapor traits, so a consumer without them fetches none of these.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/vapor/vapor", from: "4.122.3"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.5.0"),
        // Only behind the OpenAPI trait.
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird", from: "2.1.0"),
        // Only in tests: the route telemetry the integrations give (swift-distributed-tracing's
        // in-memory tracer, swift-metrics' test handler).
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
        // Only in the command: `urlrouter lint` and `diff` read OpenAPI documents (3.0, 3.1) with
        // OpenAPIKit, and their YAML or JSON with Yams, which also says where each part is written.
        // OpenAPIKit's `ExternalLoading` trait (documents spread over files) is left off.
        .package(url: "https://github.com/mattpolzin/OpenAPIKit", from: "6.4.0", traits: []),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // Only behind the Reloading trait (which Hummingbird and Vapor turn on): RouteFileWatcher.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        // The C library, imported only by the PCRE2 backend's files and only with the PCRE2 trait.
        .systemLibrary(
            name: "CURLRouterPCRE2",
            pkgConfig: "libpcre2-8",
            providers: [.apt(["libpcre2-dev"])]
        ),
        // The library, one module, its folders in the order a request meets them (Docs/ARCHITECTURE.md):
        // API/ (what users call), Patterns/ (pattern and rule syntax), Compile/ (registration to a
        // compiled table), Requests/ (URL scanning and normalization), Lookup/ (resolve and answer),
        // Backends/ (the matcher interface, Foundation/ the reference, PCRE2/ compiled only with the
        // PCRE2 trait), Building/ (reverse routing), Support/. One module, so every public type is
        // declared where `import URLRouter` and its documentation find it.
        .target(
            name: "URLRouter",
            dependencies: [
                .target(name: "CURLRouterPCRE2", condition: .when(traits: ["PCRE2"])),
                .product(name: "Logging", package: "swift-log"),
                // A live table's reload counters and route gauge.
                .product(name: "Metrics", package: "swift-metrics"),
                // RouteFileWatcher: a Service, and SIGHUP.
                .product(
                    name: "ServiceLifecycle", package: "swift-service-lifecycle",
                    condition: .when(traits: ["Reloading"])),
                .product(
                    name: "UnixSignals", package: "swift-service-lifecycle", condition: .when(traits: ["Reloading"])),
            ]
        ),
        // The seeds' handler router, built on the core: the compiler keeps the core free of it.
        .target(
            name: "URLRouterHandlers",
            dependencies: ["URLRouter", .product(name: "Logging", package: "swift-log")]
        ),
        // Hummingbird 2: `URLRouterBuilder`, a drop-in for Hummingbird's `Router`. Empty without the trait.
        .target(
            name: "URLRouterHummingbird",
            dependencies: [
                "URLRouter",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
                .product(
                    name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird",
                    condition: .when(traits: ["OpenAPI"])),
            ]
        ),
        // Vapor 4: `URLRouterResponder`, installed with `app.responder.use(.urlRouter)`. Empty without the trait.
        .target(
            name: "URLRouterVapor",
            dependencies: [
                "URLRouter",
                .product(name: "Vapor", package: "vapor", condition: .when(traits: ["Vapor"])),
                .product(name: "Metrics", package: "swift-metrics", condition: .when(traits: ["Vapor"])),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime", condition: .when(traits: ["OpenAPI"])),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: .when(traits: ["OpenAPI"])),
            ]
        ),
        // Fixture format (Docs/FIXTURES.md) and the conformance runner, for the command, the fuzzers
        // and the tests; not a product.
        .target(name: "URLRouterConformance", dependencies: ["URLRouter", "URLRouterHandlers"]),
        // What the `urlrouter` command does (benchmark runner and reports, the match report, lint and
        // diff of route files and OpenAPI documents), as a library for the command and its tests;
        // not a product.
        .target(
            name: "URLRouterCLI",
            dependencies: [
                "URLRouterConformance",
                "URLRouterHandlers",
                .product(name: "OpenAPIKit", package: "OpenAPIKit"),
                .product(name: "OpenAPIKit30", package: "OpenAPIKit"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        // Counting wrappers around malloc, linked only into the CLI (`urlrouter bench` counts the
        // allocations of its timed loops with them).
        .target(name: "CMallocCount"),
        .executableTarget(
            name: "urlrouter",
            dependencies: [
                "URLRouterCLI",
                "URLRouterHandlers",
                "CMallocCount",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The example server: the GitHub REST API's routes served by Hummingbird with URLRouter
        // (`swift run --traits Hummingbird GitHubAPI`); without the trait it only says so.
        .executableTarget(
            name: "GitHubAPI",
            dependencies: [
                "URLRouter",
                "URLRouterHummingbird",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
                .product(
                    name: "ServiceLifecycle", package: "swift-service-lifecycle",
                    condition: .when(traits: ["Hummingbird"])),
            ],
            path: "Examples/GitHubAPI"
        ),
        // Fuzz targets (scripts/fuzz builds them with -sanitize=fuzzer,address -DFUZZING; a plain
        // build makes programs that replay inputs given as files).
        .target(name: "CFuzzing"),
        .target(name: "FuzzSupport", dependencies: ["CFuzzing"]),
        .executableTarget(name: "FuzzRouter", dependencies: ["FuzzSupport", "URLRouterConformance", "URLRouterHandlers"]),
        .executableTarget(name: "FuzzParsers", dependencies: ["FuzzSupport", "URLRouterConformance", "URLRouterHandlers"]),
        // The OpenAPI document both integrations' tests serve (Tests/OpenAPITestSupport/openapi.yaml),
        // its code generated once by swift-openapi-generator and committed, and its handler.
        .target(
            name: "OpenAPITestSupport",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime", condition: .when(traits: ["OpenAPI"])),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: .when(traits: ["OpenAPI"])),
            ],
            path: "Tests/OpenAPITestSupport",
            exclude: ["openapi.yaml", "openapi-generator-config.yaml"]
        ),
        // The tracer and metrics factory of the integrations' telemetry tests, bootstrapped once a process.
        .target(
            name: "TelemetryTestSupport",
            dependencies: [
                .product(
                    name: "InMemoryTracing", package: "swift-distributed-tracing",
                    condition: .when(traits: ["Hummingbird", "Vapor"])),
                .product(
                    name: "Instrumentation", package: "swift-distributed-tracing",
                    condition: .when(traits: ["Hummingbird", "Vapor"])),
                .product(name: "Tracing", package: "swift-distributed-tracing", condition: .when(traits: ["Hummingbird", "Vapor"])),
                .product(name: "MetricsTestKit", package: "swift-metrics", condition: .when(traits: ["Hummingbird", "Vapor"])),
                .product(name: "Metrics", package: "swift-metrics", condition: .when(traits: ["Hummingbird", "Vapor"])),
            ],
            path: "Tests/TelemetryTestSupport"
        ),
        // What the route-file tests of the core and the integrations share.
        .target(name: "ReloadTestSupport", dependencies: ["URLRouter"], path: "Tests/ReloadTestSupport"),
        .testTarget(
            name: "URLRouterTests",
            dependencies: [
                "URLRouter",
                "URLRouterHandlers",
                "ReloadTestSupport",
                .product(
                    name: "ServiceLifecycle", package: "swift-service-lifecycle",
                    condition: .when(traits: ["Reloading"])),
                .product(
                    name: "ServiceLifecycleTestKit", package: "swift-service-lifecycle",
                    condition: .when(traits: ["Reloading"])),
            ]
        ),
        // The handler router: registration kinds, route maps, the unmatched handler.
        .testTarget(name: "URLRouterHandlersTests", dependencies: ["URLRouter", "URLRouterHandlers"]),
        .testTarget(
            name: "URLRouterConformanceTests", dependencies: ["URLRouterConformance", "URLRouterCLI", "URLRouterHandlers"]),
        // Both backends against each other on random tables and URLs.
        .testTarget(name: "URLRouterParityTests", dependencies: ["URLRouterConformance", "URLRouterCLI", "URLRouterHandlers"]),
        // The integrations over loopback sockets (`swift test --traits defaults,Hummingbird,Vapor`);
        // without their traits these targets are empty.
        .testTarget(
            name: "URLRouterHummingbirdTests",
            dependencies: [
                "URLRouterHummingbird",
                "ReloadTestSupport",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
                .product(
                    name: "HummingbirdTesting", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: .when(traits: ["Hummingbird"])),
                "OpenAPITestSupport",
                .product(
                    name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird",
                    condition: .when(traits: ["OpenAPI"])),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime", condition: .when(traits: ["OpenAPI"])),
                "TelemetryTestSupport",
            ]
        ),
        .testTarget(
            name: "URLRouterVaporTests",
            dependencies: [
                "URLRouterVapor",
                "ReloadTestSupport",
                .product(name: "Vapor", package: "vapor", condition: .when(traits: ["Vapor"])),
                .product(name: "XCTVapor", package: "vapor", condition: .when(traits: ["Vapor"])),
                "OpenAPITestSupport",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime", condition: .when(traits: ["OpenAPI"])),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: .when(traits: ["OpenAPI"])),
                "TelemetryTestSupport",
            ]
        ),
    ]
)

// OpenAPITestSupport holds generated code, compiled as its generator writes it.
for target in package.targets where [.executable, .test, .regular].contains(target.type)
    && target.name != "OpenAPITestSupport"
{
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

    // Every public type says whether it is Sendable. A warning group, not an unsafe flag: SwiftPM
    // refuses a package with unsafe flags as a dependency by URL and version.
    settings.append(.treatWarning("ExplicitSendable", as: .warning))

    target.swiftSettings = settings
}
