import Hummingbird
import HummingbirdTesting
import Switchyard
import Testing

/// A redeem body for an install (`{"install": "..."}`).
func installBody(_ install: String = "install-\(UInt64.random(in: 0...UInt64.max))") -> String {
    #"{"install": "\#(install)"}"#
}

@Suite struct AppAPITests {
    /// Resolve gives the deep link and the redeem state, never a redeem-limited link's metadata;
    /// redeem gives it.
    @Test(arguments: StoreKind.available)
    func resolvesToTheDeepLinkAndRedeemRevealsTheMetadata(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, _ in
            let link = try await client.create("""
                {"route": "product", "routeParameters": {"product_id": "42"}, "queryParameters": {"ref": "mail"},
                 "metadata": {"coupon": "SPRING", "percent": 20}, "redeemLimit": 1}
                """)
            let code = try #require(link["code"]?.stringValue)
            let response = try await client.send(.get, "/api/v1/links/\(code)/resolve", key: Keys.app)
            #expect(response.status == .ok)
            let resolved = try response.json()
            #expect(resolved["url"]?.stringValue == "https://shop.example.com/product/42?ref=mail")
            #expect(resolved["schemeURL"]?.stringValue == "shop://product/42?ref=mail")
            #expect(resolved["route"]?.stringValue == "product/:product_id")
            #expect(resolved["routeName"]?.stringValue == "product")
            #expect(resolved["routeParameters"] == ["product_id": "42"])
            #expect(resolved["queryParameters"] == ["ref": "mail"])
            #expect(resolved["metadata"] == .null, "a redeem-limited link's metadata is only given by redeem")
            #expect(!response.text.contains("SPRING"))
            #expect(resolved["match"] == "exact")
            #expect(resolved["code"]?.stringValue == code)
            #expect(resolved["redeemable"] == true)
            #expect(resolved["remaining"] == 1)
            #expect(resolved["exhausted"] == false)

            let redeemed = try await client.send(.post, "/api/v1/links/\(code)/redeem", key: Keys.app, json: installBody("install-one"))
            #expect(redeemed.status == .ok)
            #expect(try redeemed.json()["metadata"] == ["coupon": "SPRING", "percent": 20])
            #expect(try redeemed.json()["remaining"] == 0)
            #expect(try redeemed.json()["match"] == "exact")
            #expect(try redeemed.json()["replayed"] == false)

            let exhausted = try await client.send(.get, "/api/v1/links/\(code)/resolve", key: Keys.app)
            #expect(try exhausted.json()["metadata"] == .null)
            #expect(try exhausted.json()["exhausted"] == true)
            #expect(try exhausted.json()["redeemable"] == false)
            let again = try await client.send(.post, "/api/v1/links/\(code)/redeem", key: Keys.app, json: installBody("install-two"))
            #expect(again.status == .conflict)
            #expect(again.headers[.contentType] == "application/problem+json")
            #expect(try again.json()["detail"]?.stringValue == "link '\(code)' has been redeemed as many times as its limit allows")
            #expect(!again.text.contains("SPRING"))
        }
    }

    @Test(arguments: StoreKind.available)
    func unknownAndGoneLinks(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, _ in
            for (method, action) in [(HTTPRequest.Method.get, "resolve"), (.post, "redeem")] {
                let unknown = try await client.send(method, "/api/v1/links/nothing1/\(action)", key: Keys.app,
                                                    json: method == .post ? installBody() : nil)
                #expect(unknown.status == .notFound)
                #expect(try unknown.json()["detail"]?.stringValue == "no link with code 'nothing1'")
            }
            let code = try #require(try await client.create(#"{"route": "about/team", "metadata": {"a": 1}}"#)["code"]?.stringValue)
            #expect(try await client.send(.delete, "/api/v1/links/\(code)").status == .noContent)
            for (method, action) in [(HTTPRequest.Method.get, "resolve"), (.post, "redeem")] {
                let gone = try await client.send(method, "/api/v1/links/\(code)/\(action)", key: Keys.app,
                                                 json: method == .post ? installBody() : nil)
                #expect(gone.status == .gone)
                #expect(!gone.text.contains("\"a\""))
            }
        }
    }

    @Test(arguments: StoreKind.available)
    func unlimitedLinksRedeemOncePerInstall(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, _ in
            let code = try #require(try await client.create(#"{"route": "about/team", "metadata": {"n": 1}}"#)["code"]?.stringValue)
            let resolved = try await client.send(.get, "/api/v1/links/\(code)/resolve", key: Keys.app).json()
            #expect(resolved["metadata"] == ["n": 1], "without a redeem limit resolve gives the metadata")
            #expect(resolved["redeemable"] == true)
            for count in 1...3 {
                let response = try await client.send(.post, "/api/v1/links/\(code)/redeem", key: Keys.app,
                                                     json: installBody("install-\(count)"))
                #expect(response.status == .ok)
                #expect(try response.json()["redeemCount"] == .number(Double(count)))
                #expect(try response.json()["remaining"] == .null)
            }
        }
    }

    /// 100 concurrent redeems over HTTP against a limit of 5: exactly 5 succeed.
    @Test(arguments: StoreKind.available)
    func concurrentRedeemsSpendExactlyTheLimit(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            let code = try #require(try await client.create(#"{"route": "about/team", "metadata": {"prize": "car"}, "redeemLimit": 5}"#)["code"]?.stringValue)
            let statuses = try await RequestsAtOnce.post("/api/v1/links/\(code)/redeem", count: 100, to: client, key: Keys.app,
                                                         json: { installBody() }).map(\.status)
            #expect(statuses.filter { $0 == 200 }.count == 5)
            #expect(statuses.filter { $0 == 409 }.count == 95)
            #expect(try await harness.store.link(code: code)?.redeemCount == 5)
        }
    }
}
