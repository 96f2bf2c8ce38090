import Foundation
import Hummingbird
import HummingbirdTesting
import Switchyard
import Testing

/// `expiredURL`: where an expired link sends every visitor instead of its 410 page (Dub's
/// "expired URL", Shlink's per-link one). Issue 52's trial of a new link field: the content, its
/// column and migration, the create body, the answer and the open.
@Suite struct ExpiredURLTests {
    @Test(arguments: StoreKind.available)
    func anExpiredLinkSendsEveryVisitorToItsExpiredURL(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            let expires = harness.clock.now.addingTimeInterval(60).formatted(.iso8601)
            let created = try await client.create(#"""
                {"route": "about/team", "expiresAt": "\#(expires)", "expiredURL": "https://shop.example.com/sale-over",
                 "fallbacks": {"web": "https://shop.example.com/team"}}
                """#)
            let code = try #require(created["code"]?.stringValue)
            #expect(created["expiredURL"]?.stringValue == "https://shop.example.com/sale-over")
            let before = try await client.open(code, userAgent: Agents.desktop)
            #expect(before.headers[.location] == "https://shop.example.com/team", "before expiry the link opens as usual")
            harness.clock.advance(by: 61)
            for agent in [Agents.desktop, Agents.iPhone, Agents.android, Agents.crawlers[0]] {
                let expired = try await client.open(code, userAgent: agent)
                #expect(expired.status == .found)
                #expect(expired.headers[.location] == "https://shop.example.com/sale-over")
            }
            let inspect = try await client.send(.get, "/api/v1/links/\(code)").json()
            #expect(inspect["expired"] == true)
            #expect(inspect["expiredURL"]?.stringValue == "https://shop.example.com/sale-over", "kept by the store")
        }
    }

    @Test(arguments: StoreKind.available)
    func aDeletedLinkAnswers410WhateverItsExpiredURL(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, _ in
            let code = try #require(try await client.create(#"""
                {"route": "about/team", "expiredURL": "https://shop.example.com/sale-over"}
                """#)["code"]?.stringValue)
            #expect(try await client.send(.delete, "/api/v1/links/\(code)").status == .noContent)
            let gone = try await client.open(code, userAgent: Agents.desktop)
            #expect(gone.status == .gone)
            #expect(gone.headers[.location] == nil)
        }
    }

    @Test func anExpiredURLOutsideTheAllowedDomainsIsRefusedByName() async throws {
        try await Harness.live(.memory) { client, _ in
            let response = try await client.send(.post, "/api/v1/links", json: #"""
                {"route": "about/team", "expiredURL": "https://evil.example.net/"}
                """#)
            #expect(response.status == .badRequest)
            let problem = try response.json()
            #expect(problem["type"]?.stringValue == "https://switchyard.dev/problems/fallback-refused")
            #expect(problem["detail"]?.stringValue?.hasPrefix("expiredURL: ") == true)
            let notText = try await client.send(.post, "/api/v1/links", json: #"{"route": "about/team", "expiredURL": 3}"#)
            #expect(try notText.json()["detail"]?.stringValue == "'expiredURL' must be a string, got number")
        }
    }
}
