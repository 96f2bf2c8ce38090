// Stand-in for SwiftUI's UIKit interop: SwiftUI re-exports UIKit on iOS, hosts a UIKit view
// controller (UIViewControllerRepresentable) and adapts a UIKit app delegate
// (UIApplicationDelegateAdaptor), with the iOS 18 SDK's signatures and availability. Nothing here runs.
public import Foundation
@_exported public import UIKit

/// A UIKit view controller shown as a SwiftUI view.
/// SDK: SwiftUI.swiftinterface, `protocol UIViewControllerRepresentable`; Docs: swiftui/uiviewcontrollerrepresentable.
@available(iOS 13.0, tvOS 13.0, *)
@available(macOS, unavailable)
@available(watchOS, unavailable)
@MainActor @preconcurrency
public protocol UIViewControllerRepresentable: View where Self.Body == Never {
    associatedtype UIViewControllerType: UIViewController
    @MainActor @preconcurrency func makeUIViewController(context: Self.Context) -> Self.UIViewControllerType
    @MainActor @preconcurrency func updateUIViewController(_ uiViewController: Self.UIViewControllerType, context: Self.Context)
    associatedtype Coordinator = Void
    @MainActor @preconcurrency func makeCoordinator() -> Self.Coordinator
    typealias Context = UIViewControllerRepresentableContext<Self>
}

@available(iOS 13.0, tvOS 13.0, *)
@available(macOS, unavailable)
@available(watchOS, unavailable)
extension UIViewControllerRepresentable where Self.Coordinator == Void {
    public func makeCoordinator() -> Self.Coordinator { () }
}

@available(iOS 13.0, tvOS 13.0, *)
@available(macOS, unavailable)
@available(watchOS, unavailable)
extension UIViewControllerRepresentable {
    public var body: Never { fatalError("stand-in") }
}

/// What a representable's make and update methods are given.
@available(iOS 13.0, tvOS 13.0, *)
@available(macOS, unavailable)
@available(watchOS, unavailable)
@MainActor @preconcurrency
public struct UIViewControllerRepresentableContext<Representable: UIViewControllerRepresentable> {
    public let coordinator: Representable.Coordinator
}

/// Creates a UIKit app delegate for a SwiftUI app and keeps it for the app's life.
/// SDK: SwiftUI.swiftinterface, `UIApplicationDelegateAdaptor.init(_:)`; Docs: swiftui/uiapplicationdelegateadaptor.
@available(iOS 14.0, tvOS 14.0, *)
@available(macOS, unavailable)
@available(watchOS, unavailable)
@MainActor @preconcurrency @propertyWrapper
public struct UIApplicationDelegateAdaptor<DelegateType: NSObject & UIApplicationDelegate> {
    public var wrappedValue: DelegateType { fatalError("stand-in") }
    public init(_ delegateType: DelegateType.Type = DelegateType.self) {}
}
