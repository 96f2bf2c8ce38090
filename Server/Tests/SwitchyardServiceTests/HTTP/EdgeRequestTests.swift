import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@_spi(SwitchyardService) import Switchyard
@testable import SwitchyardService
import SwitchyardStore
import Testing

/// The small edges of issue 50, each over a real socket: a transfer coding no server knows, a
/// forwarded hop that is not an address, metadata nested past what answers can carry, a PATCH that
/// changes nothing.
@Suite struct EdgeRequestTests {
    @Test(arguments: ["/dashboard/signin", "/api/v1/links"])
    func anUnknownTransferCodingIsA400(path: String) async throws {
        try await Harness.live(.memory) { client, _ in
            let port = try #require(client.port)
            let type = path.hasPrefix("/api") ? "application/json" : "application/x-www-form-urlencoded"
            let answer = try await RawHTTP.exchangeOffThePool(port: port, """
                POST \(path) HTTP/1.1\r
                Host: 127.0.0.1\r
                Authorization: Bearer \(Keys.admin)\r
                Transfer-Encoding: xchunked\r
                Content-Type: \(type)\r
                \r
                5\r
                key=a\r
                0\r
                \r

                """)
            #expect(answer.hasPrefix("HTTP/1.1 400"), "\(answer.prefix(300))")
            #expect(!answer.contains("internal"), "\(answer)")
        }
    }

    /// Behind a trusted proxy, only a well-formed address counts: a hop that is not one leaves the
    /// peer as the client (the audit log's address, the rate bucket).
    @Test func aForwardedHopThatIsNotAnAddressIsIgnored() async throws {
        var configuration = Harness.configuration()
        configuration.trustedProxies = ["127.0.0.0/8", "::1"]
        try await Harness.live(.memory, configuration: configuration) { client, _ in
            for (header, expected) in [("evil admin <b>x</b>", "127.0.0.1"), ("203.0.113.9", "203.0.113.9"),
                                       ("198.51.100.1, not-an-address", "127.0.0.1")] {
                let created = try await client.send(.post, "/api/v1/links", json: #"{"route": "about/team"}"#,
                                                    headers: [.xForwardedFor: header])
                #expect(created.status == .created)
                let code = try #require(try created.json()["code"]?.stringValue)
                let entries = try await client.send(.get, "/api/v1/audit?action=link.created").json()["entries"]?.arrayValue ?? []
                let entry = entries.first { $0["target"]?.stringValue == code }
                #expect(entry?["address"]?.stringValue == expected, "\(header): \(String(describing: entry))")
            }
        }
    }

    @Test(arguments: StoreKind.available)
    func metadataNestedPastTheBoundIsRefusedAtWrite(kind: StoreKind) async throws {
        @Sendable func nested(_ depth: Int) -> String {
            String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
        }
        var configuration = Harness.configuration()
        configuration.limits.maximumBodySize = ServiceConfiguration.Limits().maximumBodySize
        try await Harness.live(kind, configuration: configuration) { client, _ in
            for depth in [33, 510] {
                let refused = try await client.send(.post, "/api/v1/links", json: #"{"route": "about/team", "metadata": "# + nested(depth) + "}")
                #expect(refused.status == .badRequest, "\(depth): \(refused.text)")
                #expect(try refused.json()["detail"] == "'metadata' is nested more than 32 levels deep")
            }
            let deepest = try await client.send(.post, "/api/v1/links", json: #"{"route": "about/team", "metadata": "# + nested(32) + "}")
            #expect(deepest.status == .created, "\(deepest.text)")
            let code = try #require(try deepest.json()["code"]?.stringValue)
            let resolved = try await client.send(.get, "/api/v1/links/\(code)/resolve", key: Keys.app)
            #expect(resolved.status == .ok, "every answer carries what was accepted: \(resolved.text.prefix(200))")
        }
    }

    @Test(arguments: StoreKind.available)
    func aPatchThatChangesNothingIsNotAudited(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, _ in
            let code = try #require(try await client.create(
                #"{"route": "about/team", "installProof": "attested", "fallbacks": {"web": "https://shop.example.com/a"}}"#)["code"]?.stringValue)
            for body in [#"{"installProof": "attested"}"#, #"{"fallbacks": {"web": "https://shop.example.com/a"}}"#] {
                let same = try await client.send(.patch, "/api/v1/links/\(code)", json: body)
                #expect(same.status == .ok, "\(same.text)")
            }
            let changed = try await client.send(.patch, "/api/v1/links/\(code)", json: #"{"installProof": "none"}"#)
            #expect(try changed.json()["installProof"] == "none")
            let entries = try await client.send(.get, "/api/v1/audit?action=link.updated").json()["entries"]?.arrayValue ?? []
            #expect(entries.compactMap { $0["detail"]?.stringValue } == ["installProof=none"])
        }
    }
}
