import CommandTestSupport
import Foundation
@_spi(SwitchyardService) import Switchyard
import Testing

extension PostgresProcessTests {
    /// PostgreSQL really stopped while `switchyard serve` runs, on a cluster of its own
    /// (`SWITCHYARD_POSTGRES_FAULT_URL`, stopped and started with `SWITCHYARD_POSTGRES_FAULT_CTL`), so
    /// the suites on the main server are not disturbed.
    @Suite(.serialized, .enabled(if: PostgresEnvironment.faultURL != nil && PostgresEnvironment.faultControl != nil,
                                 "\(PostgresEnvironment.faultsSkipped)"))
    struct DatabaseFaultTests {
        static let keys = ["SWITCHYARD_API_KEY": "fault-admin-key-0001", "SWITCHYARD_APP_KEY": "fault-app-key-000001"]
        static let desktop = ["User-Agent": "Mozilla/5.0 (X11; Linux x86_64)"]
        /// How long one request may take while the database is down (the store gives up after 5 s).
        static let answerBound: Duration = .seconds(10)
        /// How long the service may take to resume once the database is back (postgres-nio retries
        /// with a backoff that grows to 60 s during a long outage).
        static let recoveryBound: Duration = .seconds(90)

        @Test func aStoppedDatabaseGives503sAndTheServiceResumesByItself() async throws {
            let schema = PostgresSchema(server: PostgresEnvironment.faultURL ?? "", prefix: "serve_fault")
            let scratch = try TemporaryDirectory()
            try Self.control("start", allowFailure: true) // a run interrupted earlier may have left it stopped
            defer { try? Self.control("start", allowFailure: true) }
            do {
                let server = try ServeProcess(database: schema.databaseURL, environment: Self.keys, scratch: scratch)
                let link = try await create(on: server, id: 1)
                #expect(try await server.send("GET", "/health").status == 200)

                let acknowledged = try await stopUnderLoad(server)
                let down = try await outageAnswers(server, code: link)

                try Self.control("start")
                let restarted = ContinuousClock.now
                var health = 0
                while health != 200, restarted.duration(to: .now) < Self.recoveryBound {
                    try await Task.sleep(for: .milliseconds(200))
                    health = (try? await server.send("GET", "/health", timeout: 15).status) ?? 0
                }
                let recovery = restarted.duration(to: .now)
                #expect(health == 200, "the service did not resume within \(Self.recoveryBound)\n\(server.log)")
                print("database faults: while PostgreSQL was down every request answered 503 within \(Self.seconds(down)); "
                      + "/health answered 200 again \(Self.seconds(recovery)) after PostgreSQL was started")

                // Everything works again without a restart of the service.
                let resolved = try await server.send("GET", "/api/v1/links/\(link)/resolve", key: "fault-app-key-000001")
                #expect(resolved.status == 200, "\(resolved.body)")
                let redeemed = try await server.send("POST", "/api/v1/links/\(link)/redeem", key: "fault-app-key-000001",
                                                     json: #"{"install": "fault-install-1"}"#)
                #expect(redeemed.status == 200, "\(redeemed.body)")
                let opened = try await server.send("GET", "/\(link)", headers: Self.desktop)
                #expect(opened.status == 302)
                let again = try await create(on: server, id: 2)
                #expect(again != link)
                let lost = try await CrashLoad.lost(acknowledged, on: server, appKey: "fault-app-key-000001")
                #expect(lost.isEmpty, "links acknowledged before PostgreSQL stopped, lost or changed: \(lost)")
                #expect(server.stop() == 0, "\(server.log)")
            } catch {
                try? Self.control("start", allowFailure: true)
                try? await schema.drop()
                throw error
            }
            try await schema.drop()
        }

        /// Stops PostgreSQL while 8 clients create links (each goes on until it has seen two 503s):
        /// every answer is a 201 or a 503, never a 500 or a dropped connection. The acknowledged links.
        func stopUnderLoad(_ server: ServeProcess) async throws -> [CrashLoad.Acknowledgement] {
            let acknowledged = CrashLoad.Acknowledged()
            let statuses = try await withThrowingTaskGroup(of: [Int].self) { group in
                for worker in 0..<8 {
                    group.addTask {
                        var statuses: [Int] = []
                        for i in 0..<1000 where statuses.filter({ $0 != 201 }).count < 2 {
                            let n = worker * 1000 + i
                            let body = #"{"route": "product", "routeParameters": {"id": "\#(n)"}, "metadata": {"n": \#(n)}}"#
                            let started = ContinuousClock.now
                            let reply: ServeProcess.Reply
                            do {
                                reply = try await server.send("POST", "/api/v1/links", key: "fault-admin-key-0001", json: body, timeout: 30)
                            } catch {
                                Issue.record("create \(n) failed after \(Self.seconds(started.duration(to: .now))): \(error)")
                                statuses.append(0)
                                continue
                            }
                            statuses.append(reply.status)
                            if reply.status == 201, let code = (try? JSONValue.parse(reply.body))?["code"]?.stringValue {
                                await acknowledged.add(code: code, n: n)
                            }
                        }
                        return statuses
                    }
                }
                group.addTask {
                    let deadline = ContinuousClock.now + .seconds(180)   // a liveness bound
                    while await acknowledged.count < 40, ContinuousClock.now < deadline {
                        try await Task.sleep(for: .milliseconds(2))
                    }
                    try Self.control("stop")
                    return []
                }
                var statuses: [Int] = []
                for try await some in group { statuses += some }
                return statuses
            }
            #expect(Set(statuses).subtracting([201, 503]).isEmpty, "answers while PostgreSQL stopped: \(Set(statuses))\n\(server.log)")
            #expect(statuses.filter { $0 == 503 }.count == 16)
            let links = await acknowledged.links
            #expect(links.count >= 40)
            return links
        }

        /// `1.23 s`.
        static func seconds(_ duration: Duration) -> String {
            let (seconds, attoseconds) = duration.components
            return String(format: "%.2f s", Double(seconds) + Double(attoseconds) / 1e18)
        }

        /// Creates a link with a web fallback; its code.
        func create(on server: ServeProcess, id: Int) async throws -> String {
            let created = try await server.send("POST", "/api/v1/links", key: "fault-admin-key-0001", json: """
                {"route": "product", "routeParameters": {"id": "\(id)"}, "redeemLimit": 10,
                 "fallbacks": {"web": "https://shop.example.com/product/\(id)"}}
                """)
            #expect(created.status == 201, "\(created.body)")
            return try #require((try? JSONValue.parse(created.body))?["code"]?.stringValue)
        }

        /// Asks for everything that needs the database while it is down, in two rounds of concurrent
        /// requests (the first meets the pool's dropped connections, the second its failing
        /// reconnects): each answer is a 503 with `Retry-After`, the API's as problem JSON, the short
        /// link's as a page, within the bound. The slowest answer's time.
        func outageAnswers(_ server: ServeProcess, code: String) async throws -> Duration {
            let requests: [(method: String, path: String, key: String?, json: String?, headers: [String: String])] = [
                ("POST", "/api/v1/links", "fault-admin-key-0001", #"{"route": "product", "routeParameters": {"id": "3"}}"#, [:]),
                ("GET", "/api/v1/links/\(code)/resolve", "fault-app-key-000001", nil, [:]),
                ("POST", "/api/v1/links/\(code)/redeem", "fault-app-key-000001", #"{"install": "fault-install-2"}"#, [:]),
                ("GET", "/\(code)", nil, nil, Self.desktop),
                ("GET", "/health", nil, nil, [:]),
            ]
            var slowest: Duration = .zero
            for _ in 0..<2 {
                let replies = try await withThrowingTaskGroup(of: (Int, ServeProcess.Reply, Duration).self) { group in
                    for (index, request) in requests.enumerated() {
                        group.addTask {
                            let started = ContinuousClock.now
                            let reply = try await server.send(request.method, request.path, key: request.key, json: request.json,
                                                              headers: request.headers, timeout: 30)
                            return (index, reply, started.duration(to: .now))
                        }
                    }
                    var replies: [(Int, ServeProcess.Reply, Duration)] = []
                    for try await reply in group { replies.append(reply) }
                    return replies
                }
                for (index, reply, took) in replies {
                    let path = requests[index].path
                    let what = "\(requests[index].method) \(path)"
                    slowest = max(slowest, took)
                    #expect(reply.status == 503, "\(what): \(reply.status) \(reply.body)")
                    #expect(took < Self.answerBound, "\(what) took \(took)")
                    #expect(reply.header("Retry-After") == "5", "\(what)")
                    switch path {
                    case "/health":
                        #expect((try? JSONValue.parse(reply.body)) == ["status": "unavailable", "database": "unavailable"],
                                "\(reply.body)")
                    case "/\(code)":
                        #expect(reply.header("Content-Type")?.hasPrefix("text/html") == true, "\(what)")
                        #expect(reply.body.contains("Try again shortly"), "\(what): \(reply.body)")
                    default:
                        #expect(reply.header("Content-Type") == "application/problem+json", "\(what)")
                        let problem = try? JSONValue.parse(reply.body)
                        #expect(problem?["type"]?.stringValue == "https://switchyard.dev/problems/unavailable", "\(what): \(reply.body)")
                        #expect(problem?["status"]?.intValue == 503)
                    }
                }
            }
            return slowest
        }

        /// Runs `$SWITCHYARD_POSTGRES_FAULT_CTL VERB` (`stop` or `start`) and waits for it.
        static func control(_ verb: String, allowFailure: Bool = false) throws {
            let scratch = try TemporaryDirectory()
            let output = scratch.url.appendingPathComponent("control.log")
            try Data().write(to: output)
            let handle = try FileHandle(forWritingTo: output)
            // The PostgreSQL server that `start` leaves running keeps what the command inherits: a
            // log file here, and no other descriptor (``ChildProcess`` closes the rest).
            let process = try ChildProcess(
                executable: URL(fileURLWithPath: "/bin/bash"),
                arguments: ["-c", "exec \(PostgresEnvironment.faultControl ?? "false") \(verb)"],
                directory: URL(fileURLWithPath: "/"),
                standardInput: FileHandle.nullDevice, standardOutput: handle, standardError: handle)
            process.waitUntilExit()
            try handle.close()
            let text = String(decoding: try Data(contentsOf: output), as: UTF8.self)
            if process.terminationStatus != 0 && !allowFailure {
                throw ServeTestError("'\(PostgresEnvironment.faultControl ?? "") \(verb)' failed (\(process.terminationStatus)): \(text)")
            }
        }
    }
}
