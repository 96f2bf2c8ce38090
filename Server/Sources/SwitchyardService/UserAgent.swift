import SwitchyardStore

/// Sorts a request into a platform by its `User-Agent`.
enum UserAgent {
    /// Link-preview crawlers, matched case-insensitively. iMessage announces itself as both
    /// `facebookexternalhit` and `Twitterbot`, so it is caught by either.
    static let crawlerMarkers = [
        "facebookexternalhit", "facebot", "twitterbot", "slackbot", "slack-imgproxy", "linkedinbot",
        "whatsapp", "telegrambot", "discordbot", "googlebot", "bingbot", "applebot", "skypeuripreview",
        "embedly", "pinterest", "redditbot", "mastodon", "vkshare", "iframely", "outbrain", "quora link preview",
    ]

    /// The platform a `User-Agent` header names.
    static func platform(_ header: String?) -> Click.Platform {
        guard let header, !header.isEmpty else { return .other }
        let agent = header.lowercased()
        if crawlerMarkers.contains(where: { agent.contains($0) }) { return .crawler }
        if agent.contains("android") { return .android }
        if agent.contains("iphone") || agent.contains("ipad") || agent.contains("ipod") { return .ios }
        if agent.hasPrefix("mozilla/") || agent.contains("windows nt") || agent.contains("macintosh")
            || agent.contains("x11") || agent.contains("cros") {
            return .desktop
        }
        return .other
    }
}
