// Stand-ins for the SwiftUI views and modifiers Examples/ShopApp uses, with the iOS 18 SDK's
// signatures and availability. Nothing here runs.
public import Foundation

/// A view that shows read-only text.
/// SDK: SwiftUI.swiftinterface, `Text.init<S: StringProtocol>(_:)`; Docs: swiftui/text.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen
public struct Text: View, Equatable, Sendable {
    nonisolated public init<S>(_ content: S) where S: StringProtocol {}
    public typealias Body = Never
    public var body: Never { fatalError("stand-in") }
}

/// A control that runs an action.
/// SDK: SwiftUI.swiftinterface, `Button.init(action:label:)`, `Button.init(_:action:)`; Docs: swiftui/button.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency
public struct Button<Label: View>: View {
    @preconcurrency nonisolated public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
    public typealias Body = Never
    public var body: Never { fatalError("stand-in") }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Button where Label == Text {
    @preconcurrency nonisolated public init<S>(_ title: S, action: @escaping @MainActor () -> Void) where S: StringProtocol {}
}

/// A horizontal alignment guide.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen
public struct HorizontalAlignment: Equatable, Sendable {
    public static let center = HorizontalAlignment()
    public static let leading = HorizontalAlignment()
}

/// A view that arranges its children in a vertical line.
/// SDK: SwiftUI.swiftinterface, `VStack.init(alignment:spacing:content:)`; Docs: swiftui/vstack.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen
public struct VStack<Content: View>: View {
    @inlinable nonisolated public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
                                       @ViewBuilder content: () -> Content) {}
    public typealias Body = Never
    public var body: Never { fatalError("stand-in") }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension View {
    /// Runs an action when the view appears.
    /// SDK: SwiftUI.swiftinterface, `View.onAppear(perform:)`; Docs: swiftui/view/onappear(perform:).
    @inlinable nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View { self }
}
