// Stand-ins for the SwiftUI tab container and the views it is built from, as
// Sources/SwitchyardSwiftUI/PlannedTabView.swift uses them, with the iOS 18 SDK's signatures and
// availability. Nothing here runs.

/// A view that switches between child views by a selection.
/// SDK: SwiftUI.swiftinterface, `TabView.init(selection:content:)`; Docs: swiftui/tabview.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 7.0, *)
@MainActor @preconcurrency
public struct TabView<SelectionValue, Content>: View where SelectionValue: Hashable, Content: View {
    nonisolated public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {}
    public typealias Body = Never
    public var body: Never { fatalError("stand-in") }
}

/// Views made from a collection of identified data.
/// SDK: SwiftUI.swiftinterface, `ForEach.init(_:id:content:)` where `Content: View`; Docs: swiftui/foreach.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency
public struct ForEach<Data, ID, Content> where Data: RandomAccessCollection, ID: Hashable {
    nonisolated public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content)
        where Content: View {}
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension ForEach: View where Content: View {
    public typealias Body = Never
    public var body: Never { fatalError("stand-in") }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension View {
    /// SDK: SwiftUI.swiftinterface, `View.tag(_:)`; Docs: swiftui/view/tag(_:).
    @MainActor @preconcurrency
    public func tag<V>(_ tag: V) -> some View where V: Hashable { self }
}
