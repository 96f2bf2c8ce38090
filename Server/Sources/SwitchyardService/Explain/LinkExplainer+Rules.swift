import Foundation
import SwitchyardRules
import SwitchyardStore

/// What `explain` is asked about the visitor, for the rule cases: the language their browser
/// accepts, their country, the query of the short link they open.
public struct RuleInputs: Sendable, Hashable {
    public var language: String?
    public var country: String?
    public var query: [(name: String, value: String)]

    /// Inputs; each is optional.
    public init(language: String? = nil, country: String? = nil, query: [(name: String, value: String)] = []) {
        self.language = language
        self.country = country?.uppercased()
        self.query = query
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.language == rhs.language && lhs.country == rhs.country && lhs.query.elementsEqual(rhs.query) { $0 == $1 }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(language)
        hasher.combine(country)
        for item in query { hasher.combine(item.name); hasher.combine(item.value) }
    }

    /// As the explanation records them.
    var described: [String: String] {
        var inputs: [String: String] = [:]
        if let language { inputs["language"] = language }
        if let country { inputs["country"] = country }
        if !query.isEmpty { inputs["query"] = query.map { "\($0.name)=\($0.value)" }.joined(separator: "&") }
        return inputs
    }
}

extension LinkExplainer {
    /// The platforms the rule cases are asked for, with the user agent each sends.
    static let rulePlatforms = ["ios", "ipados", "android", "desktop", "crawler"]

    /// For each platform, the rule that fires with `inputs`, and why the earlier ones did not.
    func ruleCases(_ link: SmartLink, inputs: RuleInputs) -> [LinkExplanation.RuleCase] {
        let rules = service.effectiveRules(link)
        guard !rules.isEmpty else { return [] }
        return Self.rulePlatforms.map { name in
            let agent = Self.userAgent(name)
            let country = inputs.country
            let request = RuleRequest(platform: RulePlatform(UserAgent.platform(agent)), userAgent: agent,
                                      acceptLanguage: inputs.language, query: inputs.query, now: service.now(),
                                      hasCountryDatabase: service.geoIP != nil || country != nil, country: { country })
            return Self.ruleCase(rules, request: request, platform: name)
        }
    }

    /// One case: the explanation of `request` against `rules`.
    static func ruleCase(_ rules: [RedirectRule], request: RuleRequest, platform: String) -> LinkExplanation.RuleCase {
        let explained = RuleMatcher.explain(rules, for: request)
        return LinkExplanation.RuleCase(platform: platform, fired: explained.fired,
                                        target: explained.fired.map { describe(rules[$0].target) }, steps: explained.rules)
    }

    /// `https://...`, or `route product {id: 42}`.
    static func describe(_ target: RuleTarget) -> String {
        switch target {
        case .url(let url): url
        case .route(let route, let parameters):
            "route \(route)" + (parameters.isEmpty ? "" : " {" + parameters.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
                .joined(separator: ", ") + "}")
        }
    }

    /// Reads `name=value&name=value` (at most 20 pairs) as a query the rule cases are asked with.
    public static func query(_ text: String) -> [(name: String, value: String)] {
        text.split(separator: "&").prefix(20).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (name: String(parts[0]), value: parts.count > 1 ? String(parts[1]) : "")
        }
    }
}

extension LinkExplanation {
    /// The rules part of ``table``: one line per platform, then each earlier rule's failed condition.
    var rulesTable: [String] {
        guard !rules.isEmpty else { return [] }
        var lines = ["", "rules" + (ruleInputs.isEmpty ? ":" : " (" + ruleInputs.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
            .joined(separator: ", ") + "):")]
        for entry in rules {
            let outcome = entry.fired.map { "rule \($0 + 1) fires: \(entry.target ?? "")" } ?? "no rule fires: the link's own answer"
            lines.append("  \(entry.platform): \(outcome)")
            for step in entry.steps where !step.fired {
                guard let failed = step.failed else { continue }
                lines.append("    rule \(step.index + 1)\(step.name.map { " (\($0))" } ?? ""): \(failed.summary) fails: \(failed.reason)")
            }
        }
        return lines
    }
}
