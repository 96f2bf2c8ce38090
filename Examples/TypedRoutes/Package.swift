// swift-tools-version: 6.0
// Typed routes in an app: the SDK's SwitchyardRoutesPlugin turns Sources/TypedRoutes/shop.routes.json
// into a `ShopRoute` enum and Sources/TypedRoutes/routes.json into `AppRoute`, on every build
// (scripts/check-typed-routes builds and runs it).
import PackageDescription

let package = Package(
    name: "TypedRoutes",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Switchyard", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "TypedRoutes",
            dependencies: [.product(name: "Switchyard", package: "Switchyard")],
            plugins: [.plugin(name: "SwitchyardRoutesPlugin", package: "Switchyard")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
