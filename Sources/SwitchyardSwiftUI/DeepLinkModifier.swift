#if canImport(SwiftUI)
public import Foundation
public import SwiftUI
public import Switchyard

/// Feeds the URLs a scene receives — `.onOpenURL` and web-browsing user activities (universal
/// links, Handoff) — into a handler. It holds no logic of its own.
///
/// ```swift
/// ContentView()
///     .onDeepLink { url, source in await navigator.open(url.absoluteString, source: source) }
/// ```
@available(macOS 11, iOS 14, tvOS 14, watchOS 7, visionOS 1, *)
public struct DeepLinkModifier: ViewModifier {
    /// Receives each URL with its source: nil for `.onOpenURL` (the table derives it from the
    /// URL's form), ``LinkSource/userActivity`` for a browsing-web activity.
    public let handler: @MainActor @Sendable (URL, LinkSource?) async -> Void

    /// Creates the modifier.
    public init(handler: @escaping @MainActor @Sendable (URL, LinkSource?) async -> Void) {
        self.handler = handler
    }

    /// Installs `.onOpenURL` and `.onContinueUserActivity(NSUserActivityTypeBrowsingWeb)`.
    public func body(content: Content) -> some View {
        content
            .onOpenURL { url in
                Task { @MainActor in await handler(url, nil) }
            }
            .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in
                guard let url = activity.webpageURL else { return }
                Task { @MainActor in await handler(url, .userActivity) }
            }
    }
}

extension View {
    /// Sends every URL the scene opens (custom schemes, universal links, Handoff) to a handler.
    ///
    /// ```swift
    /// RootView().onDeepLink { url, source in await navigator.open(url.absoluteString, source: source) }
    /// ```
    @available(macOS 11, iOS 14, tvOS 14, watchOS 7, visionOS 1, *)
    public func onDeepLink(perform handler: @escaping @MainActor @Sendable (URL, LinkSource?) async -> Void) -> some View {
        modifier(DeepLinkModifier(handler: handler))
    }

    /// Opens every URL the scene receives with a planner's table and applies its plan to the state.
    ///
    /// ```swift
    /// RootView().onDeepLink(planner, state: navigation)
    /// ```
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
    public func onDeepLink(_ planner: NavigationPlanner, state: NavigationState) -> some View {
        onDeepLink { url, source in
            _ = state.open(url.absoluteString, with: planner, source: source)
        }
    }
}
#endif
