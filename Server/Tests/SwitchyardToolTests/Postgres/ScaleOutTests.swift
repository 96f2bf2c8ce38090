import CommandTestSupport
import Foundation
@_spi(SwitchyardService) import Switchyard
import Testing

extension PostgresProcessTests {
    /// Two `switchyard serve` processes on one PostgreSQL database, as behind a load balancer: what
    /// one instance writes the other answers at once, and a redeem limit holds across both.
    @Suite(.enabled(if: PostgresEnvironment.url != nil, "\(PostgresEnvironment.skipped)"))
    struct ScaleOutTests {
        static let keys = ["SWITCHYARD_API_KEY": "scale-admin-key-0001", "SWITCHYARD_APP_KEY": "scale-app-key-00001"]

        /// Runs `body` with two instances on a schema of its own, then stops them and drops it.
        func withTwoInstances(_ body: (ServeProcess, ServeProcess, PostgresSchema) async throws -> Void) async throws {
            let schema = PostgresSchema(server: PostgresEnvironment.url ?? "", prefix: "serve_scale")
            let scratch = try TemporaryDirectory()
            do {
                // A liveness bound on the database, not the 5 s default: a hundred concurrent redeems on
                // a loaded machine waited longer and were answered 503.
                let patient = ["--database-timeout", "180s"]
                let a = try ServeProcess(database: schema.databaseURL, environment: Self.keys, scratch: scratch, arguments: patient)
                let b = try ServeProcess(database: schema.databaseURL, environment: Self.keys, scratch: scratch, arguments: patient)
                try await body(a, b, schema)
                #expect(a.stop() == 0, "\(a.log)")
                #expect(b.stop() == 0, "\(b.log)")
            } catch {
                try? await schema.drop()
                throw error
            }
            try await schema.drop()
        }

        @Test func aLinkCreatedThroughOneInstanceOpensAndResolvesThroughTheOther() async throws {
            try await withTwoInstances { a, b, _ in
                let created = try await a.send("POST", "/api/v1/links", key: "scale-admin-key-0001", json: """
                    {"route": "product", "routeParameters": {"id": "7"}, "metadata": {"coupon": "A1"},
                     "fallbacks": {"web": "https://shop.example.com/product/7"}}
                    """)
                #expect(created.status == 201, "\(created.body)")
                let code = try #require((try? JSONValue.parse(created.body))?["code"]?.stringValue)

                // No wait between the write on A and the reads on B.
                let opened = try await b.send("GET", "/\(code)", headers: ["User-Agent": "Mozilla/5.0 (X11; Linux x86_64)"])
                #expect(opened.status == 302, "\(opened.body)")
                #expect(opened.header("Location") == "https://shop.example.com/product/7")

                let resolved = try await b.send("GET", "/api/v1/links/\(code)/resolve", key: "scale-app-key-00001")
                #expect(resolved.status == 200, "\(resolved.body)")
                let json = try? JSONValue.parse(resolved.body)
                #expect(json?["url"]?.stringValue == "https://shop.example.com/product/7")
                #expect(json?["metadata"]?["coupon"]?.stringValue == "A1")

                let inspected = try await b.send("GET", "/api/v1/links/\(code)", key: "scale-admin-key-0001")
                #expect(inspected.status == 200, "\(inspected.body)")

                let deleted = try await b.send("DELETE", "/api/v1/links/\(code)", key: "scale-admin-key-0001")
                #expect(deleted.status == 204, "\(deleted.body)")
                let gone = try await a.send("GET", "/api/v1/links/\(code)/resolve", key: "scale-app-key-00001")
                #expect(gone.status == 410, "a deletion through B is seen through A: \(gone.body)")
            }
        }

        @Test func aRedeemLimitHoldsAcrossBothInstances() async throws {
            try await withTwoInstances { a, b, schema in
                let created = try await a.send("POST", "/api/v1/links", key: "scale-admin-key-0001", json: """
                    {"route": "product", "routeParameters": {"id": "8"}, "metadata": {"gift": "mug"}, "redeemLimit": 5}
                    """)
                #expect(created.status == 201, "\(created.body)")
                let code = try #require((try? JSONValue.parse(created.body))?["code"]?.stringValue)

                let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                    for i in 0..<100 {
                        group.addTask {
                            try await (i.isMultiple(of: 2) ? a : b).send("POST", "/api/v1/links/\(code)/redeem", key: "scale-app-key-00001",
                                                                         json: #"{"install": "scale-install-\#(i)"}"#).status
                        }
                    }
                    var statuses: [Int] = []
                    for try await status in group { statuses.append(status) }
                    return statuses
                }
                #expect(statuses.filter { $0 == 200 }.count == 5)
                #expect(statuses.filter { $0 == 409 }.count == 95, "every other answer is 409: \(Set(statuses))")

                let store = try schema.open()
                let stored = try await store.link(code: code)
                try await store.close()
                #expect(stored?.redeemCount == 5)
                for instance in [a, b] {
                    let resolved = try await instance.send("GET", "/api/v1/links/\(code)/resolve", key: "scale-app-key-00001")
                    let json = try? JSONValue.parse(resolved.body)
                    #expect(json?["redeemCount"]?.intValue == 5)
                    #expect(json?["exhausted"] == .bool(true))
                }
            }
        }
    }
}
