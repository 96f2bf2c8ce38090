public import struct Foundation.URL

/// Every link a scene's connection options carry at a cold launch, as plain values: what the
/// UIKit adapter's `handle(_ options: UIScene.ConnectionOptions)` unwraps them into.
///
/// ```swift
/// var launch = LaunchLinks()
/// launch.urls = [URL(string: "shop://product/42")!]
/// launch.shortcut = (type: "cart", url: nil)
/// navigator.handle(launch)
/// ```
public struct LaunchLinks {
    /// A user activity as plain values (`NSUserActivity`'s type, web page URL and `userInfo`).
    public struct Activity {
        /// The activity type (`NSUserActivityTypeBrowsingWeb`, `CSSearchableItemActionType`, ...).
        public var type: String
        /// The web page URL, if any.
        public var webpageURL: URL?
        /// The `userInfo`, if any (a Spotlight result's identifier).
        public var userInfo: [AnyHashable: Any]?

        /// Creates an activity.
        public init(type: String, webpageURL: URL? = nil, userInfo: [AnyHashable: Any]? = nil) {
            self.type = type
            self.webpageURL = webpageURL
            self.userInfo = userInfo
        }
    }

    /// The URLs to open (`urlContexts`).
    public var urls: [URL]
    /// The user activities (`userActivities`: universal links, Handoff, Spotlight).
    public var activities: [Activity]
    /// The payload of the tapped notification that launched the app (`notificationResponse`).
    public var notificationPayload: [AnyHashable: Any]?
    /// The action the user chose on that notification (`actionIdentifier`); nil is the default
    /// action (a tap on the notification itself).
    public var notificationAction: String?
    /// The home-screen quick action that launched the app (`shortcutItem`): its type, and its
    /// `userInfo["url"]`.
    public var shortcut: (type: String, url: String?)?

    /// Creates the links of a launch; by default there are none.
    public init(urls: [URL] = [], activities: [Activity] = [], notificationPayload: [AnyHashable: Any]? = nil,
                notificationAction: String? = nil, shortcut: (type: String, url: String?)? = nil) {
        self.urls = urls
        self.activities = activities
        self.notificationPayload = notificationPayload
        self.notificationAction = notificationAction
        self.shortcut = shortcut
    }
}

extension Navigator {
    /// Routes every link a launch carries, through the same decisions as the one-link calls, in
    /// this order: the URLs, the user activities, the notification's link (see
    /// ``handle(pushPayload:actionIdentifier:)``), the quick action. Each
    /// is taken or refused at once (a refusal, an activity without a link included, is reported
    /// to ``onOutcome``); taken links are held until ``markReady()`` when the navigator waits for
    /// it, else opened one after another in a task.
    ///
    /// ```swift
    /// // scene(_:willConnectTo:options:) — on iOS: navigator.handle(connectionOptions)
    /// navigator.handle(LaunchLinks(urls: [URL(string: "shop://product/42")!]))
    /// ```
    /// - Returns: whether any link was taken.
    @discardableResult
    public func handle(_ launch: LaunchLinks) -> Bool {
        var offers: [Offer] = launch.urls.map { .link(Arrival(input: $0.absoluteString)) }
        for activity in launch.activities {
            offers.append(offer(userActivityType: activity.type, webpageURL: activity.webpageURL, userInfo: activity.userInfo))
        }
        if let payload = launch.notificationPayload,
           let arrival = arrival(pushPayload: payload, actionIdentifier: launch.notificationAction) {
            offers.append(.link(arrival))
        }
        if let shortcut = launch.shortcut {
            offers.append(.link(Arrival(input: Self.link(shortcutType: shortcut.type, url: shortcut.url), source: .shortcut)))
        }
        return take(offers) > 0
    }
}
