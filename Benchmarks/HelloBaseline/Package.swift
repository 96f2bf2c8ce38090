// swift-tools-version: 6.0
// The load test's ceiling (Benchmarks/load/run.sh): Hummingbird's hello world, nothing else, built
// the way the service is (same framework version, release, the same HTTP/1 server).
import PackageDescription

let package = Package(
    name: "HelloBaseline",
    platforms: [.macOS(.v15)],
    products: [.executable(name: "hello-baseline", targets: ["HelloBaseline"])],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .executableTarget(
            name: "HelloBaseline",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
