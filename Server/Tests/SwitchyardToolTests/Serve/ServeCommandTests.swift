import CommandTestSupport
import Foundation
import Switchyard
import Testing

/// `switchyard serve` as a real process: keys from the environment or generated, links kept in
/// the SQLite file across a stop (SIGTERM, graceful) and a start.
@Suite struct ServeCommandTests {
    @Test func linksSurviveAStopAndAStart() async throws {
        let scratch = try TemporaryDirectory()
        let database = scratch.url.appendingPathComponent("links.sqlite").path
        let keys = ["SWITCHYARD_API_KEY": "serve-test-admin", "SWITCHYARD_APP_KEY": "serve-test-app-key-01"]

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
        let server = try ServeProcess(database: "sqlite:\(database)", environment: ["SWITCHYARD_API_KEY": "log-admin-key-000001"],
                                      scratch: scratch)
        let created = try await server.request("POST", "/api/v1/links", key: "log-admin-key-000001",
                                               json: #"{"route": "product", "routeParameters": {"id": "7"}, "alias": "logged"}"#)
        #expect(created.0 == 201, "\(created.1)")
        #expect(server.stop() == 0)
        let line = try #require(server.log.split(separator: "\n").first { $0.hasSuffix("link created") }, "\(server.log)")
        #expect(line.contains(" info switchyard: "), "\(line)")
        #expect(line.contains("code=logged") && line.contains("team=default"), "\(line)")
        #expect(line.contains("hb.request.id="), "the request's metadata from Hummingbird: \(line)")
    }

    /// Links created at load, the process killed with SIGKILL mid-stream, restarted: every link whose
    /// creation was acknowledged (201) is there and intact, with its audit entry, and no code was
    /// handed out twice.
    @Test func acknowledgedLinksSurviveSIGKILL() async throws {
        let scratch = try TemporaryDirectory()
        let database = scratch.url.appendingPathComponent("crash.sqlite").path
        let keys = ["SWITCHYARD_API_KEY": "crash-admin-key-0001", "SWITCHYARD_APP_KEY": "crash-app-key-000001"]
        let server = try ServeProcess(database: "sqlite:\(database)", environment: keys, scratch: scratch)
        let links = await CrashLoad.createUntilKilled(server, adminKey: "crash-admin-key-0001")
        #expect(links.count >= 100, "links acknowledged before the kill: \(links.count)")
        #expect(links.count < CrashLoad.clients * CrashLoad.perClient, "the kill must land while creations are still in flight")
        #expect(Set(links.map(\.code)).count == links.count, "a code was handed out twice")

        let restarted = try ServeProcess(database: "sqlite:\(database)", environment: keys, scratch: scratch)
        let lost = try await CrashLoad.lost(links, on: restarted, appKey: "crash-app-key-000001")
        #expect(lost.isEmpty, "acknowledged links lost or changed after SIGKILL: \(lost)")
        let unaudited = try await CrashLoad.unaudited(links, on: restarted, adminKey: "crash-admin-key-0001")
        #expect(unaudited.isEmpty, "acknowledged links without their audit entry after SIGKILL: \(unaudited)")
        #expect(restarted.stop() == 0)
    }

    @Test func aBadDatabaseIsAUsageError() throws {
        let run = try Switchyard.run(["serve", "--routes", Switchyard.shopRoutes, "--database", "mysql://x"])
        #expect(run.status == 64)
        #expect(run.standardError.contains("--database must be sqlite:PATH or a postgres:// URL, got 'mysql://x'"))
    }

    /// `--bot-patterns FILE` that does not read is refused at start, naming the file and why (issue 55).
    @Test func aBotPatternsFileThatDoesNotReadIsAUsageError() throws {
        let scratch = try TemporaryDirectory()
        let broken = try scratch.write("bots.json", #"{"userAgents": ["#)
        let run = try Switchyard.run(["serve", "--routes", Switchyard.shopRoutes, "--bot-patterns", broken,
                                      "--database", "sqlite:" + scratch.url.appendingPathComponent("links.sqlite").path])
        #expect(run.status == 64)
        #expect(run.standardError.contains("--bot-patterns: \(broken): is not JSON: unexpected end of input, expected a value"), "\(run.standardError)")
    }

    @Test(arguments: [("SWITCHYARD_API_KEY", "change-me"), ("SWITCHYARD_APP_KEY", "app-key-15-char")])
    func aShortKeyIsRefusedAtStartNamingItsVariable(variable: String, key: String) throws {
        let scratch = try TemporaryDirectory()
        let run = try Switchyard.run(["\(variable)=\(key)", Switchyard.executable.path, "serve", "--routes", Switchyard.shopRoutes,
                                      "--database", "sqlite:" + scratch.url.appendingPathComponent("short.sqlite").path, "--port", "0"],
                                     executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(run.status == 1, "\(run)")
        #expect(run.standardError.contains("""
            \(variable) is \(key.count) characters long; keys must be at least 16 (generate one with: openssl rand -hex 24, \
            or leave it unset to get a random one)
            """), "\(run)")
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("short.sqlite").path), "refused before the database")
    }

    /// With `--metrics-port`, `/metrics` is answered there without a key, and not on the main port.
    @Test func metricsMoveToTheMetricsPort() async throws {
        let scratch = try TemporaryDirectory()
        let metricsPort = try Self.freePort()
        let key = "metrics-admin-key-0001"
        let server = try ServeProcess(database: "sqlite:" + scratch.url.appendingPathComponent("metrics.sqlite").path,
                                      environment: ["SWITCHYARD_API_KEY": key], scratch: scratch,
                                      arguments: ["--metrics-port", String(metricsPort)])
        defer { _ = server.stop() }
        var metrics: ServeProcess.Reply?
        for _ in 0..<1800 where metrics == nil {   // three minutes at most: a liveness bound
            metrics = try? await server.send("GET", "/metrics", port: metricsPort)
            if metrics == nil { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(metrics?.status == 200)
        #expect(metrics?.body.contains("switchyard_") == true)
        let main = try await server.send("GET", "/metrics", key: key)
        #expect(main.status == 404, "not on the main port: \(main.status) \(main.body.prefix(200))")
        #expect(try await server.send("GET", "/health", port: metricsPort).status == 404, "the metrics port answers metrics only")
    }

    /// A port no one listens on now (the kernel's pick for a socket bound to port 0).
    static func freePort() throws -> Int {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard bound else { throw ServeTestError("could not find a free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
