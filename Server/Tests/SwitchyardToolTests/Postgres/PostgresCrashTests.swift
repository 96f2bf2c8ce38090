import CommandTestSupport
import Foundation
import Testing

extension PostgresProcessTests {
    /// Crash safety on PostgreSQL: the same test as SQLite's (`ServeCommandTests`), with
    /// `--database $SWITCHYARD_POSTGRES_URL` on a schema of the test's own.
    @Suite(.enabled(if: PostgresEnvironment.url != nil, "\(PostgresEnvironment.skipped)"))
    struct PostgresCrashTests {
        /// Links created at load, `serve` killed with SIGKILL mid-stream, restarted on the same
        /// database: every acknowledged link is there and intact, with its audit entry, and no code
        /// was handed out twice.
        @Test func acknowledgedLinksSurviveSIGKILL() async throws {
            let schema = PostgresSchema(server: PostgresEnvironment.url ?? "", prefix: "serve_crash")
            let scratch = try TemporaryDirectory()
            let keys = ["SWITCHYARD_API_KEY": "pg-crash-admin-key-01", "SWITCHYARD_APP_KEY": "pg-crash-app-key-001"]
            do {
                let server = try ServeProcess(database: schema.databaseURL, environment: keys, scratch: scratch)
                let links = await CrashLoad.createUntilKilled(server, adminKey: "pg-crash-admin-key-01")
                #expect(links.count >= 100, "links acknowledged before the kill: \(links.count)\n\(server.log)")
                #expect(links.count < CrashLoad.clients * CrashLoad.perClient, "the kill must land while creations are still in flight")
                #expect(Set(links.map(\.code)).count == links.count, "a code was handed out twice")

                let restarted = try ServeProcess(database: schema.databaseURL, environment: keys, scratch: scratch)
                let lost = try await CrashLoad.lost(links, on: restarted, appKey: "pg-crash-app-key-001")
                #expect(lost.isEmpty, "acknowledged links lost or changed after SIGKILL: \(lost)")
                let unaudited = try await CrashLoad.unaudited(links, on: restarted, adminKey: "pg-crash-admin-key-01")
                #expect(unaudited.isEmpty, "acknowledged links without their audit entry after SIGKILL: \(unaudited)")
                #expect(restarted.stop() == 0, "\(restarted.log)")
            } catch {
                try? await schema.drop()
                throw error
            }
            try await schema.drop()
        }
    }
}
