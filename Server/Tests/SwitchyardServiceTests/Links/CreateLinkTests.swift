import Hummingbird
import HummingbirdTesting
import Switchyard
import Testing

@Suite struct CreateLinkTests {
    @Test(arguments: StoreKind.available)
    func createsALinkAndAnswersItsShortURL(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, _ in
            let response = try await client.send(.post, "/api/v1/links", json: """
                {"route": "product", "routeParameters": {"product_id": "42"}, "queryParameters": {"ref": "mail"},
                 "metadata": {"coupon": "SPRING"}, "redeemLimit": 3,
                 "fallbacks": {"ios": "https://apps.apple.com/app/id123", "web": "https://shop.example.com/product/42"},
                 "preview": {"title": "Shoes", "description": "Nice shoes", "image": "https://cdn.example.org/shoes.png"}}
                """)
            #expect(response.status == .created)
            let link = try response.json()
            let code = try #require(link["code"]?.stringValue)
            #expect(code.count >= 8)
            #expect(code.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
            #expect(link["url"]?.stringValue == "https://go.example.com/\(code)")
            #expect(response.headers[.location] == "/api/v1/links/\(code)")
            #expect(link["route"]?.stringValue == "product/:product_id")
            #expect(link["routeName"]?.stringValue == "product")
            #expect(link["routeParameters"] == ["product_id": "42"])
            #expect(link["universalLink"]?.stringValue == "https://shop.example.com/product/42?ref=mail")
            #expect(link["schemeURL"]?.stringValue == "shop://product/42?ref=mail")
            #expect(link["hasMetadata"] == true)
            #expect(link["metadata"] == nil, "metadata is never served without the app key")
            #expect(link["redeemLimit"] == 3)
        }
    }

    @Test(arguments: StoreKind.available)
    func routesByPatternOptionalGroupsAndRestParameters(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, _ in
            let byPattern = try await client.create(#"{"route": "about/team"}"#)
            #expect(byPattern["schemeURL"]?.stringValue == "shop://about/team")
            let short = try await client.create(#"{"route": "user", "routeParameters": {"id": "7"}}"#)
            #expect(short["schemeURL"]?.stringValue == "shop://user/7")
            let long = try await client.create(#"{"route": "user", "routeParameters": {"id": "7", "tab": "likes"}}"#)
            #expect(long["schemeURL"]?.stringValue == "shop://user/7/likes")
            let docs = try await client.create(#"{"route": "docs", "routeParameters": {"path": "guide/intro"}}"#)
            #expect(docs["universalLink"]?.stringValue == "https://shop.example.com/docs/guide/intro")
            let encoded = try await client.create(#"{"route": "product", "routeParameters": {"product_id": "a b/c"}}"#)
            #expect(encoded["schemeURL"]?.stringValue == "shop://product/a%20b%2Fc")
            let numbers = try await client.create(#"{"route": "order", "routeParameters": {"id": 17}, "queryParameters": {"gift": true}}"#)
            #expect(numbers["routeParameters"] == ["id": "17"])
            #expect(numbers["queryParameters"] == ["gift": "true"])
            let wildcard = try await client.create(#"{"route": "anyList", "routeParameters": {"*": "shoes"}}"#)
            #expect(wildcard["schemeURL"]?.stringValue == "shop://list/shoes")
        }
    }

    static let invalidRequests: [(body: String, kind: String, detail: String)] = [
        (#"{"route": "nope"}"#, "unknown-route", "no route named or patterned 'nope' in the route table"),
        (#"{"route": "product"}"#, "missing-parameter", "missing parameter 'product_id' for route 'product/:product_id'"),
        (#"{"route": "product", "routeParameters": {"product_id": "1", "color": "red"}}"#, "unknown-parameter",
         "unknown parameter 'color' for route 'product/:product_id'"),
        (#"{"route": "product", "routeParameters": {"product_id": ""}}"#, "missing-parameter",
         "parameter 'product_id' is empty in route 'product/:product_id'"),
        (#"{"route": "order", "routeParameters": {"id": "abc"}}"#, "constraint-violation",
         "parameter 'id' is 'abc', which does not satisfy <int> in 'order/:id<int>'"),
        (#"{"route": "user", "routeParameters": {"tab": "likes"}}"#, "missing-parameter", "missing parameter 'id' for route 'user/:id(/:tab)'"),
        (#"{"route": "anyList"}"#, "missing-parameter", "missing parameter '*' (the wildcard's value) for route 'list/*'"),
        (#"{"route": "about/team", "alias": "ab"}"#, "invalid-alias", "alias 'ab' must be 3 to 64 characters long"),
        (#"{"route": "about/team", "alias": "has space"}"#, "invalid-alias", "alias 'has space' may contain only letters, digits, '-' and '_'"),
        (#"{"route": "about/team", "alias": "API"}"#, "invalid-alias", "alias 'API' is reserved"),
        (#"{"route": "about/team", "alias": "health"}"#, "invalid-alias", "alias 'health' is reserved"),
        (#"{"route": "about/team", "expiresAt": "2000-01-01T00:00:00Z"}"#, "expiry-in-past", "'expiresAt' (2000-01-01T00:00:00Z) is not in the future"),
        (#"{"route": "about/team", "expiresAt": "tomorrow"}"#, "malformed-body",
         "'expiresAt' must be an ISO 8601 date-time such as 2030-01-31T12:00:00Z, got 'tomorrow'"),
        (#"{"route": "about/team", "redeemLimit": 0}"#, "malformed-body", "'redeemLimit' must be an integer from 1 to 1000000000"),
        (#"{"route": "about/team", "redeemLimit": 2.5}"#, "malformed-body", "'redeemLimit' must be an integer from 1 to 1000000000"),
        (#"{"route": "about/team", "metadata": [1]}"#, "malformed-body", "'metadata' must be an object, got array"),
        (#"{"route": "about/team", "colour": "red"}"#, "malformed-body", "unknown field 'colour'"),
        (#"{"route": "about/team", "fallbacks": {"desktop": "https://example.org"}}"#, "malformed-body", "unknown field 'fallbacks.desktop'"),
        (#"{"route": 42}"#, "malformed-body", "'route' must be a string, got number"),
        (#"{}"#, "malformed-body", "'route' is required"),
        (#"[1, 2]"#, "malformed-body", "the request body must be a JSON object, got array"),
        (#"{"route": "about/team",}"#, "malformed-body", "the request body is not valid JSON: "),
        (#"{"route": "about/team", "preview": {"image": "javascript:alert(1)"}}"#, "invalid-preview",
         "preview.image must be an absolute http or https URL, got 'javascript:alert(1)'"),
    ]

    @Test(arguments: invalidRequests)
    func refusesInvalidLinksWithProblemDetails(request: (body: String, kind: String, detail: String)) async throws {
        try await Harness.live(.memory) { client, _ in
            let response = try await client.send(.post, "/api/v1/links", json: request.body)
            #expect(response.status == .badRequest)
            #expect(response.headers[.contentType] == "application/problem+json")
            let problem = try response.json()
            #expect(problem["type"]?.stringValue == "https://switchyard.dev/problems/\(request.kind)")
            #expect(problem["status"] == 400)
            #expect(problem["title"]?.stringValue?.isEmpty == false)
            #expect(problem["detail"]?.stringValue?.hasPrefix(request.detail) == true, "\(problem)")
        }
    }

    static let refusedFallbacks = [
        "javascript:alert(document.cookie)", "data:text/html,<script>alert(1)</script>", "ftp://shop.example.com/file",
        "https://evil.com/", "//evil.com", "https://shop.example.com@evil.com/", "https://evil.com\\@shop.example.com",
        "https://evil.com/?next=https://shop.example.com", "https://shop.example.com.evil.com/", "https://sh op.example.com/",
        "https://shop.example.com/\u{0}", "HTTPS://EVIL.COM", "https://évil.com/", "https://shop.example.com:99999/",
        "https://%65vil.com/",
    ]

    @Test(arguments: refusedFallbacks)
    func refusesFallbackURLsOutsideTheAllowedDomains(url: String) async throws {
        try await Harness.live(.memory) { client, _ in
            let body = JSONValue.object(["route": "about/team", "fallbacks": .object(["web": .string(url)])]).serialized()
            let response = try await client.send(.post, "/api/v1/links", json: body)
            #expect(response.status == .badRequest)
            let problem = try response.json()
            #expect(problem["type"]?.stringValue == "https://switchyard.dev/problems/fallback-refused")
            #expect(problem["detail"]?.stringValue?.hasPrefix("fallbacks.web: ") == true)
        }
    }

    @Test(arguments: ["https://apps.apple.com/app/id1", "https://play.google.com/store/apps/details?id=com.example.shop",
                      "https://shop.example.com/x", "https://www.shop.example.com/x", "http://example.org:8080/a?b=c#d",
                      "HTTPS://Shop.Example.COM/Path"])
    func acceptsFallbackURLsOnAllowedDomains(url: String) async throws {
        try await Harness.live(.memory) { client, _ in
            let body = JSONValue.object(["route": "about/team", "fallbacks": .object(["android": .string(url)])]).serialized()
            let link = try await client.create(body)
            #expect(link["fallbacks"]?["android"]?.stringValue == url)
        }
    }

    @Test(arguments: StoreKind.available)
    func aliasesAreCodesAndATakenAliasIsAConflict(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, _ in
            let link = try await client.create(#"{"route": "about/team", "alias": "spring-sale_24"}"#)
            #expect(link["code"]?.stringValue == "spring-sale_24")
            #expect(link["url"]?.stringValue == "https://go.example.com/spring-sale_24")
            let again = try await client.send(.post, "/api/v1/links", key: Keys.otherTeam, json: #"{"route": "about/team", "alias": "spring-sale_24"}"#)
            #expect(again.status == .conflict)
            #expect(try again.json()["detail"]?.stringValue == "the alias 'spring-sale_24' is already in use")
        }
    }

    @Test func generatedCodesAreDistinct() async throws {
        try await Harness.live(.memory) { client, _ in
            var codes: Set<String> = []
            for _ in 0..<30 {
                let link = try await client.create(#"{"route": "about/team"}"#)
                codes.insert(try #require(link["code"]?.stringValue))
            }
            #expect(codes.count == 30)
        }
    }
}
