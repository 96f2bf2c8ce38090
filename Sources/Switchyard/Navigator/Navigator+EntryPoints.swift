public import struct Foundation.Data
public import struct Foundation.URL

/// The plain-value entry points: what the UIKit and SwiftUI adapters unwrap Apple's types into,
/// so that every decision is made (and tested) here.
extension Navigator {
    /// The activity type of a universal link or web-page Handoff (`NSUserActivityTypeBrowsingWeb`).
    public static let browsingWebActivityType = "NSUserActivityTypeBrowsingWeb"
    /// The activity type of a Spotlight result (CoreSpotlight's `CSSearchableItemActionType`).
    public static let spotlightActivityType = "com.apple.corespotlightitem"
    /// The `userInfo` key of a Spotlight result's identifier (`CSSearchableItemActivityIdentifier`).
    public static let spotlightIdentifierKey = "kCSSearchableItemActivityIdentifier"

    /// The link a user activity carries, with its source, from plain values:
    ///
    /// - web browsing (`NSUserActivityTypeBrowsingWeb`: a universal link, or Handoff from a web
    ///   page): the web page URL, source ``LinkSource/universalLink``;
    /// - a Spotlight result (`CSSearchableItemActionType`): the item's identifier from `userInfo`,
    ///   mapped by ``spotlightLink`` (by default read as a link), source ``LinkSource/userActivity``;
    /// - any other activity with a web page URL (Handoff): that URL, source ``LinkSource/userActivity``.
    ///
    /// - Returns: the link, or the ``PipelineError`` that says why there is none:
    ///   ``PipelineError/Code/unmappedSpotlightIdentifier`` (the identifier in the message) for a
    ///   Spotlight result that ``spotlightLink`` refuses, ``PipelineError/Code/notALink`` for an
    ///   activity with nothing to map.
    public func link(userActivityType type: String, webpageURL: URL?,
                     userInfo: [AnyHashable: Any]?) -> Result<(input: String, source: LinkSource), PipelineError> {
        switch type {
        case Self.spotlightActivityType:
            guard let identifier = userInfo?[Self.spotlightIdentifierKey] as? String else {
                return .failure(.notALink(activityType: type))
            }
            guard let link = spotlightLink(identifier) else { return .failure(.unmappedSpotlightIdentifier(identifier)) }
            return .success((link, .userActivity))
        default:
            guard let webpageURL else { return .failure(.notALink(activityType: type)) }
            return .success((webpageURL.absoluteString, type == Self.browsingWebActivityType ? .universalLink : .userActivity))
        }
    }

    /// ``handle(_:source:metadata:)`` for a user activity given as plain values (see
    /// ``link(userActivityType:webpageURL:userInfo:)``): `scene(_:continue:)`,
    /// `application(_:continue:restorationHandler:)`, `.onContinueUserActivity`. An activity that
    /// carries no link is refused and reported to ``onOutcome`` as ``RoutingOutcome/failed(_:_:)``
    /// with the ``PipelineError`` that says why. The values are read at once and not kept.
    ///
    /// ```swift
    /// navigator.handle(userActivityType: Navigator.spotlightActivityType, webpageURL: nil,
    ///                  userInfo: [Navigator.spotlightIdentifierKey: "item-7"])
    /// // false; onOutcome: failed(item-7, the Spotlight identifier 'item-7' is not a link: spotlightLink maps it to none)
    /// ```
    @discardableResult
    public func handle(userActivityType type: String, webpageURL: URL?, userInfo: [AnyHashable: Any]?) -> Bool {
        take([offer(userActivityType: type, webpageURL: webpageURL, userInfo: userInfo)]) > 0
    }

    /// The link of a user activity to offer, or the outcome that reports why there is none.
    func offer(userActivityType type: String, webpageURL: URL?, userInfo: [AnyHashable: Any]?) -> Offer {
        switch link(userActivityType: type, webpageURL: webpageURL, userInfo: userInfo) {
        case .success(let link):
            return .link(Arrival(input: link.input, source: link.source))
        case .failure(let error):
            let url = (userInfo?[Self.spotlightIdentifierKey] as? String) ?? webpageURL?.absoluteString ?? ""
            return .refused(.failed(DeepLink(url: url, source: .userActivity), error))
        }
    }

    /// ``handle(_:source:metadata:)`` for the URLs a scene is asked to open (its
    /// `UIOpenURLContext`s): each one, in order; true when any was taken.
    @discardableResult
    public func handle(urls: [URL]) -> Bool {
        take(urls.map { .link(Arrival(input: $0.absoluteString)) }) > 0
    }

    /// ``handle(_:source:metadata:)`` for a home-screen quick action: its URL when it has one, else
    /// its type as a URN or path, with source ``LinkSource/shortcut``.
    ///
    /// ```swift
    /// navigator.handle(shortcutType: "search", url: nil)           // routes "search"
    /// navigator.handle(shortcutType: "search", url: "shop://cart") // routes the URL
    /// ```
    @discardableResult
    public func handle(shortcutType type: String, url: String?) -> Bool {
        handle(Self.link(shortcutType: type, url: url), source: .shortcut)
    }

    /// The link of a quick action: its URL when it has one, else its type.
    static func link(shortcutType type: String, url: String?) -> String {
        if let url, !url.isEmpty { return url }
        return type
    }
}
