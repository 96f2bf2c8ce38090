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

    /// Whether a desktop user agent is Safari on a Mac, which is also what iPadOS sends by default
    /// (the page tells the two apart on the device).
    static func isMacSafari(_ header: String?) -> Bool {
        guard let agent = header?.lowercased(), agent.contains("macintosh"), agent.contains("safari/"),
              agent.contains("version/") else { return false }
        return !["chrome/", "chromium/", "crios/", "fxios/", "firefox/", "edg/", "opr/"].contains { agent.contains($0) }
    }

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
