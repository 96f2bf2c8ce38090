public import struct Foundation.Data
public import struct Foundation.URL

extension Navigator {
    /// Opens a Foundation `URL` (from `application(_:open:options:)` or `.onOpenURL`).
    @discardableResult
    public func open(_ url: URL, source: LinkSource? = nil) async -> Bool {
        await open(url.absoluteString, source: source)
    }

    /// Opens a universal link (`https://shop.example.com/product/42`), with source ``LinkSource/universalLink``.
    ///
    /// A host must be in a router's `hosts` (`Router(schemes: ["shop"], hosts: ["shop.example.com"])`):
    /// until then every `https` link answers false. ``route(universalLink:)`` says why.
    @discardableResult
    public func open(universalLink url: URL) async -> Bool {
        await open(url.absoluteString, source: .universalLink)
    }

    /// Opens a universal link and answers what happened (see ``route(_:source:metadata:)``): a
    /// host that no router lists in its `hosts` is ``RoutingOutcome/rejected(_:)`` with
    /// ``LinkInputError/Code/unknownHost`` and the host named.
    ///
    /// ```swift
    /// let outcome = await Navigator.shared.route(universalLink: url)
    /// if case .rejected(let error) = outcome, error.code == .unknownHost { print(error) }
    /// ```
    public func route(universalLink url: URL) async -> RoutingOutcome {
        await route(url.absoluteString, source: .universalLink)
    }

    /// Opens the link a push notification carries, with source ``LinkSource/push``: the first of
    /// `aps.urn`, `aps.url`, `urn`, `url` that is a non-empty string (Compass's
    /// `{"aps": {"urn": "user:self"}}`).
    ///
    /// The payload is read before anything is awaited and is not kept. `isolation` runs the call
    /// on the caller's actor, so a delegate can pass its `userInfo` as it is.
    ///
    /// - Returns: false when the payload carries no link; otherwise whether it was handled.
    @discardableResult
    public func open(pushPayload: [AnyHashable: Any], isolation: isolated (any Actor)? = #isolation) async -> Bool {
        guard let link = Self.link(inPushPayload: pushPayload) else { return false }
        return await open(link, source: .push)
    }

    /// Opens the link of a push payload given as JSON; see ``open(pushPayload:isolation:)``.
    @discardableResult
    public func open(pushPayloadJSON json: Data) async -> Bool {
        guard let link = Self.link(inPushPayloadJSON: json) else { return false }
        return await open(link, source: .push)
    }

    /// Opens a user activity's web page URL (Handoff, Spotlight), with source ``LinkSource/userActivity``.
    ///
    /// - Returns: false when there is no URL.
    @discardableResult
    public func open(userActivityWebpageURL url: URL?) async -> Bool {
        guard let url else { return false }
        return await open(url.absoluteString, source: .userActivity)
    }

    /// Opens a home-screen quick action, with source ``LinkSource/shortcut``: its URL (from its
    /// `userInfo`) when it has one, otherwise its type as a URN or path.
    ///
    /// ```swift
    /// await navigator.open(shortcutType: "search", url: nil)           // routes "search"
    /// await navigator.open(shortcutType: "search", url: "shop://cart") // routes the URL
    /// ```
    @discardableResult
    public func open(shortcutType type: String, url: String?) async -> Bool {
        if let url, !url.isEmpty { return await open(url, source: .shortcut) }
        return await open(type, source: .shortcut)
    }

    /// The link a push payload carries: the first non-empty string of `aps.urn`, `aps.url`,
    /// `urn`, `url`.
    public static func link(inPushPayload payload: [AnyHashable: Any]) -> String? {
        let aps = payload["aps"] as? [AnyHashable: Any]
        for candidate in [aps?["urn"], aps?["url"], payload["urn"], payload["url"]] {
            if let text = candidate as? String, !text.isEmpty { return text }
        }
        return nil
    }

    /// The link a push payload given as JSON carries; nil when it is not a JSON object or has no link.
    public static func link(inPushPayloadJSON json: Data) -> String? {
        guard let payload = try? JSONValue.parse(bytes: json) else { return nil }
        for candidate in [payload["aps"]?["urn"], payload["aps"]?["url"], payload["urn"], payload["url"]] {
            if let text = candidate?.stringValue, !text.isEmpty { return text }
        }
        return nil
    }
}
