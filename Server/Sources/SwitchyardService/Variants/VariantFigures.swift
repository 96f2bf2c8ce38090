import SwitchyardRules
import SwitchyardStore

/// One A/B variant's figures since its test began (the `VariantFigures` schema): its target and
/// weight, people's opens of it, and the app opens, first opens and redeems it led to.
struct VariantFigures: Sendable, Hashable {
    var index: Int
    var weight: Int
    var target: RuleTarget
    /// Whether it won the ended test.
    var winner: Bool
    var clicks: Int
    var appOpens: Int
    var firstOpens: Int
    var redeems: Int

    init(index: Int, of test: LinkVariants, counts: [StatsCount]) {
        self.index = index
        weight = test.variants[index].weight
        target = test.variants[index].target
        winner = test.winner == index
        var events: [LinkEvent: Int] = [:]
        for count in counts { if let event = count.event { events[event, default: 0] += count.count } }
        clicks = events[.click] ?? 0
        appOpens = events[.appOpen] ?? 0
        firstOpens = events[.firstOpen] ?? 0
        redeems = events[.redeem] ?? 0
    }

    /// Its count of what decides its test: app opens (resolves and first opens) or redeems.
    func count(of measure: LinkVariants.Measure) -> Int {
        switch measure {
        case .appOpens: appOpens + firstOpens
        case .redeems: redeems
        }
    }
}

extension VariantFigures: APIObject, OpenAPISchema {
    static let schemaName = "VariantFigures"

    static let fields: [APIField<Self>] = [
        APIField("index", \.index, "The variant's index in the link's test.", minimum: 0, maximum: 3),
        APIField("weight", \.weight, "Its share of visitors, in percent.", minimum: 10, maximum: 90),
        APIField("target", \.target, "Where its visitors go."),
        APIField("winner", \.winner, "Whether it won the ended test."),
        APIField("clicks", \.clicks, "People's opens of the short link that got this variant (crawlers and HEAD left out).", minimum: 0),
        APIField("appOpens", \.appOpens, "Resolves by installs that got this variant.", minimum: 0),
        APIField("firstOpens", \.firstOpens, "Deferred claims of a click that got this variant.", minimum: 0),
        APIField("redeems", \.redeems, "Redemptions by installs that got this variant.", minimum: 0),
    ]
}

extension RuleTarget: APIValue {
    static var valueSchema: JSONSchema { RuleSchemas.target }
}

extension LinkService {
    /// Each variant's figures since its test began (a test's figures are counted only while it runs).
    func variantFigures(_ test: LinkVariants, key: String) async throws -> [VariantFigures] {
        var figures: [VariantFigures] = []
        for index in test.variants.indices {
            let counts = try await store.dailyCounts(code: VariantChoice.figuresKey(key, variant: index), fromDay: 0)
            figures.append(VariantFigures(index: index, of: test, counts: counts))
        }
        return figures
    }
}
