import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Switchyard
@testable import SwitchyardService
import SwitchyardStore
import Testing

/// A link's lifecycle (issue 54's first part): `validSince`, and `maxClicks` counted exactly under
/// concurrency on every store and across two instances.
@Suite struct LinkLifecycleTests {
    static let desktop = [("User-Agent", Agents.desktop)]

    @Test(arguments: StoreKind.available)
    func aClickLimitIsReachedExactlyOnceUnderConcurrency(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, _ in
            let created = try await client.create(#"{"route": "about/team", "maxClicks": 10, "fallbacks": {"web": "https://shop.example.com/t"}}"#)
            let code = try #require(created["code"]?.stringValue)
            #expect(created["maxClicks"] == 10)
            #expect(created["remainingClicks"] == 10)
            // What does not count: a link-preview crawler and a HEAD request.
            #expect(try await client.open(code, userAgent: Agents.crawlers[0]).status == .ok)
            var head = HTTPFields()
            head[.userAgent] = Agents.desktop
            #expect(try await client.executeRequest(uri: "/\(code)", method: .head, headers: head, body: nil).status == .found)
            #expect(try await client.send(.get, "/api/v1/links/\(code)").json()["remainingClicks"] == 10)

            let statuses = try await RequestsAtOnce.get(Array(repeating: "/\(code)", count: 100), concurrency: 25, to: client) { _ in
                Self.desktop
            }
            #expect(statuses.filter { $0 == 302 }.count == 10, "exactly maxClicks opens are answered: \(statuses)")
            #expect(statuses.filter { $0 == 410 }.count == 90, "every other is the expired answer")
            let inspected = try await client.send(.get, "/api/v1/links/\(code)").json()
            #expect(inspected["remainingClicks"] == 0)
            #expect(inspected["expired"] == true)
            #expect(try await client.send(.get, "/api/v1/links/\(code)/resolve", key: Keys.app).status == .gone,
                    "a link out of clicks is gone for the app too")
        }
    }

    @Test(arguments: StoreKind.available.filter { $0 != .memory })
    func twoInstancesShareOneClickLimit(kind: StoreKind) async throws {
        try await DomainInstancesTests.twoInstances(kind) { a, b in
            let created = try await a.create(#"""
                {"route": "about/team", "maxClicks": 7, "expiredURL": "https://shop.example.com/over",
                 "fallbacks": {"web": "https://shop.example.com/t"}}
                """#)
            let code = try #require(created["code"]?.stringValue)
            async let fromA = RequestsAtOnce.get(Array(repeating: "/\(code)", count: 50), concurrency: 25, to: a) { _ in Self.desktop }
            async let fromB = RequestsAtOnce.get(Array(repeating: "/\(code)", count: 50), concurrency: 25, to: b) { _ in Self.desktop }
            let statuses = try await fromA + fromB
            #expect(statuses.allSatisfy { $0 == 302 }, "the spent opens go to the expiredURL: \(statuses)")
            #expect(try await b.send(.get, "/api/v1/links/\(code)").json()["remainingClicks"] == 0)
            let after = try await a.open(code, userAgent: Agents.desktop)
            #expect(after.headers[.location] == "https://shop.example.com/over")
        }
    }

    @Test(arguments: StoreKind.available)
    func aLinkOpensFromTheInstantOfValidSince(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            let start = harness.clock.now.addingTimeInterval(60)
            let created = try await client.create(#"""
                {"route": "about/team", "validSince": "\#(start.formatted(.iso8601))", "fallbacks": {"web": "https://shop.example.com/t"}}
                """#)
            let code = try #require(created["code"]?.stringValue)
            #expect(created["validSince"]?.stringValue == APIDates.text(start))
            harness.clock.advance(by: 59.999)
            #expect(try await client.open(code, userAgent: Agents.desktop).status == .notFound, "a millisecond before: not yet")
            #expect(try await client.send(.get, "/api/v1/links/\(code)/resolve", key: Keys.app).status == .notFound)
            harness.clock.advance(by: 0.001)
            let opened = try await client.open(code, userAgent: Agents.desktop)
            #expect(opened.status == .found, "the instant of validSince opens")
            #expect(try await client.send(.get, "/api/v1/links/\(code)/resolve", key: Keys.app).status == .ok)
        }
    }

    @Test func theLifecycleFieldsAreCheckedByName() async throws {
        try await Harness.live(.memory) { client, harness in
            let now = harness.clock.now
            let empty = try await client.send(.post, "/api/v1/links", json: #"""
                {"route": "about/team", "validSince": "\#(now.addingTimeInterval(7200).formatted(.iso8601))",
                 "expiresAt": "\#(now.addingTimeInterval(3600).formatted(.iso8601))"}
                """#)
            #expect(empty.status == .badRequest)
            #expect(try empty.json()["type"]?.stringValue == "https://switchyard.dev/problems/empty-validity")
            let zero = try await client.send(.post, "/api/v1/links", json: #"{"route": "about/team", "maxClicks": 0}"#)
            #expect(try zero.json()["detail"]?.stringValue == "'maxClicks' must be an integer from 1 to 1000000000")
            let text = try await client.send(.post, "/api/v1/links", json: #"{"route": "about/team", "validSince": "soon"}"#)
            #expect(try text.json()["detail"]?.stringValue
                    == "'validSince' must be an ISO 8601 date-time such as 2030-01-31T12:00:00Z, got 'soon'")
        }
    }
}
