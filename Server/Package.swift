// swift-tools-version: 6.0
// The Switchyard server package: the `switchyard` command line, the link service's storage
// (SQLite via GRDB, PostgreSQL via postgres-nio) and its Hummingbird 2 HTTP service. Everything
// with dependencies lives here, so the SDK at ".." stays dependency-free.
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "SwitchyardServer",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "switchyard", targets: ["SwitchyardTool"]),
        .library(name: "SwitchyardCommand", targets: ["SwitchyardCommand"]),
        .library(name: "SwitchyardStore", targets: ["SwitchyardStore"]),
        .library(name: "SwitchyardService", targets: ["SwitchyardService"]),
        .library(name: "SwitchyardQR", targets: ["SwitchyardQR"]),
        .library(name: "SwitchyardAttest", targets: ["SwitchyardAttest"]),
    ],
    dependencies: [
        .package(name: "Switchyard", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        // App Attest: the certificate chain and its extensions (already in the graph through AsyncHTTPClient).
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        // Webhook deliveries (already in the graph through HummingbirdTesting).
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        // The commands that need the SDK only (resolve, routes check, routes swift, link): a library
        // without the service's dependencies. The command tree (the root, `routes`) is the tool's.
        .target(
            name: "SwitchyardCommand",
            dependencies: [
                .product(name: "Switchyard", package: "Switchyard"),
                .product(name: "SwitchyardCodegen", package: "Switchyard"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        // The `switchyard` executable: the one command tree (the root, `routes` with its `diff`) and the
        // commands that read the link store or run the service (serve, import, explain, keys, teams...).
        .executableTarget(
            name: "SwitchyardTool",
            dependencies: [
                "SwitchyardCommand",
                "SwitchyardService",
                "SwitchyardRules",
                "SwitchyardGeoIP",
                "SwitchyardTraffic",
                "SwitchyardAttest",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        // Smart links and clicks behind one protocol, on SQLite and PostgreSQL.
        .target(
            name: "SwitchyardStore",
            dependencies: [
                "SwitchyardRules",
                .product(name: "Switchyard", package: "Switchyard"),
                .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's C API, for the click writer's rows (`RowWriter`).
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // What a link decides per request, with no service around it: redirect rules and their
        // conditions, A/B variants, client addresses and ranges, user-agent and Accept-Language details.
        .target(
            name: "SwitchyardRules",
            dependencies: [.product(name: "Switchyard", package: "Switchyard")],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "SwitchyardRulesTests", dependencies: ["SwitchyardRules"], swiftSettings: swiftSettings),
        // How a click is counted: human, bot (a data file of patterns with their sources) or duplicate.
        .target(
            name: "SwitchyardTraffic",
            dependencies: ["SwitchyardRules", .product(name: "Switchyard", package: "Switchyard")],
            // The data file is compiled in (scripts/embed-bot-patterns): one binary, no bundle to find.
            exclude: ["Data/bot-patterns.json"],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "SwitchyardTrafficTests", dependencies: ["SwitchyardTraffic", "SwitchyardRules"], swiftSettings: swiftSettings),
        // libmaxminddb (Debian: libmaxminddb-dev; macOS: brew install libmaxminddb), the kept reader of
        // MaxMind-format databases (GeoLite2 Country, DB-IP Lite).
        .systemLibrary(
            name: "CMaxMindDB",
            path: "Sources/CMaxMindDB",
            pkgConfig: "libmaxminddb",
            providers: [.apt(["libmaxminddb-dev"]), .brew(["libmaxminddb"])]
        ),
        // The country of a client address, from the database the operator brings (`--geoip FILE`).
        .target(
            name: "SwitchyardGeoIP",
            dependencies: ["CMaxMindDB", "SwitchyardRules"],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "SwitchyardGeoIPTests", dependencies: ["SwitchyardGeoIP", "SwitchyardRules", "CommandTestSupport"],
                    swiftSettings: swiftSettings),
        // A QR code encoder (byte mode, level M, versions 1-10), no dependencies: the dashboard's QR codes.
        .target(name: "SwitchyardQR", swiftSettings: swiftSettings),
        .testTarget(name: "SwitchyardQRTests", dependencies: ["SwitchyardQR"], swiftSettings: swiftSettings),
        // Apple App Attest: a small CBOR reader, attestation and assertion verification.
        .target(
            name: "SwitchyardAttest",
            dependencies: [
                .product(name: "Switchyard", package: "Switchyard"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        // App Attest objects the tests make under a root of their own (SwitchyardAttestTests, the service's tests).
        .target(
            name: "AttestTestSupport",
            dependencies: [
                "SwitchyardAttest",
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Tests/AttestTestSupport",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SwitchyardAttestTests",
            dependencies: ["SwitchyardAttest", "AttestTestSupport", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: swiftSettings
        ),
        // The HTTP service: API, link opener, association files, health and metrics.
        .target(
            name: "SwitchyardService",
            dependencies: [
                "SwitchyardStore",
                "SwitchyardQR",
                "SwitchyardAttest",
                "SwitchyardRules",
                "SwitchyardTraffic",
                "SwitchyardGeoIP",
                .product(name: "Switchyard", package: "Switchyard"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"), // the HTTP/1.1 parser's errors, answered 400
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"), // scrypt, for link passwords
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            swiftSettings: swiftSettings
        ),
        // What the command tests share: runs the built `switchyard` executable as a subprocess.
        .target(
            name: "CommandTestSupport",
            path: "Tests/CommandTestSupport",
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        // The library's commands (resolve, routes check, routes swift, link), through the executable.
        .testTarget(
            name: "SwitchyardCommandTests",
            dependencies: [
                "SwitchyardCommand",
                "SwitchyardTool", // the executable the tests run
                "CommandTestSupport",
                .product(name: "Switchyard", package: "Switchyard"),
                .product(name: "SwitchyardCodegen", package: "Switchyard"),
            ],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        // The tool's commands (serve, import, explain, keys, routes diff, attest...) as processes, on
        // SQLite, and on PostgreSQL when set: crashes, database faults, scale-out, webhooks.
        .testTarget(
            name: "SwitchyardToolTests",
            dependencies: [
                "SwitchyardTool",
                "CommandTestSupport",
                "SwitchyardService", // the settings the command hands the service
                "SwitchyardStore", // the PostgreSQL process tests make and drop a schema of their own
                .product(name: "Switchyard", package: "Switchyard"),
                .product(name: "Logging", package: "swift-log"),
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
        // The HTTP API over a real socket, on the in-memory store and on SQLite.
        .testTarget(
            name: "SwitchyardServiceTests",
            dependencies: [
                "SwitchyardService",
                "SwitchyardStore",
                "SwitchyardRules",
                "SwitchyardGeoIP",
                "SwitchyardTraffic",
                "CommandTestSupport", // processes are launched one at a time, package-wide
                "AttestTestSupport",
                "SwitchyardQR",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
