// swift-tools-version: 6.1
// Benchmarks for the Switchyard SDK, with peers as benchmark-only dependencies.
// Run from this folder: `scripts/generate.sh && swift package benchmark`.
import PackageDescription

let benchmarkDependencies: [Target.Dependency] = [
    .product(name: "Benchmark", package: "benchmark"),
    .product(name: "Switchyard", package: "Switchyard"),
    .product(name: "RoutingKit", package: "routing-kit"),
    "BenchmarkSupport",
]

func benchmark(_ name: String) -> Target {
    .executableTarget(
        name: name,
        dependencies: benchmarkDependencies,
        path: "Benchmarks/\(name)",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
}

let package = Package(
    name: "SwitchyardBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(name: "Switchyard", path: ".."),
        .package(url: "https://github.com/vapor/routing-kit", from: "4.9.3"),
    ],
    targets: [
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                .product(name: "Switchyard", package: "Switchyard"),
                .product(name: "RoutingKit", package: "routing-kit"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Sources/BenchmarkSupport"
        ),
        .executableTarget(
            name: "Profile",
            dependencies: ["BenchmarkSupport", .product(name: "RoutingKit", package: "routing-kit")],
            path: "Sources/Profile"
        ),
        benchmark("Matching"),
        benchmark("Registration"),
        benchmark("Memory"),
        benchmark("TableLoading"),
        benchmark("LinkBuilding"),
    ],
    swiftLanguageModes: [.v6]
)
