/// Where a link came from. Recorded on every ``DeepLink``.
public enum LinkSource: String, Sendable, Hashable, CaseIterable, Codable {
    /// A custom-scheme URL opened by another app or the system (`shop://product/42`).
    case url
    /// A universal link (`https://shop.example.com/product/42`).
    case universalLink
    /// A push notification's payload.
    case push
    /// An `NSUserActivity` (Handoff, Spotlight) carrying a web page URL.
    case userActivity
    /// A home-screen quick action (shortcut item).
    case shortcut
    /// Navigation from inside the app (`navigate(to:)`, `route(_:source: .internal)`).
    case `internal`
    /// A smart link resolved through the link service.
    case smartLink
    /// A smart link carried through the app's install (a deferred deep link): read from the
    /// pasteboard on first launch, or claimed from the link service.
    case deferred
}
