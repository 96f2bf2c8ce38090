import CommandTestSupport
import Foundation
import SwitchyardStore
import Testing

/// Changes made from the command line are in the team's audit log, as `cli:USER` (the
/// operating-system user), role admin, address `local`: a team created, a key created and
/// revoked, a Firebase import that wrote links (a dry run, or a run that writes nothing, has no
/// entry). Run as real processes, on SQLite and on PostgreSQL.
@Suite struct CommandLineAuditTests {
    static let user = ["USER": "ada-auditor"]

    @Test func changesFromTheCommandLineAreAuditedOnSQLite() async throws {
        let scratch = try TemporaryDirectory()
        let path = scratch.url.appendingPathComponent("audit.sqlite").path
        try await Self.runChanges(database: "sqlite:" + path, scratch: scratch)
        let store = try SQLiteLinkStore(path: path)
        let log = try await store.audit(AuditQuery(team: "shop"))
        try await store.close()
        Self.check(log)
    }

    @Test(.enabled(if: PostgresEnvironment.url != nil, "\(PostgresEnvironment.skipped)"))
    func changesFromTheCommandLineAreAuditedOnPostgreSQL() async throws {
        let schema = PostgresSchema(server: PostgresEnvironment.url ?? "", prefix: "cli_audit")
        do {
            try await Self.runChanges(database: schema.databaseURL, scratch: try TemporaryDirectory())
            let store = try schema.open()
            let log = try await store.audit(AuditQuery(team: "shop"))
            try await store.close()
            Self.check(log)
        } catch {
            try? await schema.drop()
            throw error
        }
        try await schema.drop()
    }

    /// The scripted changes, each a process run as the user `ada-auditor`.
    static func runChanges(database: String, scratch: TemporaryDirectory) async throws {
        func run(_ arguments: [String]) throws -> Switchyard.Run {
            try Switchyard.run(arguments + ["--database", database], environment: user)
        }
        #expect(try run(["teams", "create", "shop"]).status == 0)
        #expect(try run(["keys", "create", "--team", "shop", "--name", "ops", "--role", "admin"]).status == 0)
        let file = try scratch.write("links.csv", ImportCommandTests.export)
        let importing = ["import", "firebase", file, "--routes", Switchyard.shopRoutes, "--team", "shop"]
        #expect(try run(importing + ["--dry-run"]).lines.last == "2 imported, 0 already there, 1 rejected (dry run: nothing written)")
        #expect(try run(importing).lines.last == "2 imported, 0 already there, 1 rejected")
        #expect(try run(importing).lines.last == "0 imported, 2 already there, 1 rejected")
        let noTeam = try run(["import", "firebase", file, "--routes", Switchyard.shopRoutes, "--team", "nope"])
        #expect(noTeam.status == 1)
        #expect(noTeam.standardError == "switchyard: error: no team 'nope'; create it first with: switchyard teams create nope\n")
        #expect(try run(["keys", "revoke", "ops"]).status == 0)
    }

    /// The log, newest first: what, on what, by whom, with the import's counts.
    static func check(_ log: [AuditEntry]) {
        #expect(log.map { "\($0.action) \($0.target)" } == ["key.revoked ops", "links.imported links.csv", "key.created ops", "team.created shop"])
        #expect(log.allSatisfy { $0.keyName == "cli:ada-auditor" && $0.role == "admin" && $0.address == "local" }, "\(log)")
        #expect(log.first { $0.action == "links.imported" }?.detail == "2 imported, 0 already there, 1 rejected")
    }
}
