// Stand-in for SwiftUI's app structure: what Examples/ShopApp uses (an App with one WindowGroup),
// with the iOS 18 SDK's signatures and availability. Nothing here runs.

/// An app: its scenes, and its entry point (`@main`).
/// SDK: SwiftUI.swiftinterface, `protocol App` and `extension App { static func main() }`; Docs: swiftui/app.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor @preconcurrency
public protocol App {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
    @MainActor @preconcurrency init()
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension App {
    /// The app's entry point, which `@main` calls.
    @MainActor @preconcurrency
    public static func main() {}
}

/// A part of an app's user interface whose life cycle the system manages.
/// SDK: SwiftUI.swiftinterface, `protocol Scene`, `SceneBuilder`; Docs: swiftui/scene.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor @preconcurrency
public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension Never: Scene {}

/// Builds scenes from closures.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@resultBuilder
public struct SceneBuilder {
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

/// A scene that shows a group of windows with the same view.
/// SDK: SwiftUI.swiftinterface, `WindowGroup.init(content:)`; Docs: swiftui/windowgroup.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor @preconcurrency
public struct WindowGroup<Content: View>: Scene {
    nonisolated public init(@ViewBuilder content: () -> Content) {}
    public typealias Body = Never
    public var body: Never { fatalError("stand-in") }
}
