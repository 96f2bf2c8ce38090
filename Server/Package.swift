// swift-tools-version: 6.0
// The Switchyard server package: the `switchyard` command line (and, later, the link service).
// Everything with dependencies lives here, so the SDK at the repository root stays dependency-free.
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

let package = Package(
    name: "SwitchyardServer",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "switchyard", targets: ["SwitchyardTool"]),
        .library(name: "SwitchyardCommand", targets: ["SwitchyardCommand"]),
    ],
    dependencies: [
        .package(name: "Switchyard", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The subcommands (resolve, routes check, link): a library, so other targets can reuse them.
        .target(
            name: "SwitchyardCommand",
            dependencies: [
                .product(name: "Switchyard", package: "Switchyard"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        // The `switchyard` executable: only the root command that lists the subcommands.
        .executableTarget(
            name: "SwitchyardTool",
            dependencies: [
                "SwitchyardCommand",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
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
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
