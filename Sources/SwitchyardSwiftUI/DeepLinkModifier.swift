#if canImport(SwiftUI)
public import Foundation
public import SwiftUI
public import Switchyard

/// Feeds the URLs a scene receives — `.onOpenURL`, web-browsing user activities (universal links,
/// Handoff) and Spotlight results — into a handler. It holds no logic of its own: which link an
/// activity carries is the SDK's ``Navigator/link(userActivityType:webpageURL:userInfo:)``.
///
/// ```swift
/// ContentView()
///     .onDeepLink { url, source in await navigator.open(url.absoluteString, source: source) }
/// ```
@available(macOS 11, iOS 14, tvOS 14, watchOS 7, visionOS 1, *)
public struct DeepLinkModifier: ViewModifier {
    /// Receives each link with its source: nil for `.onOpenURL` (the table derives it from the
    /// URL's form), ``LinkSource/universalLink`` for a universal link or web-page Handoff,
    /// ``LinkSource/userActivity`` for a Spotlight result (its identifier, mapped by the navigator).
    public let handler: @MainActor @Sendable (URL, LinkSource?) async -> Void
    /// Maps a Spotlight result to its link (the navigator's ``Navigator/link(userActivityType:webpageURL:userInfo:)``).
    let activityLink: @Sendable (String, URL?, [AnyHashable: Any]?) -> (input: String, source: LinkSource)?

    /// Creates the modifier; `navigator` maps Spotlight identifiers to links (its ``Navigator/spotlightLink``).
    public init(navigator: Navigator = .shared, handler: @escaping @MainActor @Sendable (URL, LinkSource?) async -> Void) {
        self.handler = handler
        activityLink = { type, url, userInfo in navigator.link(userActivityType: type, webpageURL: url, userInfo: userInfo) }
    }

    /// Installs `.onOpenURL` and `.onContinueUserActivity` for web browsing and for Spotlight.
    public func body(content: Content) -> some View {
        content
            .onOpenURL { url in
                Task { @MainActor in await handler(url, nil) }
            }
            .onContinueUserActivity(Navigator.browsingWebActivityType) { activity in continueActivity(activity) }
            .onContinueUserActivity(Navigator.spotlightActivityType) { activity in continueActivity(activity) }
    }

    private func continueActivity(_ activity: NSUserActivity) {
        guard let (input, source) = activityLink(activity.activityType, activity.webpageURL, activity.userInfo),
              let url = URL(string: input) else { return }
        Task { @MainActor in await handler(url, source) }
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

    /// Sends every link the scene receives (custom schemes, universal links, Handoff, Spotlight)
    /// through a navigator's pipeline.
    ///
    /// ```swift
    /// RootView().onDeepLink(navigator)
    /// ```
    @available(macOS 11, iOS 14, tvOS 14, watchOS 7, visionOS 1, *)
    public func onDeepLink(_ navigator: Navigator) -> some View {
        modifier(DeepLinkModifier(navigator: navigator) { url, source in
            await navigator.open(url.absoluteString, source: source)
        })
    }

    /// Opens every URL the scene receives with a planner's table and applies its plan to the state.
    ///
    /// This goes past the router's filters and gates; route through a router instead
    /// (``Router/applyPlans(_:)`` and ``onDeepLink(_:)``), so a gated screen route waits for login.
    ///
    /// ```swift
    /// RootView().onDeepLink(planner, state: navigation)
    /// ```
    @available(*, deprecated, message: "skips the router's filters and gates: use Router.applyPlans(_:) and .onDeepLink(navigator)")
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
    public func onDeepLink(_ planner: NavigationPlanner, state: NavigationState) -> some View {
        onDeepLink { url, source in
            _ = state.open(url.absoluteString, with: planner, source: source)
        }
    }
}
#endif
