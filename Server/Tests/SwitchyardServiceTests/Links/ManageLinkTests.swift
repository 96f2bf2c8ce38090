import Hummingbird
import HummingbirdTesting
import Switchyard
import Testing

@Suite struct ManageLinkTests {
    @Test(arguments: StoreKind.available)
    func listsPageByPageNewestFirst(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            var created: [String] = []
            for index in 0..<5 {
                harness.clock.advance(by: 1)
                let link = try await client.create(#"{"route": "product", "routeParameters": {"product_id": "\#(index)"}}"#)
                created.append(try #require(link["code"]?.stringValue))
            }
            _ = try await client.create(#"{"route": "about/team"}"#, key: Keys.otherTeam)
            var seen: [String] = []
            var cursor: String?
            var pages = 0
            repeat {
                let query = cursor.map { "&cursor=\($0.addingPercentEncodingForQuery)" } ?? ""
                let response = try await client.send(.get, "/api/v1/links?limit=2\(query)")
                #expect(response.status == .ok)
                let page = try response.json()
                let links = try #require(page["links"]?.arrayValue)
                #expect(links.count <= 2)
                seen += links.compactMap { $0["code"]?.stringValue }
                cursor = page["nextCursor"]?.stringValue
                pages += 1
            } while cursor != nil && pages < 10
            #expect(seen == created.reversed())
            #expect(pages == 3)
        }
    }

    @Test(arguments: ["0", "201", "x", "-1"])
    func refusesBadPageSizes(limit: String) async throws {
        try await Harness.live(.memory) { client, _ in
            let response = try await client.send(.get, "/api/v1/links?limit=\(limit)")
            #expect(response.status == .badRequest)
            #expect(try response.json()["detail"]?.stringValue == "'limit' must be an integer from 1 to 200")
        }
    }

    @Test(arguments: StoreKind.available)
    func inspectsWithClickCounts(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            let link = try await client.create(#"{"route": "about/team", "fallbacks": {"web": "https://shop.example.com/about"}}"#)
            let code = try #require(link["code"]?.stringValue)
            for agent in [Agents.iPhone, Agents.iPhone, Agents.android, Agents.desktop, Agents.crawlers[0], "curl/8.0"] {
                _ = try await client.open(code, userAgent: agent)
            }
            await harness.recorder.flush()
            let response = try await client.send(.get, "/api/v1/links/\(code)")
            #expect(response.status == .ok)
            let clicks = try #require(try response.json()["clicks"])
            #expect(clicks == ["total": 6, "ios": 2, "android": 1, "desktop": 1, "crawler": 1, "other": 1])
        }
    }

    @Test(arguments: StoreKind.available)
    func updatesFallbacks(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, _ in
            let link = try await client.create(#"{"route": "about/team", "fallbacks": {"web": "https://shop.example.com/a"}}"#)
            let code = try #require(link["code"]?.stringValue)
            let response = try await client.send(.patch, "/api/v1/links/\(code)",
                                                 json: #"{"fallbacks": {"ios": "https://apps.apple.com/app/id9"}}"#)
            #expect(response.status == .ok)
            #expect(try response.json()["fallbacks"] == ["ios": "https://apps.apple.com/app/id9", "android": .null, "web": .null,
                                                         "ipad": .null, "appStore": .null])
            let opened = try await client.open(code, userAgent: Agents.desktop)
            #expect(opened.status == .ok, "no web fallback any more: the interstitial")
            let refused = try await client.send(.patch, "/api/v1/links/\(code)", json: #"{"fallbacks": {"web": "javascript:alert(1)"}}"#)
            #expect(refused.status == .badRequest)
            let missing = try await client.send(.patch, "/api/v1/links/\(code)", json: #"{}"#)
            #expect(try missing.json()["detail"]?.stringValue == "the body must set 'fallbacks', 'installProof', 'installProofFor', 'rules', 'variants' or 'password'")
        }
    }

    @Test(arguments: StoreKind.available)
    func deletedLinksAnswer410AndTheirCodesAreNeverReused(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, _ in
            _ = try await client.create(#"{"route": "about/team", "alias": "gone-soon"}"#)
            let deleted = try await client.send(.delete, "/api/v1/links/gone-soon")
            #expect(deleted.status == .noContent)
            #expect(try await client.open("gone-soon", userAgent: Agents.desktop).status == .gone)
            #expect(try await client.send(.get, "/api/v1/links/gone-soon").status == .notFound)
            #expect(try await client.send(.delete, "/api/v1/links/gone-soon").status == .notFound)
            let list = try await client.send(.get, "/api/v1/links")
            #expect(try list.json()["links"] == [])
            let again = try await client.send(.post, "/api/v1/links", json: #"{"route": "about/team", "alias": "gone-soon"}"#)
            #expect(again.status == .conflict)
        }
    }

    @Test(arguments: StoreKind.available)
    func anotherTeamsLinkIsNotFound(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, _ in
            let link = try await client.create(#"{"route": "about/team"}"#, key: Keys.otherTeam)
            let code = try #require(link["code"]?.stringValue)
            let expected = "no link with code '\(code)'"
            let inspect = try await client.send(.get, "/api/v1/links/\(code)")
            #expect(inspect.status == .notFound)
            #expect(try inspect.json()["detail"]?.stringValue == expected)
            let patch = try await client.send(.patch, "/api/v1/links/\(code)", json: #"{"fallbacks": {}}"#)
            #expect(patch.status == .notFound)
            #expect(try await client.send(.delete, "/api/v1/links/\(code)").status == .notFound)
            #expect(try await client.send(.get, "/api/v1/links").json()["links"] == [])
            #expect(try await client.send(.get, "/api/v1/links/\(code)", key: Keys.otherTeam).status == .ok)
        }
    }
}

extension String {
    var addingPercentEncodingForQuery: String {
        var output = ""
        for byte in utf8 {
            if (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) {
                output.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                output += "%" + String(byte, radix: 16, uppercase: true).leftPadded
            }
        }
        return output
    }

    private var leftPadded: String { count == 1 ? "0" + self : self }
}
