import Foundation
import Hummingbird
import HummingbirdTesting
import Switchyard
import Testing

@Suite struct RequestErrorTests {
    static let adminEndpoints: [(HTTPRequest.Method, String)] = [
        (.post, "/api/v1/links"), (.get, "/api/v1/links"), (.get, "/api/v1/links/abcdefgh"),
        (.patch, "/api/v1/links/abcdefgh"), (.delete, "/api/v1/links/abcdefgh"),
    ]

    @Test(arguments: adminEndpoints)
    func adminEndpointsWantTheAdminKey(endpoint: (HTTPRequest.Method, String)) async throws {
        try await Harness.live(.memory) { client, _ in
            let body = endpoint.0 == .post || endpoint.0 == .patch ? #"{"route": "about/team"}"# : nil
            for (key, detail, challenge) in [
                (String?.none, "an 'Authorization: Bearer <key>' header is required", #"Bearer realm="switchyard""#),
                ("wrong-key", "the API key is not valid", #"Bearer realm="switchyard", error="invalid_token""#),
            ] {
                let response = try await client.send(endpoint.0, endpoint.1, key: key, json: body)
                #expect(response.status == .unauthorized)
                #expect(response.headers[.wwwAuthenticate] == challenge)
                #expect(response.headers[.contentType] == "application/problem+json")
                #expect(try response.json()["detail"]?.stringValue == detail)
            }
            // The app key is a valid key whose role may not (it creates route links: AppKeyCreateTests).
            if endpoint.0 != .post {
                let response = try await client.send(endpoint.0, endpoint.1, key: Keys.app, json: body)
                #expect(response.status == .forbidden)
                #expect(response.headers[.wwwAuthenticate] == nil)
                #expect(try response.json()["detail"]?.stringValue?.hasPrefix("a key with the app role cannot call ") == true)
            }
            var basic = HTTPFields()
            basic[.authorization] = "Basic YWRtaW46YWRtaW4="
            let response = try await client.send(endpoint.0, endpoint.1, key: nil, json: body, headers: basic)
            #expect(response.status == .unauthorized)
            #expect(try response.json()["detail"]?.stringValue == "the Authorization header must use the Bearer scheme")
        }
    }

    @Test(arguments: [(HTTPRequest.Method.get, "resolve"), (.post, "redeem")])
    func appEndpointsWantTheAppKey(endpoint: (HTTPRequest.Method, String)) async throws {
        try await Harness.live(.memory) { client, _ in
            let link = try await client.create(#"{"route": "about/team", "metadata": {"secret": 1}}"#)
            let code = try #require(link["code"]?.stringValue)
            for key in [nil, "nope"] {
                let response = try await client.send(endpoint.0, "/api/v1/links/\(code)/\(endpoint.1)", key: key)
                #expect(response.status == .unauthorized)
                #expect(response.headers[.wwwAuthenticate]?.hasPrefix("Bearer") == true)
                #expect(!response.text.contains("secret"))
            }
            // The admin key is valid, but its role is not the app's.
            let admin = try await client.send(endpoint.0, "/api/v1/links/\(code)/\(endpoint.1)", key: Keys.admin)
            #expect(admin.status == .forbidden)
            #expect(!admin.text.contains("secret"))
        }
    }

    @Test(arguments: [(HTTPRequest.Method.post, "/api/v1/links"), (.patch, "/api/v1/links/abcdefgh")])
    func bodiesOverTheLimitAre413(endpoint: (HTTPRequest.Method, String)) async throws {
        try await Harness.live(.memory) { client, _ in
            let big = #"{"route": "about/team", "metadata": {"pad": ""# + String(repeating: "x", count: 5000) + #""}}"#
            let response = try await client.send(endpoint.0, endpoint.1, json: big)
            #expect(response.status == .contentTooLarge)
            #expect(try response.json()["detail"]?.stringValue == "the request body exceeds 4096 bytes")
        }
    }

    @Test(arguments: ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", nil])
    func otherContentTypesAre415(contentType: String?) async throws {
        try await Harness.live(.memory) { client, _ in
            var headers = HTTPFields()
            headers[.authorization] = "Bearer \(Keys.admin)"
            if let contentType { headers[.contentType] = contentType }
            let response = try await client.executeRequest(
                uri: "/api/v1/links", method: .post, headers: headers, body: ByteBuffer(string: #"{"route": "about/team"}"#))
            #expect(response.status == .unsupportedMediaType)
            #expect(try response.json()["type"]?.stringValue == "https://switchyard.dev/problems/unsupported-media-type")
        }
    }

    @Test func jsonWithACharsetIsAccepted() async throws {
        try await Harness.live(.memory) { client, _ in
            let response = try await client.send(.post, "/api/v1/links", json: #"{"route": "about/team"}"#,
                                                 headers: [.contentType: "application/json; charset=utf-8"])
            #expect(response.status == .created)
        }
    }

    @Test func malformedJSONSaysWhereAndWhy() async throws {
        try await Harness.live(.memory) { client, _ in
            let response = try await client.send(.post, "/api/v1/links", json: "{\"route\": \"about/team\"\n \"x\": 1}")
            #expect(response.status == .badRequest)
            let detail = try #require(try response.json()["detail"]?.stringValue)
            #expect(detail.hasPrefix("the request body is not valid JSON: "))
            #expect(detail.hasSuffix("at line 2, column 2"))
        }
    }

    @Test func unknownAPIPathsAreProblemDetails() async throws {
        try await Harness.live(.memory) { client, _ in
            let response = try await client.send(.get, "/api/v1/nothing-here")
            #expect(response.status == .notFound)
            #expect(response.headers[.contentType] == "application/problem+json")
        }
    }
}
