import Foundation
import Switchyard
import Testing

/// `switchyard serve` as a real process: keys from the environment or generated, links kept in
/// the SQLite file across a stop (SIGTERM, graceful) and a start.
@Suite struct ServeCommandTests {
    @Test func linksSurviveAStopAndAStart() async throws {
        let scratch = try TemporaryDirectory()
        let database = scratch.url.appendingPathComponent("links.sqlite").path
        let keys = ["SWITCHYARD_API_KEY": "serve-test-admin", "SWITCHYARD_APP_KEY": "serve-test-app"]

        let first = try ServeProcess(database: "sqlite:\(database)", environment: keys, scratch: scratch)
        let created = try await first.request("POST", "/api/v1/links", key: "serve-test-admin", json: """
            {"route": "product", "routeParameters": {"id": "42"}, "alias": "restart-me", "metadata": {"gift": true}}
            """)
        #expect(created.0 == 201, "\(created.1)")
        #expect(created.1.contains(#""url":"http://127.0.0.1:0/restart-me""#) || created.1.contains("/restart-me"))
        #expect(!first.log.contains("generated for this run"), "keys from the environment are not printed")
        #expect(first.stop() == 0, "SIGTERM shuts down gracefully\n\(first.log)")
        #expect(first.log.contains("switchyard stopped"))

        let second = try ServeProcess(database: "sqlite:\(database)", environment: [:], scratch: scratch)
        let lines = second.log.split(separator: "\n")
        let generated = lines.compactMap { line -> (String, String)? in
            guard line.contains(" was not set; generated for this run: ") else { return nil }
            return (String(line.prefix { $0 != " " }), String(line.split(separator: " ").last ?? ""))
        }
        #expect(generated.map(\.0) == ["SWITCHYARD_API_KEY", "SWITCHYARD_APP_KEY"])
        let adminKey = try #require(generated.first?.1)
        let appKey = try #require(generated.last?.1)
        let resolved = try await second.request("GET", "/api/v1/links/restart-me/resolve", key: appKey)
        #expect(resolved.0 == 200, "\(resolved.1)")
        #expect(resolved.1.contains(#""url":"https://shop.example.com/product/42""#))
        #expect(resolved.1.contains(#""metadata":{"gift":true}"#))
        let oldKey = try await second.request("GET", "/api/v1/links/restart-me", key: "serve-test-admin")
        #expect(oldKey.0 == 401)
        let inspected = try await second.request("GET", "/api/v1/links/restart-me", key: adminKey)
        #expect(inspected.0 == 200)
        #expect(second.stop() == 0)
    }

    /// `serve` logs through its own handler (metadata rendered when a line is written): a line
    /// still carries the request's metadata from Hummingbird and the handler's own.
    @Test func logLinesCarryTheRequestsMetadata() async throws {
        let scratch = try TemporaryDirectory()
        let database = scratch.url.appendingPathComponent("log.sqlite").path
        let server = try ServeProcess(database: "sqlite:\(database)", environment: ["SWITCHYARD_API_KEY": "log-admin"],
                                      scratch: scratch)
        let created = try await server.request("POST", "/api/v1/links", key: "log-admin",
                                               json: #"{"route": "product", "routeParameters": {"id": "7"}, "alias": "logged"}"#)
        #expect(created.0 == 201, "\(created.1)")
        #expect(server.stop() == 0)
        let line = try #require(server.log.split(separator: "\n").first { $0.hasSuffix("link created") }, "\(server.log)")
        #expect(line.contains(" info switchyard: "), "\(line)")
        #expect(line.contains("code=logged") && line.contains("team=default"), "\(line)")
        #expect(line.contains("hb.request.id="), "the request's metadata from Hummingbird: \(line)")
    }

    /// Links created at load, the process killed with SIGKILL mid-stream, restarted: every link whose
    /// creation was acknowledged (201) is there and intact, and no code was handed out twice.
    @Test func acknowledgedLinksSurviveSIGKILL() async throws {
        let scratch = try TemporaryDirectory()
        let database = scratch.url.appendingPathComponent("crash.sqlite").path
        let keys = ["SWITCHYARD_API_KEY": "crash-admin", "SWITCHYARD_APP_KEY": "crash-app"]
        let server = try ServeProcess(database: "sqlite:\(database)", environment: keys, scratch: scratch)
        let links = await CrashLoad.createUntilKilled(server, adminKey: "crash-admin")
        #expect(links.count >= 100, "links acknowledged before the kill: \(links.count)")
        #expect(links.count < CrashLoad.clients * CrashLoad.perClient, "the kill must land while creations are still in flight")
        #expect(Set(links.map(\.code)).count == links.count, "a code was handed out twice")

        let restarted = try ServeProcess(database: "sqlite:\(database)", environment: keys, scratch: scratch)
        let lost = try await CrashLoad.lost(links, on: restarted, appKey: "crash-app")
        #expect(lost.isEmpty, "acknowledged links lost or changed after SIGKILL: \(lost)")
        #expect(restarted.stop() == 0)
    }

    @Test func aBadDatabaseIsAUsageError() throws {
        let run = try Switchyard.run(["serve", "--routes", Switchyard.shopRoutes, "--database", "mysql://x"])
        #expect(run.status == 64)
        #expect(run.standardError.contains("--database must be sqlite:PATH or a postgres:// URL, got 'mysql://x'"))
    }
}
