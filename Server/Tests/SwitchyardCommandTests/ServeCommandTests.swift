import Foundation
import Switchyard
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `switchyard serve` as a real process: keys from the environment or generated, links kept in
/// the SQLite file across a stop (SIGTERM, graceful) and a start.
@Suite struct ServeCommandTests {
    /// One running `switchyard serve` on a free port.
    final class Server: @unchecked Sendable {
        let process = Process()
        let output: URL
        let port: Int

        init(database: String, environment: [String: String], scratch: TemporaryDirectory) throws {
            output = scratch.url.appendingPathComponent("serve-\(UUID().uuidString).log")
            try Data().write(to: output)
            process.executableURL = Switchyard.executable
            process.arguments = ["serve", "--routes", Switchyard.shopRoutes, "--database", "sqlite:\(database)", "--port", "0"]
            var inherited = ProcessInfo.processInfo.environment
            inherited["SWITCHYARD_API_KEY"] = nil
            inherited["SWITCHYARD_APP_KEY"] = nil
            process.environment = inherited.merging(environment) { $1 }
            let handle = try FileHandle(forWritingTo: output)
            process.standardOutput = handle
            process.standardError = handle
            try process.run()
            var found: Int?
            for _ in 0..<300 where found == nil {
                let text = String(decoding: try Data(contentsOf: output), as: UTF8.self)
                if let range = text.range(of: "listening on 127.0.0.1:") {
                    found = Int(text[range.upperBound...].prefix { $0.isNumber })
                } else {
                    guard process.isRunning else { break }
                    Thread.sleep(forTimeInterval: 0.1) // waiting for another process to start: nothing to await
                }
            }
            guard let found else {
                process.terminate()
                throw ServeTestError("the server did not start:\n" + String(decoding: try Data(contentsOf: output), as: UTF8.self))
            }
            port = found
        }

        var log: String { (try? String(decoding: Data(contentsOf: output), as: UTF8.self)) ?? "" }

        /// Sends SIGKILL: no shutdown code runs, as in a crash or an out-of-memory kill.
        func crash() {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }

        /// Sends SIGTERM and waits; the exit status.
        func stop() -> Int32 {
            process.terminate()
            process.waitUntilExit()
            return process.terminationStatus
        }

        func request(_ method: String, _ path: String, key: String, json: String? = nil) async throws -> (Int, String) {
            var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
            request.httpMethod = method
            request.setValue("Bearer \(key)", forHTTPHeaderField: "Authorization")
            if let json {
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                request.httpBody = Data(json.utf8)
            }
            let (data, response) = try await URLSession.shared.data(for: request)
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
        }
    }

    struct ServeTestError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    @Test func linksSurviveAStopAndAStart() async throws {
        let scratch = try TemporaryDirectory()
        let database = scratch.url.appendingPathComponent("links.sqlite").path
        let keys = ["SWITCHYARD_API_KEY": "serve-test-admin", "SWITCHYARD_APP_KEY": "serve-test-app"]

        let first = try Server(database: database, environment: keys, scratch: scratch)
        let created = try await first.request("POST", "/api/v1/links", key: "serve-test-admin", json: """
            {"route": "product", "routeParameters": {"id": "42"}, "alias": "restart-me", "metadata": {"gift": true}}
            """)
        #expect(created.0 == 201, "\(created.1)")
        #expect(created.1.contains(#""url":"http://127.0.0.1:0/restart-me""#) || created.1.contains("/restart-me"))
        #expect(!first.log.contains("generated for this run"), "keys from the environment are not printed")
        #expect(first.stop() == 0, "SIGTERM shuts down gracefully\n\(first.log)")
        #expect(first.log.contains("switchyard stopped"))

        let second = try Server(database: database, environment: [:], scratch: scratch)
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

    /// Links created at load, the process killed with SIGKILL mid-stream, restarted: every link whose
    /// creation was acknowledged (201) is there and intact, and no code was handed out twice.
    @Test func acknowledgedLinksSurviveSIGKILL() async throws {
        let scratch = try TemporaryDirectory()
        let database = scratch.url.appendingPathComponent("crash.sqlite").path
        let keys = ["SWITCHYARD_API_KEY": "crash-admin", "SWITCHYARD_APP_KEY": "crash-app"]
        let server = try Server(database: database, environment: keys, scratch: scratch)
        let acknowledged = Acknowledged()
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    for i in 0..<60 {
                        let n = worker * 1000 + i
                        let body = #"{"route": "product", "routeParameters": {"id": "\#(n)"}, "metadata": {"n": \#(n)}}"#
                        guard let (status, text) = try? await server.request("POST", "/api/v1/links", key: "crash-admin",
                                                                             json: body) else { return }
                        if status == 201, let code = (try? JSONValue.parse(text))?["code"]?.stringValue {
                            await acknowledged.add(code: code, n: n)
                        }
                    }
                }
            }
            group.addTask {
                // Kill while creations are in flight: after the 100th acknowledgement (or 20 s).
                let deadline = ContinuousClock.now + .seconds(20)
                while await acknowledged.count < 100, ContinuousClock.now < deadline {
                    try? await Task.sleep(for: .milliseconds(2))
                }
                server.crash()
            }
        }
        let links = await acknowledged.links
        #expect(links.count >= 100, "links acknowledged before the kill: \(links.count)")
        #expect(links.count < 480, "the kill must land while creations are still in flight")
        #expect(Set(links.map(\.code)).count == links.count, "a code was handed out twice")

        let restarted = try Server(database: database, environment: keys, scratch: scratch)
        var lost: [String] = []
        for link in links {
            let (status, text) = try await restarted.request("GET", "/api/v1/links/\(link.code)/resolve", key: "crash-app")
            let json = try? JSONValue.parse(text)
            if status != 200 || json?["routeParameters"]?["id"]?.stringValue != "\(link.n)"
                || json?["metadata"]?["n"]?.intValue != link.n {
                lost.append(link.code)
            }
        }
        #expect(lost.isEmpty, "acknowledged links lost or changed after SIGKILL: \(lost)")
        #expect(restarted.stop() == 0)
    }

    actor Acknowledged {
        private(set) var links: [(code: String, n: Int)] = []
        var count: Int { links.count }
        func add(code: String, n: Int) { links.append((code, n)) }
    }

    @Test func aBadDatabaseIsAUsageError() throws {
        let run = try Switchyard.run(["serve", "--routes", Switchyard.shopRoutes, "--database", "mysql://x"])
        #expect(run.status == 64)
        #expect(run.standardError.contains("--database must be sqlite:PATH or a postgres:// URL, got 'mysql://x'"))
    }
}
