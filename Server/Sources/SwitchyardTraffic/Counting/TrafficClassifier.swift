public import Foundation
public import SwitchyardRules

/// Counts a click: a robot's is `bot`, a person's repeat within the hour is `duplicate`, any
/// other is `human`.
///
/// The robot test comes first, and a robot's request never enters the duplicate window: a mail
/// scanner opening a link does not make the person's own click, a second later, a duplicate.
///
/// ```swift
/// let traffic = TrafficClassifier()
/// let counted = traffic.classify(link: "spring-sale", method: "GET", userAgent: userAgent,
///                                referrer: referrer, headers: { HTTPField.Name($0).flatMap { request.headers[$0] } },
///                                address: clientAddress, at: .now)
/// ```
public struct TrafficClassifier: Sendable {
    /// A click's class and, for a robot's, the reason.
    public struct Classification: Sendable, Hashable {
        /// How the click is counted.
        public let clickClass: ClickClass
        /// Why it is a robot's (nil unless ``clickClass`` is ``ClickClass/bot``).
        public let bot: BotVerdict?
    }

    /// The robot test.
    public let bots: ClickClassifier
    /// The duplicate window (kept by reference: copies of this value share it).
    public let duplicates: DuplicateWindow

    /// A classifier with the built-in patterns and an hour's window unless given others.
    public init(bots: ClickClassifier = .builtIn, duplicates: DuplicateWindow = DuplicateWindow()) {
        self.bots = bots
        self.duplicates = duplicates
    }

    /// How to count a click on `link` (the link's id) at `time`; see ``classification(link:method:userAgent:referrer:headers:address:at:)``.
    public func classify(link: String, method: String, userAgent: String?, referrer: String?,
                         headers: (String) -> String? = { _ in nil }, address: IPAddress?, at time: Date) -> ClickClass {
        classification(link: link, method: method, userAgent: userAgent, referrer: referrer,
                       headers: headers, address: address, at: time).clickClass
    }

    /// How to count a click on `link` at `time`, with the robot test's reason.
    ///
    /// Duplicates are judged by the client's address as ``IPAddress/clientKey`` writes it (an
    /// IPv6 address by its /64, which one subscriber's devices share and rotate through); a click
    /// without an address is never a duplicate.
    public func classification(link: String, method: String, userAgent: String?, referrer: String?,
                               headers: (String) -> String? = { _ in nil }, address: IPAddress?, at time: Date) -> Classification {
        if let verdict = bots.classify(method: method, userAgent: userAgent, referrer: referrer, headers: headers, address: address) {
            return Classification(clickClass: .bot, bot: verdict)
        }
        guard let address else { return Classification(clickClass: .human, bot: nil) }
        let repeated = duplicates.isDuplicate(link: link, address: address.clientKey, userAgent: userAgent, at: time)
        return Classification(clickClass: repeated ? .duplicate : .human, bot: nil)
    }
}

// Short descriptions: a classifier holds a few thousand automaton states, and whatever prints a
// value holding one by reflection (swift-service-lifecycle describes each service it runs)
// would otherwise walk all of them.

extension TrafficClassifier: CustomStringConvertible {
    /// `TrafficClassifier(431 user agents, 6 referrers, 42 address ranges; window 3600.0 seconds)`.
    public var description: String {
        "TrafficClassifier(\(bots.patternSummary); window \(duplicates.window))"
    }
}

extension ClickClassifier: CustomStringConvertible {
    /// `ClickClassifier(431 user agents, 6 referrers, 42 address ranges)`.
    public var description: String { "ClickClassifier(\(patternSummary))" }

    var patternSummary: String {
        "\(patterns.userAgents.count) user agents, \(patterns.referrers.count) referrers, \(patterns.addressRanges.count) address ranges"
    }
}

extension BotPatterns: CustomStringConvertible {
    /// `BotPatterns(431 user agents, 6 referrers, 42 address ranges, 12 sources)`.
    public var description: String {
        "BotPatterns(\(userAgents.count) user agents, \(referrers.count) referrers, \(addressRanges.count) address ranges, \(sources.count) sources)"
    }
}
