import SwitchyardStore
import SwitchyardTraffic

/// Sorts a request into a platform by its `User-Agent`.
///
/// Every open with a user agent (every real browser's) is sorted here, so the markers are matched
/// on the header's bytes ignoring ASCII case, with no Foundation: `String.contains` goes through
/// `NSString`'s search, a large share of an iPhone open's CPU for the two dozen markers (see
/// BENCHMARKS.md, "The click writer's slices, and what a real browser's open costs"). The crawler
/// markers are found in one pass over the header (``SubstringAutomaton``, as the click classifier
/// does), not one scan per marker: a desktop browser's header took 22,000 instructions to sort,
/// 11,000 now (BENCHMARKS.md, "A request's user agent read once").
enum UserAgent {
    /// Link-preview crawlers, matched case-insensitively. iMessage announces itself as both
    /// `facebookexternalhit` and `Twitterbot`, so it is caught by either.
    static let crawlerMarkers = [
        "facebookexternalhit", "facebot", "twitterbot", "slackbot", "slack-imgproxy", "linkedinbot",
        "whatsapp", "telegrambot", "discordbot", "googlebot", "bingbot", "applebot", "skypeuripreview",
        "embedly", "pinterestbot", "redditbot", "mastodon", "vkshare", "iframely", "outbrain", "quora link preview",
    ]
    private static let crawlers = SubstringAutomaton(crawlerMarkers.map { Array($0.utf8) })
    private static let notSafari = ["chrome/", "chromium/", "crios/", "fxios/", "firefox/", "edg/", "opr/"].map { Array($0.utf8) }

    /// Whether a desktop user agent is Safari on a Mac, which is also what iPadOS sends by default
    /// (the page tells the two apart on the device).
    static func isMacSafari(_ header: String?) -> Bool {
        guard let header else { return false }
        let agent = Lowercased(header)
        guard agent.contains("macintosh"), agent.contains("safari/"), agent.contains("version/") else { return false }
        return !notSafari.contains { agent.contains($0) }
    }

    /// Whether an iOS user agent is an iPad's (one that does not ask for the desktop site).
    static func isIPad(_ header: String?) -> Bool {
        guard let header else { return false }
        return Lowercased(header).contains("ipad")
    }

    /// The platform of an app's own HTTP client (the SDK's `URLSession`: `Shop/1.2 CFNetwork/1494
    /// Darwin/23.4`; Android's `okhttp/4.12` or `Dalvik/2.1 (Linux; Android 14)`), else as ``platform(_:)``.
    static func appPlatform(_ header: String?) -> Click.Platform {
        guard let header, !header.isEmpty else { return .other }
        let agent = Lowercased(header)
        if agent.contains("cfnetwork") || agent.contains("darwin/") { return .ios }
        if agent.contains("okhttp") || agent.contains("dalvik") { return .android }
        return platform(header)
    }

    /// The platform a `User-Agent` header names.
    static func platform(_ header: String?) -> Click.Platform {
        guard let header, !header.isEmpty else { return .other }
        if crawlers.firstMatch(in: header) != nil { return .crawler }
        let agent = Lowercased(header)
        if agent.contains("android") { return .android }
        if agent.contains("iphone") || agent.contains("ipad") || agent.contains("ipod") { return .ios }
        if agent.hasPrefix("mozilla/") || agent.contains("windows nt") || agent.contains("macintosh")
            || agent.contains("x11") || agent.contains("cros") {
            return .desktop
        }
        return .other
    }

    /// A header's UTF-8 bytes with `A`–`Z` lowered, searched for lowercase ASCII markers.
    struct Lowercased {
        let bytes: [UInt8]

        init(_ header: String) {
            bytes = header.utf8.map { $0 &- UInt8(ascii: "A") < 26 ? $0 | 0x20 : $0 }
        }

        func hasPrefix(_ marker: StaticString) -> Bool {
            marker.withUTF8Buffer { bytes.starts(with: $0) }
        }

        func contains(_ marker: StaticString) -> Bool {
            marker.withUTF8Buffer(contains)
        }

        func contains(_ marker: [UInt8]) -> Bool {
            marker.withUnsafeBufferPointer(contains)
        }

        /// Whether `needle` occurs in the bytes: a scan for its first byte, then a compare (headers
        /// are a few hundred bytes, markers a few dozen).
        private func contains(_ needle: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let first = needle.first else { return true }
            return bytes.withUnsafeBufferPointer { haystack in
                guard haystack.count >= needle.count else { return false }
                for start in 0...(haystack.count - needle.count) where haystack[start] == first {
                    var matched = 1
                    while matched < needle.count, haystack[start + matched] == needle[matched] { matched += 1 }
                    if matched == needle.count { return true }
                }
                return false
            }
        }
    }
}
