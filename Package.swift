// swift-tools-version: 6.2
// The Switchyard SDK: zero external dependencies, so every app that adds it resolves nothing else.
// 6.2: NavigationState and UIKitScreenStack conform to ScreenStack on the main actor (isolated conformances).
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
        .library(name: "SwitchyardSwiftUI", targets: ["SwitchyardSwiftUI"]),
        .library(name: "SwitchyardUIKit", targets: ["SwitchyardUIKit"]),
        .library(name: "SwitchyardAppAttest", targets: ["SwitchyardAppAttest"]),
        .library(name: "SwitchyardCodegen", targets: ["SwitchyardCodegen"]),
        .plugin(name: "SwitchyardRoutesPlugin", targets: ["SwitchyardRoutesPlugin"]),
    ],
    dependencies: [],
    targets: [
        .target(name: "Switchyard", swiftSettings: swiftSettings),
        .target(name: "SwitchyardTesting", dependencies: ["Switchyard"], swiftSettings: swiftSettings),
        // Apple-only glue, empty modules elsewhere (#if canImport): thin appliers of the SDK's plans.
        .target(name: "SwitchyardSwiftUI", dependencies: ["Switchyard"], swiftSettings: swiftSettings),
        .target(name: "SwitchyardUIKit", dependencies: ["Switchyard"], swiftSettings: swiftSettings),
        // App Attest on the device (#if canImport(DeviceCheck)): DCAppAttestService and the keychain.
        .target(name: "SwitchyardAppAttest", dependencies: ["Switchyard"], swiftSettings: swiftSettings),
        // Typed routes: an enum per route table, for `switchyard routes swift` and the build-tool plugin.
        .target(name: "SwitchyardCodegen", dependencies: ["Switchyard"], swiftSettings: swiftSettings),
        .executableTarget(
            name: "switchyard-routes-codegen", dependencies: ["Switchyard", "SwitchyardCodegen"],
            swiftSettings: swiftSettings),
        .plugin(
            name: "SwitchyardRoutesPlugin", capability: .buildTool(), dependencies: ["switchyard-routes-codegen"]),
        // Tests: one target per module, its folders mirroring the module's. The generators of
        // route tables and inputs that the matcher's and the typed routes' property tests share
        // are a module of their own (not a product).
        .target(
            name: "SwitchyardTestSupport", dependencies: ["Switchyard"], path: "Tests/SwitchyardTestSupport",
            swiftSettings: swiftSettings),
        .testTarget(
            name: "SwitchyardTests", dependencies: ["Switchyard", "SwitchyardTesting", "SwitchyardTestSupport"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "SwitchyardTestingTests", dependencies: ["Switchyard", "SwitchyardTesting"],
            swiftSettings: swiftSettings),
        // The generator's tests, and those of switchyard-routes-codegen, which they run from the
        // build folder (`swift build --build-tests` builds it).
        .testTarget(
            name: "SwitchyardCodegenTests", dependencies: ["Switchyard", "SwitchyardCodegen", "SwitchyardTestSupport"],
            swiftSettings: swiftSettings),
    ],
    swiftLanguageModes: [.v6]
)
