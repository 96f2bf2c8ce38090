// Stand-in for SwiftUI: only the declarations Sources/SwitchyardSwiftUI uses, with SwiftUI's real
// signatures and availability (iOS 16-18 SDKs; "SDK:" names the declaration in SwiftUI's
// .swiftinterface, "Docs:" its page under https://developer.apple.com/documentation/), so that target type-checks on Linux
// (scripts/check-apple-glue) and its uses are checked against the platforms
// (scripts/check-availability). Nothing here runs. See README.md in this folder to extend it.
public import Foundation
public import Observation

// MARK: Views

/// A piece of user interface.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError("stand-in") }
}

/// A view that shows nothing.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen
public struct EmptyView: View {
    @inlinable nonisolated public init() {}
    public typealias Body = Never
    public var body: Never { fatalError("stand-in") }
}

/// Builds views from closures.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@resultBuilder
public struct ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<C0: View, C1: View>(_ c0: C0, _ c1: C1) -> TupleView<(C0, C1)> { TupleView((c0, c1)) }
    public static func buildBlock<C0: View, C1: View, C2: View>(_ c0: C0, _ c1: C1, _ c2: C2) -> TupleView<(C0, C1, C2)> {
        TupleView((c0, c1, c2))
    }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent)
        -> _ConditionalContent<TrueContent, FalseContent> { _ConditionalContent() }
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
        -> _ConditionalContent<TrueContent, FalseContent> { _ConditionalContent() }
}

/// Several views built by a view builder.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen
public struct TupleView<T>: View {
    nonisolated(unsafe) public var value: T
    @inlinable nonisolated public init(_ value: T) { self.value = value }
    public typealias Body = Never
    public var body: Never { fatalError("stand-in") }
}

/// One of two views, as an `if`/`else` or `switch` in a view builder chooses.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen
public struct _ConditionalContent<TrueContent, FalseContent> {
    init() {}
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension _ConditionalContent: View where TrueContent: View, FalseContent: View {
    public typealias Body = Never
    public var body: Never { fatalError("stand-in") }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { fatalError("stand-in") }
}

/// A modifier applied to a view.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency
public protocol ViewModifier {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
    typealias Content = _ViewModifier_Content<Self>
}

/// The view a modifier is applied to.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    public typealias Body = Never
    public var body: Never { fatalError("stand-in") }
}

/// A view with a modifier applied.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen
public struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier
    @inlinable public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public typealias Body = Never
    public var body: Never { fatalError("stand-in") }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension View {
    @inlinable @MainActor @preconcurrency
    public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
        ModifiedContent(content: self, modifier: modifier)
    }

    /// SDK: SwiftUI.swiftinterface, `View.sheet(item:onDismiss:content:)`; Docs: swiftui/view/sheet(item:ondismiss:content:).
    @MainActor @preconcurrency
    public func sheet<Item, Content>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
                                     @ViewBuilder content: @escaping (Item) -> Content) -> some View
        where Item: Identifiable, Content: View { self }
}

@available(iOS 14.0, tvOS 14.0, watchOS 7.0, *)
@available(macOS, unavailable)
extension View {
    /// SDK: SwiftUI.swiftinterface, `View.fullScreenCover(item:onDismiss:content:)` (no macOS);
    /// Docs: swiftui/view/fullscreencover(item:ondismiss:content:).
    @MainActor @preconcurrency
    public func fullScreenCover<Item, Content>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
                                               @ViewBuilder content: @escaping (Item) -> Content) -> some View
        where Item: Identifiable, Content: View { self }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension View {
    /// SDK: SwiftUI.swiftinterface, `View.onOpenURL(perform:)`; Docs: swiftui/view/onopenurl(perform:).
    @MainActor @preconcurrency
    public func onOpenURL(perform action: @escaping (URL) -> ()) -> some View { self }

    /// SDK: SwiftUI.swiftinterface, `View.onContinueUserActivity(_:perform:)`;
    /// Docs: swiftui/view/oncontinueuseractivity(_:perform:).
    @MainActor @preconcurrency
    public func onContinueUserActivity(_ activityType: String,
                                       perform action: @escaping (NSUserActivity) -> ()) -> some View { self }
}

// MARK: Navigation

/// A view that shows a root view and a path of views pushed over it.
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
@MainActor @preconcurrency
public struct NavigationStack<Data, Root: View>: View {
    /// SDK: SwiftUI.swiftinterface, `NavigationStack.init(path:root:)` for a collection path;
    /// Docs: swiftui/navigationstack/init(path:root:).
    @MainActor @preconcurrency
    public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
        where Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection,
              Data.Element: Hashable {}

    public var body: some View { EmptyView() }
}

@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
extension View {
    /// SDK: SwiftUI.swiftinterface, `View.navigationDestination(for:destination:)`;
    /// Docs: swiftui/view/navigationdestination(for:destination:).
    @MainActor @preconcurrency
    public func navigationDestination<D, C>(for data: D.Type, @ViewBuilder destination: @escaping (D) -> C) -> some View
        where D: Hashable, C: View { self }
}

// MARK: State

/// A reference to a value that a view reads and writes.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen @propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    private let get: () -> Value
    private let set: (Value) -> Void

    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.get = get
        self.set = set
    }

    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }

    public var projectedValue: Binding<Value> { self }

    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(get: { self.wrappedValue[keyPath: keyPath] },
                         set: { self.wrappedValue[keyPath: keyPath] = $0 })
    }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Binding: @unchecked Sendable {}

/// Bindings to the properties of an observable object.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
@dynamicMemberLookup @propertyWrapper
public struct Bindable<Value> {
    public var wrappedValue: Value
    public var projectedValue: Bindable<Value> { self }

    public init(wrappedValue: Value) where Value: AnyObject, Value: Observable { self.wrappedValue = wrappedValue }
    public init(_ wrappedValue: Value) where Value: AnyObject, Value: Observable { self.wrappedValue = wrappedValue }

    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let object = wrappedValue
        return Binding<Subject>(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
    }
}

// NSUserActivity (Apple's Foundation, absent from swift-corelibs-foundation) is declared in the UIKit
// stand-in, which this module re-exports as SwiftUI does on iOS (SwiftUI/UIKitInterop.swift), so a
// file that imports both SwiftUI and UIKit sees one NSUserActivity.
