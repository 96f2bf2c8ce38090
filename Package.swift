// swift-tools-version: 6.0
// The Switchyard SDK: zero external dependencies, so every app that adds it resolves nothing else.
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Switchyard",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "Switchyard", targets: ["Switchyard"]),
        .library(name: "SwitchyardTesting", targets: ["SwitchyardTesting"]),
    ],
    dependencies: [],
    targets: [
        .target(name: "Switchyard", swiftSettings: swiftSettings),
        .target(name: "SwitchyardTesting", dependencies: ["Switchyard"], swiftSettings: swiftSettings),
        .testTarget(
            name: "SwitchyardTests",
            dependencies: ["Switchyard", "SwitchyardTesting"],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
