import SwitchyardRules

/// Reading the `team_rules` table's rows, the same on both back ends.
enum TeamRuleRows {
    /// Each team's rules; a row whose rules do not read is corruption.
    static func decode(_ rows: [(team: String, rules: String)]) throws(StoreError) -> [String: [RedirectRule]] {
        var rules: [String: [RedirectRule]] = [:]
        for (team, text) in rows {
            do {
                rules[team] = try RedirectRule.stored(text)
            } catch {
                throw StoreError(.corrupt, "team '\(team)' has default rules that do not read: \(error.message)")
            }
        }
        return rules
    }
}
