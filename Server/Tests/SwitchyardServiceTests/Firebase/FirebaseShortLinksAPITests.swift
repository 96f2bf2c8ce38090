import Hummingbird
import HummingbirdTesting
import Switchyard
import SwitchyardService
import Testing

/// `POST /v1/shortLinks` over a real socket, as a backend that called Firebase would call it.
@Suite struct FirebaseShortLinksAPITests {
    static let long = "https://example.page.link/?link=https://shop.example.com/product/42&apn=com.example.shop&isi=1234567&st=Red+shoes"

    func post(_ client: some TestClientProtocol, _ json: String, key: String? = Keys.admin, query: String = "") async throws -> TestResponse {
        try await client.send(.post, "/v1/shortLinks" + query, key: key, json: json)
    }

    /// The code of a short link on the test service (`https://go.example.com/CODE`).
    func code(_ response: TestResponse) throws -> String {
        let json = try response.json()
        let shortLink = try #require(json["shortLink"]?.stringValue)
        #expect(shortLink.hasPrefix("https://go.example.com/"))
        #expect(json["previewLink"]?.stringValue == shortLink + "?d=1")
        return String(shortLink.dropFirst("https://go.example.com/".count))
    }

    @Test(arguments: StoreKind.available)
    func aLongDynamicLinkBecomesAnUnguessableShortLink(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            let response = try await post(client, #"{"longDynamicLink": "\#(Self.long)"}"#)
            #expect(response.status == .ok, "\(response.text)")
            let code = try code(response)
            #expect(code.count == 17, "Firebase's default suffix is UNGUESSABLE, 17 characters")
            #expect(try response.json()["warning"] == .array([]))
            let link = try #require(try await harness.store.link(code: code))
            #expect(link.team == "shop")
            #expect(link.route == "product/:product_id")
            #expect(link.routeParameters == ["product_id": "42"])
            #expect(link.fallbacks.ios == "https://apps.apple.com/app/id1234567")
            #expect(link.preview.title == "Red shoes")
            let opened = try await client.open(code, userAgent: Agents.desktop)
            #expect(opened.status == .found)
            #expect(opened.headers[.location] == "https://shop.example.com/product/42")
        }
    }

