// swift-tools-version: 6.0
// The Switchyard link service: storage (SQLite via GRDB, PostgreSQL via postgres-nio) and the
// Hummingbird 2 HTTP service. A nested package so the SDK at ".." keeps zero dependencies.
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "SwitchyardServer",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "SwitchyardStore", targets: ["SwitchyardStore"]),
        .library(name: "SwitchyardService", targets: ["SwitchyardService"]),
        // For the dashboard's browser test until `switchyard serve` exists (see Sources/SwitchyardServe).
        .executable(name: "switchyard-serve", targets: ["SwitchyardServe"]),
    ],
    dependencies: [
        .package(name: "Switchyard", path: ".."),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    ],
    targets: [
        .target(
            name: "SwitchyardStore",
            dependencies: [
                .product(name: "Switchyard", package: "Switchyard"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        // The HTTP service: API, link opener, association files, health and metrics.
        .target(
            name: "SwitchyardService",
            dependencies: [
                "SwitchyardStore",
                .product(name: "Switchyard", package: "Switchyard"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            resources: [.copy("Resources/openapi.json")],
            swiftSettings: swiftSettings
        ),
        // `switchyard-serve`: the service for the dashboard's headless-browser test (scripts/browser-test).
        .executableTarget(
            name: "SwitchyardServe",
            dependencies: [
                "SwitchyardService",
                "SwitchyardStore",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SwitchyardStoreTests",
            dependencies: [
                "SwitchyardStore",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SwitchyardServiceTests",
            dependencies: [
                "SwitchyardService",
                "SwitchyardStore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
