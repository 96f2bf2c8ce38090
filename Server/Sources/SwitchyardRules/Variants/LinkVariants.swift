public import Foundation

/// An A/B test on a link: 2 to 4 targets with whole-percent weights (each at least 10, summing
/// to 100), one chosen per visitor, and — with ``endsAt`` — the one with the most app opens (or
/// redeems) made the link's target when the test ends.
///
/// ```json
/// {"targets": [{"route": "product/:id", "parameters": {"id": "42"}, "weight": 70},
///              {"url": "https://shop.example.com/spring", "weight": 30}],
///  "endsAt": "2026-12-24T00:00:00Z", "decideBy": "appOpens"}
/// ```
public struct LinkVariants: Sendable, Hashable {
    /// One arm of the test.
    public struct Variant: Sendable, Hashable {
        /// Where its visitors go: a URL, or the link with another route (app, fallbacks and
        /// deferred link kept).
        public var target: RuleTarget
        /// Its share of visitors, in percent (10 to 100).
        public var weight: Int

        /// Creates a variant.
        public init(target: RuleTarget, weight: Int) {
            self.target = target
            self.weight = weight
        }
    }

    /// What decides the winner when the test ends.
    public enum Measure: String, Sendable, Hashable, CaseIterable {
        /// The app opens the variant led to: resolves and first opens after install.
        case appOpens
        /// Redemptions of the link's metadata by installs of the variant.
        case redeems
    }

    /// The arms, in order: a variant is named by its index (`~v0`...).
    public var variants: [Variant]
    /// When the test ends and its winner becomes the link's target; nil: it runs until changed.
    public var endsAt: Date?
    /// What decides the winner.
    public var decideBy: Measure
    /// The winning variant's index, once the test has ended; nil while it runs.
    public var winner: Int?
    /// When the winner was decided.
    public var decidedAt: Date?

    /// Creates a test; ``validate()`` checks it as the API does.
    public init(variants: [Variant], endsAt: Date? = nil, decideBy: Measure = .appOpens, winner: Int? = nil, decidedAt: Date? = nil) {
        self.variants = variants
        self.endsAt = endsAt
        self.decideBy = decideBy
        self.winner = winner
        self.decidedAt = decidedAt
    }

    /// Fewest and most variants.
    public static let variantCount = 2...4
    /// The smallest weight a variant may have, in percent.
    public static let minimumWeight = 10

    /// When the test is still to be decided: its end, while it has no winner; nil otherwise.
    public var pendingEnd: Date? { winner == nil ? endsAt : nil }

    /// The variant a roll in `0..<100` falls on: each variant owns as many consecutive rolls as
    /// its weight, in order. A roll out of range is taken modulo 100.
    ///
    /// ```swift
    /// let test = LinkVariants(variants: [.init(target: a, weight: 70), .init(target: b, weight: 30)])
    /// test.variant(forRoll: 69) // 0
    /// test.variant(forRoll: 70) // 1
    /// ```
    public func variant(forRoll roll: Int) -> Int {
        var remaining = ((roll % 100) + 100) % 100
        for (index, variant) in variants.enumerated() {
            if remaining < variant.weight { return index }
            remaining -= variant.weight
        }
        return max(0, variants.count - 1)
    }

    /// The winner of counts per variant (`counts[i]` is variant i's): the most, the earlier
    /// variant on a tie.
    public static func winner(of counts: [Int]) -> Int {
        var best = 0
        for index in counts.indices where counts[index] > counts[best] { best = index }
        return best
    }
}
