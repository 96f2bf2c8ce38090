public import Foundation
import Logging
import PostgresNIO
public import SwitchyardRules

extension PostgresLinkStore {
    public func teamRules() async throws -> [String: [RedirectRule]] {
        var rows: [(String, String)] = []
        for row in try await self.rows("SELECT team, rules FROM team_rules ORDER BY team") {
            rows.append(try row.decode((String, String).self))
        }
        return try TeamRuleRows.decode(rows)
    }

    public func setTeamRules(_ rules: [RedirectRule]?, team: String, at: Date, audit: AuditEntry?) async throws {
        let text = rules.flatMap { $0.isEmpty ? nil : RedirectRule.storedText($0) }
        let query: PostgresQuery = if let text {
            """
            INSERT INTO team_rules (team, rules, updated_at) VALUES (\(team), \(text), \(StoredDate.rounded(at)))
            ON CONFLICT (team) DO UPDATE SET rules = excluded.rules, updated_at = excluded.updated_at
            """
        } else {
            "DELETE FROM team_rules WHERE team = \(team)"
        }
        let logger = logger
        try await run { client in
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query(query, logger: logger)
                if let audit { try await Self.append(connection, [audit], logger: logger) }
            }
        }
    }
}
