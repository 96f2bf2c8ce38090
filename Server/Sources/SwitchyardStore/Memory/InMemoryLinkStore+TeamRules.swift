public import Foundation
public import SwitchyardRules

extension InMemoryLinkStore {
    public func teamRules() async throws -> [String: [RedirectRule]] {
        try check()
        return defaultRules
    }

    public func setTeamRules(_ rules: [RedirectRule]?, team: String, at: Date, audit: AuditEntry?) async throws {
        try check()
        defaultRules[team] = rules.flatMap { $0.isEmpty ? nil : $0 }
        if let audit { append(audit) }
    }
}
