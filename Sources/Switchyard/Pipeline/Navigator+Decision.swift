public import struct Foundation.URL

extension Navigator {
    /// Whether this navigator would take `input`, decided at once, for the `Bool` that
    /// `application(_:open:options:)`, `scene(_:continue:)` and their kin return before any work
    /// is done (HOKO's contract: true only when the app handles the link, so other SDKs chained
    /// after it get the rest):
    ///
    /// - a link held until ``markReady()`` is taken;
    /// - a short link of ``smartLinks``' service is taken (the outcome of resolving it arrives
    ///   later, as ``RoutingOutcome/unresolvedSmartLink(_:_:)`` when it fails);
    /// - otherwise, a router must read it and have a destination for it (``Router/canOpen(_:source:)``).
    public func canOpen(_ input: String, source: LinkSource? = nil) -> Bool {
        let (routers, ready, smartLinks) = (self.routers, isReady, self.smartLinks)
        if !ready { return true }
        if let smartLinks, smartLinks.client.code(in: input) != nil { return true }
        return routers.contains { $0.canOpen(input, source: source) }
    }

    /// Decides at once whether the link is taken (``canOpen(_:source:)``) and, if it is, runs the
    /// pipeline in a task; the answer is the `Bool` to return to the system.
    ///
    /// ```swift
    /// func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
    ///     navigator.handle(url.absoluteString)     // false: the next SDK in the chain may take it
    /// }
    /// ```
    /// - Parameters:
    ///   - input: the link.
    ///   - source: where it came from; derived from its form when nil.
    ///   - metadata: smart-link metadata to attach.
    ///   - completion: called with the pipeline's outcome once it has run (for logging, say).
    @discardableResult
    public func handle(_ input: String, source: LinkSource? = nil, metadata: [String: JSONValue]? = nil,
                       completion: (@Sendable (RoutingOutcome) -> Void)? = nil) -> Bool {
        guard canOpen(input, source: source) else { return false }
        Task {
            let outcome = await route(input, source: source, metadata: metadata)
            completion?(outcome)
        }
        return true
    }

    /// The activity type of a universal link or web-page Handoff (`NSUserActivityTypeBrowsingWeb`).
    public static let browsingWebActivityType = "NSUserActivityTypeBrowsingWeb"
    /// The activity type of a Spotlight result (CoreSpotlight's `CSSearchableItemActionType`).
    public static let spotlightActivityType = "com.apple.corespotlightitem"
    /// The `userInfo` key of a Spotlight result's identifier (`CSSearchableItemActivityIdentifier`).
    public static let spotlightIdentifierKey = "kCSSearchableItemActivityIdentifier"

    /// The link a user activity carries, with its source, from plain values (the adapters in
    /// `SwitchyardUIKit` and `SwitchyardSwiftUI` unwrap `NSUserActivity` into them):
    ///
    /// - web browsing (`NSUserActivityTypeBrowsingWeb`: a universal link, or Handoff from a web
    ///   page): the web page URL, source ``LinkSource/universalLink``;
    /// - a Spotlight result (`CSSearchableItemActionType`): the item's identifier from `userInfo`,
    ///   mapped by ``spotlightLink`` (by default read as a link), source ``LinkSource/userActivity``;
    /// - any other activity with a web page URL (Handoff): that URL, source ``LinkSource/userActivity``.
    ///
    /// - Returns: nil when the activity carries no link (a Spotlight identifier the mapping refuses).
    public func link(userActivityType type: String, webpageURL: URL?,
                     userInfo: [AnyHashable: Any]?) -> (input: String, source: LinkSource)? {
        switch type {
        case Self.browsingWebActivityType:
            return webpageURL.map { ($0.absoluteString, .universalLink) }
        case Self.spotlightActivityType:
            guard let identifier = userInfo?[Self.spotlightIdentifierKey] as? String,
                  let link = spotlightLink(identifier) else { return nil }
            return (link, .userActivity)
        default:
            return webpageURL.map { ($0.absoluteString, .userActivity) }
        }
    }

    /// Opens a user activity given as plain values (see ``link(userActivityType:webpageURL:userInfo:)``)
    /// and answers what happened. An activity without a link is ``RoutingOutcome/failed(_:_:)``
    /// with a ``PipelineError`` naming the cause: ``PipelineError/Code/unmappedSpotlightIdentifier``
    /// (the identifier in the message) for a Spotlight result that ``spotlightLink`` refuses,
    /// ``PipelineError/Code/notALink`` for one that has nothing to map.
    ///
    /// ```swift
    /// let outcome = await navigator.route(userActivityType: activity.activityType, webpageURL: nil,
    ///                                     userInfo: [Navigator.spotlightIdentifierKey: "item-7"])
    /// if case .failed(_, let error as PipelineError) = outcome { print(error) }
    /// // the Spotlight identifier 'item-7' is not a link: spotlightLink maps it to none
    /// ```
    public func route(userActivityType type: String, webpageURL: URL?, userInfo: [AnyHashable: Any]?,
                      isolation: isolated (any Actor)? = #isolation) async -> RoutingOutcome {
        if let (input, source) = link(userActivityType: type, webpageURL: webpageURL, userInfo: userInfo) {
            return await route(input, source: source)
        }
        if type == Self.spotlightActivityType, let identifier = userInfo?[Self.spotlightIdentifierKey] as? String {
            return .failed(DeepLink(url: identifier, source: .userActivity), PipelineError.unmappedSpotlightIdentifier(identifier))
        }
        return .failed(DeepLink(url: webpageURL?.absoluteString ?? "", source: .userActivity),
                       PipelineError.notALink(activityType: type))
    }

    /// ``handle(_:source:metadata:completion:)`` for a user activity given as plain values (see
    /// ``link(userActivityType:webpageURL:userInfo:)``); false when it carries no link or the
    /// navigator would not take it (``route(userActivityType:webpageURL:userInfo:isolation:)`` says
    /// why). The values are read before anything runs and are not kept.
    @discardableResult
    public func handle(userActivityType type: String, webpageURL: URL?, userInfo: [AnyHashable: Any]?) -> Bool {
        guard let (input, source) = link(userActivityType: type, webpageURL: webpageURL, userInfo: userInfo) else {
            return false
        }
        return handle(input, source: source)
    }

    /// ``handle(_:source:metadata:completion:)`` for the URLs a scene is asked to open (its
    /// `UIOpenURLContext`s): the first that the navigator would take is opened; true if one was.
    @discardableResult
    public func handle(urls: [URL]) -> Bool {
        for url in urls where handle(url.absoluteString) { return true }
        return false
    }

    /// ``handle(_:source:metadata:completion:)`` for a notification's payload (see
    /// ``link(inPushPayload:)``), with source ``LinkSource/push``; false when it carries no link.
    @discardableResult
    public func handle(pushPayload: [AnyHashable: Any]) -> Bool {
        guard let link = Self.link(inPushPayload: pushPayload) else { return false }
        return handle(link, source: .push)
    }

    /// ``handle(_:source:metadata:completion:)`` for a home-screen quick action: its URL when it
    /// has one, else its type as a URN or path, with source ``LinkSource/shortcut``.
    @discardableResult
    public func handle(shortcutType type: String, url: String?) -> Bool {
        if let url, !url.isEmpty { return handle(url, source: .shortcut) }
        return handle(type, source: .shortcut)
    }
}
