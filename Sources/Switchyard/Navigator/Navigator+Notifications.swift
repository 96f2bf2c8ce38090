public import struct Foundation.Data

/// Tapped notifications: which actions route, where the link is in the payload, and the payload
/// handed to destinations as the link's ``DeepLink/metadata``.
extension Navigator {
    /// The action of a tap on the notification itself (`UNNotificationDefaultActionIdentifier`).
    public static let defaultNotificationAction = "com.apple.UNNotificationDefaultActionIdentifier"

    /// Where ``link(inPushPayload:)`` looks for a link, in this order: the first non-empty string
    /// wins. A dot goes one object down (`aps.url` is `{"aps": {"url": ...}}`; `data.deeplink` is
    /// FCM's `{"data": {"deeplink": ...}}`).
    public static let pushLinkKeys = [
        "aps.urn", "aps.url", "aps.deeplink", "aps.link",
        "urn", "url", "deeplink", "deep_link", "link",
        "data.url", "data.deeplink", "data.deep_link", "data.link",
    ]

    /// The notification actions that route the notification's link; any other (a custom
    /// "Dismiss" or "Mark as read", a background action, `UNNotificationDismissActionIdentifier`)
    /// is answered false and routes nothing. By default only ``defaultNotificationAction``.
    ///
    /// ```swift
    /// navigator.notificationActions.insert("VIEW_ORDER")   // a foreground action that opens the order
    /// ```
    public var notificationActions: Set<String> {
        get { state.withLock { $0.notificationActions } }
        set { state.withLock { $0.notificationActions = newValue } }
    }

    /// Maps a tapped notification's payload, and the action the user chose (one of
    /// ``notificationActions``; ``defaultNotificationAction`` for a tap on the notification
    /// itself), to its link; nil means it carries none. By default ``link(inPushPayload:)`` (the
    /// keys of ``pushLinkKeys``), whatever the action; set it for a payload of another shape, or
    /// for actions that open different links.
    ///
    /// ```swift
    /// navigator.notificationActions.insert("TRACK")
    /// navigator.pushLink = { payload, action in
    ///     (payload["order_id"] as? String).map { action == "TRACK" ? "shop://orders/\($0)/tracking" : "shop://orders/\($0)" }
    /// }
    /// ```
    public var pushLink: @Sendable (_ payload: [AnyHashable: Any], _ action: String) -> String? {
        get { state.withLock { $0.pushLink } }
        set { state.withLock { $0.pushLink = newValue } }
    }

    /// ``handle(_:source:metadata:)`` for a tapped notification: when `actionIdentifier` is one of
    /// ``notificationActions`` (nil counts as the default action), the link ``pushLink`` finds in
    /// the payload, with source ``LinkSource/push`` and the payload's string-keyed values as the
    /// link's ``DeepLink/metadata`` (what a destination reads: `link.metadata?["order_total"]`).
    /// False for another action or a payload without a link (nothing is reported then: neither
    /// is a link).
    ///
    /// ```swift
    /// navigator.handle(pushPayload: ["data": ["deeplink": "shop://orders/7"], "campaign": "spring"],
    ///                  actionIdentifier: Navigator.defaultNotificationAction)   // true
    /// ```
    @discardableResult
    public func handle(pushPayload: [AnyHashable: Any], actionIdentifier: String? = nil) -> Bool {
        guard let arrival = arrival(pushPayload: pushPayload, actionIdentifier: actionIdentifier) else { return false }
        return take([.link(arrival)]) > 0
    }

    /// The link of a notification to offer, or nil for an action that does not route or a
    /// payload without a link.
    func arrival(pushPayload payload: [AnyHashable: Any], actionIdentifier: String?) -> Arrival? {
        let (actions, pushLink) = state.withLock { ($0.notificationActions, $0.pushLink) }
        let action = actionIdentifier ?? Self.defaultNotificationAction
        guard actions.contains(action), let link = pushLink(payload, action), !link.isEmpty else { return nil }
        return Arrival(input: link, source: .push, metadata: Self.metadata(fromPushPayload: payload))
    }

    /// The link a push payload carries: the first non-empty string at one of ``pushLinkKeys``.
    public static func link(inPushPayload payload: [AnyHashable: Any]) -> String? {
        for key in pushLinkKeys {
            var value: Any? = payload
            for part in key.split(separator: ".") { value = (value as? [AnyHashable: Any])?[String(part)] }
            if let text = value as? String, !text.isEmpty { return text }
        }
        return nil
    }

    /// The link a push payload given as JSON carries; nil when it is not a JSON object or has no link.
    public static func link(inPushPayloadJSON json: Data) -> String? {
        guard let payload = try? JSONValue.parse(bytes: json) else { return nil }
        for key in pushLinkKeys {
            var value: JSONValue? = payload
            for part in key.split(separator: ".") { value = value?[String(part)] }
            if let text = value?.stringValue, !text.isEmpty { return text }
        }
        return nil
    }

    /// A payload's string-keyed values as JSON (strings, numbers, booleans, arrays and objects of
    /// them; other values are left out), for the link's metadata.
    public static func metadata(fromPushPayload payload: [AnyHashable: Any]) -> [String: JSONValue] {
        var metadata: [String: JSONValue] = [:]
        for (key, value) in payload {
            if let key = key as? String, let json = json(value) { metadata[key] = json }
        }
        return metadata
    }

    private static func json(_ value: Any) -> JSONValue? {
        switch value {
        // Numbers before booleans: on Apple platforms a payload's numbers are NSNumbers, which
        // also cast to Bool when they are 0 or 1.
        case let text as String: return .string(text)
        case let number as Int: return .number(Double(number))
        case let number as Double: return number.isFinite ? .number(number) : nil
        case let flag as Bool: return .bool(flag)
        case let array as [Any]: return .array(array.compactMap(json))
        case let object as [AnyHashable: Any]: return .object(metadata(fromPushPayload: object))
        default: return nil
        }
    }
}
