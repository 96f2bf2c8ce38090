// swift-tools-version: 6.0
// The Switchyard server package: the `switchyard` command line and the link service's storage
// (SQLite via GRDB, PostgreSQL via postgres-nio). Everything with dependencies lives here, so the
// SDK at ".." stays dependency-free.
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "SwitchyardServer",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "switchyard", targets: ["SwitchyardTool"]),
        .library(name: "SwitchyardCommand", targets: ["SwitchyardCommand"]),
        .library(name: "SwitchyardStore", targets: ["SwitchyardStore"]),
    ],
    dependencies: [
        .package(name: "Switchyard", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        // The subcommands (resolve, routes check, link): a library, so other targets can reuse them.
        .target(
            name: "SwitchyardCommand",
            dependencies: [
                .product(name: "Switchyard", package: "Switchyard"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        // The `switchyard` executable: only the root command that lists the subcommands.
        .executableTarget(
            name: "SwitchyardTool",
            dependencies: [
                "SwitchyardCommand",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        // Smart links and clicks behind one protocol, on SQLite and PostgreSQL.
        .target(
            name: "SwitchyardStore",
            dependencies: [
                .product(name: "Switchyard", package: "Switchyard"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // Runs the built `switchyard` executable as a subprocess.
        .testTarget(
            name: "SwitchyardCommandTests",
            dependencies: [
                "SwitchyardTool",
                .product(name: "Switchyard", package: "Switchyard"),
            ],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        // One conformance suite for both back ends (PostgreSQL when SWITCHYARD_POSTGRES_URL is set).
        .testTarget(
            name: "SwitchyardStoreTests",
            dependencies: [
                "SwitchyardStore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
