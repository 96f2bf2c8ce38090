// swift-tools-version: 6.0
// The Switchyard link service: storage (SQLite via GRDB, PostgreSQL via postgres-nio).
// A nested package so the SDK at ".." keeps zero dependencies.
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "SwitchyardServer",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "SwitchyardStore", targets: ["SwitchyardStore"]),
    ],
    dependencies: [
        .package(name: "Switchyard", path: ".."),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
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
