public import Foundation
public import SwitchyardRules

/// Each team's default redirect rules: tried on every link of the team after the link's own.
public protocol TeamRuleStore: Sendable {
    /// Every team's default rules (teams without any absent).
    func teamRules() async throws -> [String: [RedirectRule]]

    /// Replaces a team's default rules (nil or empty removes them) and stores `audit` in the
    /// same transaction.
    func setTeamRules(_ rules: [RedirectRule]?, team: String, at: Date, audit: AuditEntry?) async throws
}