    @Test func dynamicLinkInfoWithAShortSuffixAndTheKeyInTheQuery() async throws {
        try await Harness.live(.memory) { client, harness in
            let body = """
                {"dynamicLinkInfo": {"domainUriPrefix": "https://example.page.link", "link": "https://shop.example.com/order/7",
                  "androidInfo": {"androidPackageName": "com.example.shop", "androidFallbackLink": "https://shop.example.com/android"},
                  "iosInfo": {"iosBundleId": "com.example.shop", "iosAppStoreId": "1234567"},
                  "navigationInfo": {"enableForcedRedirect": true},
                  "socialMetaTagInfo": {"socialTitle": "Order 7", "socialDescription": "Shipped", "socialImageLink": "https://cdn.example.org/7.png"},
                  "analyticsInfo": {"googlePlayAnalytics": {"utmSource": "mail"}, "itunesConnectAnalytics": {"ct": "promo"}}},
                 "suffix": {"option": "SHORT"}}
                """
            let response = try await post(client, body, key: nil, query: "?key=\(Keys.admin)")
            #expect(response.status == .ok, "\(response.text)")
            let code = try code(response)
            #expect(code.count == 8, "SHORT gives the service's code length")
            let warnings = try response.json()["warning"]
            #expect(warnings?[0]?["warningCode"]?.stringValue == "DOMAIN_URI_PREFIX_IGNORED")
            let link = try #require(try await harness.store.link(code: code))
            #expect(link.route == "order/:id<int>")
            #expect(link.routeParameters == ["id": "7"])
            #expect(link.fallbacks == .init(ios: "https://apps.apple.com/app/id1234567", android: "https://shop.example.com/android",
                                            web: "https://shop.example.com/order/7", appStore: "https://apps.apple.com/app/id1234567"))
            #expect(link.preview == .init(title: "Order 7", description: "Shipped", image: "https://cdn.example.org/7.png"))
        }
    }

    @Test func unrecognizedParametersAndUnknownAppsAreWarnings() async throws {
        try await Harness.live(.memory) { client, _ in
            let response = try await post(client, #"{"longDynamicLink": "https://x.page.link/?link=https://shop.example.com/about/team&apn=com.other.app&fbclid=1&amv=3&ius=shop"}"#)
            #expect(response.status == .ok)
            let codes = try #require(try response.json()["warning"]?.arrayValue).compactMap { $0["warningCode"]?.stringValue }
            #expect(codes == ["UNRECOGNIZED_PARAM", "NOT_IN_PROJECT_ANDROID_PACKAGE_NAME", "NOT_USED"])
        }
    }

    struct Failure: Sendable, CustomTestStringConvertible {
        let body: String
        var key: String? = Keys.admin
        var query = ""
        let status: Int
        let firebaseStatus: String
        let message: String
        /// The `WWW-Authenticate` challenge a refused key gets; none on the other errors.
        var challenge: String?
        var testDescription: String { query.isEmpty && key == Keys.admin ? body : "key \(key ?? "none")\(query): \(body)" }
    }

    static let challenge = #"Bearer realm="switchyard""#
    static let invalidToken = #"Bearer realm="switchyard", error="invalid_token""#

    static let failures: [Failure] = [
        Failure(body: #"{"longDynamicLink": "\#(long)"}"#, key: nil, status: 401, firebaseStatus: "UNAUTHENTICATED",
                message: "an 'Authorization: Bearer <key>' header is required", challenge: challenge),
        Failure(body: #"{"longDynamicLink": "\#(long)"}"#, key: "wrong", status: 401, firebaseStatus: "UNAUTHENTICATED",
                message: "the API key is not valid", challenge: invalidToken),
        Failure(body: #"{"longDynamicLink": "\#(long)"}"#, key: nil, query: "?key=wrong", status: 401,
                firebaseStatus: "UNAUTHENTICATED", message: "the API key is not valid", challenge: invalidToken),
        Failure(body: #"{"longDynamicLink": "\#(long)"}"#, key: nil, query: "?key=", status: 401,
                firebaseStatus: "UNAUTHENTICATED", message: "an 'Authorization: Bearer <key>' header is required",
                challenge: challenge),
        // An app key may create route links on the admin API, never here: this endpoint is for editors and admins.
        Failure(body: #"{"longDynamicLink": "\#(long)"}"#, key: Keys.app, status: 403, firebaseStatus: "PERMISSION_DENIED",
                message: "a key with the app role cannot call firebaseCreateShortLink; it needs the admin or editor role"),
        Failure(body: #"{"longDynamicLink": "\#(long)"}"#, key: nil, query: "?key=\(Keys.app)", status: 403,
                firebaseStatus: "PERMISSION_DENIED",
                message: "a key with the app role cannot call firebaseCreateShortLink; it needs the admin or editor role"),
        Failure(body: #"{"longDynamicLink": "https://x.page.link/?link=https://evil.example.net/"}"#, status: 400,
                firebaseStatus: "INVALID_ARGUMENT",
                message: "'link' (https://evil.example.net/) is not on a host of this service's route table (shop.example.com)"),
        Failure(body: #"{"longDynamicLink": "https://x.page.link/?apn=com.example.shop"}"#, status: 400, firebaseStatus: "INVALID_ARGUMENT",
                message: "Bad long link: the long link has no 'link' parameter (the deep link)"),
        Failure(body: #"{"longDynamicLink": "https://x.page.link/m9Mm"}"#, status: 400, firebaseStatus: "INVALID_ARGUMENT",
                message: "Bad long link: 'https://x.page.link/m9Mm' is not a long link: it has no query string (?link=...)"),
        Failure(body: #"{"dynamicLinkInfo": {"link": "https://shop.example.com/about/team", "iosInfo": {"iosBundleID": "x"}}}"#,
                status: 400, firebaseStatus: "INVALID_ARGUMENT",
                message: "Invalid JSON payload received. Unknown name \"iosBundleID\" at 'dynamicLinkInfo.iosInfo': Cannot find field."),
        Failure(body: #"{"longDynamicLink": "\#(long)", "extra": 1}"#, status: 400, firebaseStatus: "INVALID_ARGUMENT",
                message: "Invalid JSON payload received. Unknown name \"extra\": Cannot find field."),
        Failure(body: #"{"longDynamicLink": "\#(long)", "suffix": {"option": "TINY"}}"#, status: 400, firebaseStatus: "INVALID_ARGUMENT",
                message: "'suffix.option' must be SHORT or UNGUESSABLE, got 'TINY'."),
        Failure(body: #"{}"#, status: 400, firebaseStatus: "INVALID_ARGUMENT",
                message: "Request is missing 'longDynamicLink' or 'dynamicLinkInfo'."),
        Failure(body: #"{"longDynamicLink": 3}"#, status: 400, firebaseStatus: "INVALID_ARGUMENT",
                message: "'longDynamicLink' must be a string and 'dynamicLinkInfo' an object."),
        Failure(body: #"not json"#, status: 400, firebaseStatus: "INVALID_ARGUMENT", message: ""),
    ]

    @Test(arguments: failures)
    func errorsComeInFirebasesShape(failure: Failure) async throws {
        try await Harness.live(.memory) { client, _ in
            let response = try await post(client, failure.body, key: failure.key, query: failure.query)
            #expect(Int(response.status.code) == failure.status)
            #expect(response.headers[.contentType] == "application/json")
            #expect(response.headers[.wwwAuthenticate] == failure.challenge)
            let json = try response.json()
            let error = try #require(json["error"])
            #expect(error["code"]?.doubleValue == Double(failure.status))
            #expect(error["status"]?.stringValue == failure.firebaseStatus)
            let message = try #require(error["message"]?.stringValue)
            if failure.message.isEmpty { #expect(!message.isEmpty) } else { #expect(message == failure.message) }
        }
    }
}
