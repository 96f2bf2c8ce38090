#if canImport(SwiftUI)
import Foundation
public import SwiftUI
public import Switchyard

/// Feeds the links a scene receives — `.onOpenURL` (custom-scheme URLs, and universal links, which
/// SwiftUI delivers there), web-browsing user activities (Handoff) and Spotlight results — into a navigator's pipeline, through the same plain-value
/// calls the UIKit adapters use: ``Navigator/handle(_:source:metadata:)`` and
/// ``Navigator/handle(userActivityType:webpageURL:userInfo:)``. Every link's fate, a refused
/// Spotlight identifier included, goes to the navigator's ``Navigator/onOutcome``. A cold launch's
/// universal link that the scene delegate's connection options deliver too opens once
/// (``Navigator/duplicateWindow``).
///
/// ```swift
/// ContentView().onDeepLink(navigator)
/// ```
@available(macOS 11, iOS 14, tvOS 14, watchOS 7, visionOS 1, *)
public struct DeepLinkModifier: ViewModifier {
    /// The navigator that takes every link.
    public let navigator: Navigator

    /// Creates the modifier.
    public init(navigator: Navigator) {
        self.navigator = navigator
    }

    /// Installs `.onOpenURL` and `.onContinueUserActivity` for web browsing and for Spotlight.
    public func body(content: Content) -> some View {
        content
            .onOpenURL { url in navigator.handle(url.absoluteString) }
            .onContinueUserActivity(Navigator.browsingWebActivityType) { activity in continueActivity(activity) }
            .onContinueUserActivity(Navigator.spotlightActivityType) { activity in continueActivity(activity) }
    }

    private func continueActivity(_ activity: NSUserActivity) {
        navigator.handle(userActivityType: activity.activityType, webpageURL: activity.webpageURL,
                         userInfo: activity.userInfo)
    }
}

extension View {
    /// Sends every link the scene receives (custom schemes, universal links, Handoff, Spotlight)
    /// through a navigator's pipeline; each link's fate goes to its ``Navigator/onOutcome``.
    ///
    /// ```swift
    /// RootView().onDeepLink(navigator)
    /// ```
    @available(macOS 11, iOS 14, tvOS 14, watchOS 7, visionOS 1, *)
    public func onDeepLink(_ navigator: Navigator) -> some View {
        modifier(DeepLinkModifier(navigator: navigator))
    }
}
#endif
