public import Foundation
import GRDB
public import SwitchyardRules

extension SQLiteLinkStore {
    public func teamRules() async throws -> [String: [RedirectRule]] {
        let rows = try await read { db in
            try Row.fetchAll(db, sql: "SELECT team, rules FROM team_rules ORDER BY team").map { ($0[0] as String, $0[1] as String) }
        }
        return try TeamRuleRows.decode(rows)
    }

    public func setTeamRules(_ rules: [RedirectRule]?, team: String, at: Date, audit: AuditEntry?) async throws {
        let text = rules.flatMap { $0.isEmpty ? nil : RedirectRule.storedText($0) }
        try await write { db in
            if let text {
                try db.execute(sql: """
                    INSERT INTO team_rules (team, rules, updated_at) VALUES (?, ?, ?)
                    ON CONFLICT (team) DO UPDATE SET rules = excluded.rules, updated_at = excluded.updated_at
                    """, arguments: [team, text, StoredDate.milliseconds(at)])
            } else {
                try db.execute(sql: "DELETE FROM team_rules WHERE team = ?", arguments: [team])
            }
            if let audit { try Self.append(db, [audit]) }
        }
    }
}
