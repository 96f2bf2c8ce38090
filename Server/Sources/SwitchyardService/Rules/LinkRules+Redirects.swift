import Switchyard
import SwitchyardRules
import SwitchyardStore

extension LinkRules {
    /// The redirect rules `value` gives, checked: read (``RedirectRule/rules(from:at:countryDatabase:)``),
    /// each URL target on an allowed domain, each route target a route of the table with its
    /// parameters. A route target is kept as written (its name, or its pattern), so that a link
    /// follows its route's renames as the link's own route does.
    ///
    /// - Throws: ``LinkRuleError`` `invalid-rule`, naming the rule's path.
    func redirectRules(_ value: JSONValue, field: String = "rules") throws(LinkRuleError) -> [RedirectRule]? {
        if value.isNull { return nil }
        let rules: [RedirectRule]
        do {
            rules = try RedirectRule.rules(from: value, at: field, countryDatabase: countryDatabase)
        } catch {
            throw LinkRuleError(.invalidRule, error.message)
        }
        for (index, rule) in rules.enumerated() {
            try checkTarget(rule.target, at: "\(field)[\(index)].target")
        }
        return rules.isEmpty ? nil : rules
    }

    /// Refuses a target whose URL is on no allowed domain, or whose route the table does not build.
    func checkTarget(_ target: RuleTarget, at path: String) throws(LinkRuleError) {
        switch target {
        case .url(let url):
            if let refusal = fallbacks.refusal(for: url) { throw LinkRuleError(.invalidRule, "\(path).url: \(refusal)") }
        case .route(let route, let parameters):
            do {
                _ = try builder.target(route: route, parameters: parameters)
            } catch {
                throw LinkRuleError(.invalidRule, "\(path).route: \(error.message)")
            }
        }
    }
}
