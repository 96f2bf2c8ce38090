import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import Switchyard
import Synchronization
import Testing

/// When the service does not know the install's stored key (`attest-key-unknown`), the client
/// forgets it, attests a new key and retries the redeem once, never more. A stand-in transport (a
/// `URLProtocol`) answers as the service would and an attestor fake records what it is asked; the
/// test reads both as one sequence of calls. (The real service: `SmartLinkClientAttestTests` in
/// the Server package.)
@Suite struct SmartLinkClientAttestRetryTests {
    /// The calls of one test, transport and attestor alike, in order, by the test's host.
    static let calls = Mutex<[String: [String]]>([:])

    static func record(_ host: String, _ call: String) {
        calls.withLock { $0[host, default: []].append(call) }
    }

    /// Answers as the service would: a redeem signed with a key the service knows (`key-new`)
    /// spends; a redeem signed with any other key, or with any key on a `known-never` host, is
    /// `attest-key-unknown`. A resolve answers a link that hands its metadata only to an attested
    /// install: the metadata for a known key, else none, with `attestKeyUnknown` when a key was named.
    final class StandIn: URLProtocol {
        override class func canInit(with request: URLRequest) -> Bool { true }
        override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }
        override func stopLoading() {}

        override func startLoading() {
            let url = request.url!, host = url.host!
            let key = request.value(forHTTPHeaderField: "Switchyard-Attest-Key")
            let retry = request.value(forHTTPHeaderField: "Switchyard-Retry")
            SmartLinkClientAttestRetryTests.record(host, "\(request.httpMethod ?? "") \(url.path)" + (key.map { " key=\($0)" } ?? "")
                                                       + (retry.map { " retry=\($0)" } ?? ""))
            let (status, body): (Int, String)
            switch url.path {
            case "/api/v1/attest/challenge":
                (status, body) = (201, #"{"challenge": "challenge-1", "expiresAt": "2030-01-01T00:00:00Z"}"#)
            case "/api/v1/attest":
                (status, body) = (201, #"{"install": "install-1", "keyId": "key-new", "appId": "TEAMID.app", "environment": "production"}"#)
            case _ where url.path.hasSuffix("/resolve"):
                // A link that hands its metadata only to an attested install: withheld, and
                // `attestKeyUnknown` when the key named is not one the service knows.
                let known = key == "key-new" && !host.hasPrefix("known-never")
                (status, body) = (200, """
                    {"code": "Ab3dE9xQ", "url": "https://shop.example.com/product/42", "route": "product/:id", "match": "exact",
                     "metadata": \(known ? #"{"coupon": "REAL"}"# : "null"), "attestKeyUnknown": \(key != nil && !known)}
                    """)
            case _ where key == "key-new" && !host.hasPrefix("known-never"):
                (status, body) = (200, #"{"code": "Ab3dE9xQ", "metadata": {"coupon": "REAL"}}"#)
            default:
                (status, body) = (403, #"""
                    {"type": "https://switchyard.dev/problems/attest-key-unknown", "title": "Attested key not known", "status": 403,
                     "detail": "no attested key '\#(key ?? "")': attest it with POST /api/v1/attest first"}
                    """#)
            }
            let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1",
                                           headerFields: ["Content-Type": "application/problem+json"])!
            client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
            client?.urlProtocol(self, didLoad: Data(body.utf8))
            client?.urlProtocolDidFinishLoading(self)
        }
    }

    /// A device whose keychain holds `stored`; each call is recorded under the test's host.
    final class FakeAttestor: InstallAttestor {
        let host: String
        private let stored: Mutex<String?>

        init(host: String, stored: String?) {
            self.host = host
            self.stored = Mutex(stored)
        }

        var isSupported: Bool { true }
        func generateKey() async throws -> String {
            SmartLinkClientAttestRetryTests.record(host, "generateKey")
            return "key-new"
        }
        func attestKey(_ keyID: String, clientData: Data) async throws -> Data {
            SmartLinkClientAttestRetryTests.record(host, "attestKey \(keyID) \(String(decoding: clientData, as: UTF8.self))")
            return Data("attestation".utf8)
        }
        func generateAssertion(_ keyID: String, clientData: Data) async throws -> Data {
            SmartLinkClientAttestRetryTests.record(host, "generateAssertion \(keyID)")
            return Data("assertion".utf8)
        }
        func storedKeyID() -> String? { stored.withLock { $0 } }
        func storeKeyID(_ keyID: String?) {
            SmartLinkClientAttestRetryTests.record(host, "storeKeyID \(keyID ?? "nil")")
            stored.withLock { $0 = keyID }
        }
    }

    /// The calls of a request refused for its unknown key `key-old`: the key forgotten, a new one
    /// attested over the service's challenge, and the request signed again with it (saying it is a
    /// retry with `Switchyard-Retry` when `retry` is given).
    static func attestedAgain(_ request: String, retry: String? = nil) -> [String] {
        ["generateAssertion key-old", "\(request) key=key-old", "storeKeyID nil", "POST /api/v1/attest/challenge", "generateKey",
         "attestKey key-new challenge-1", "POST /api/v1/attest", "storeKeyID key-new", "generateAssertion key-new",
         "\(request) key=key-new" + (retry.map { " retry=\($0)" } ?? "")]
    }

    static func client(host: String, attestor: FakeAttestor) throws -> SmartLinkClient {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [StandIn.self]
        return SmartLinkClient(service: URL(string: "https://\(host)")!, appKey: "k",
                               table: try RouteTable(["product/:id"], hosts: ["shop.example.com"]), installID: "install-1",
                               appRelease: nil, session: URLSession(configuration: configuration), attestor: attestor)
    }

    @Test func aKeyTheServiceDoesNotKnowIsForgottenAttestedAgainAndTheRedeemRetriedOnce() async throws {
        let host = "restored.example.com"
        let attestor = FakeAttestor(host: host, stored: "key-old")
        let sdk = try Self.client(host: host, attestor: attestor)
        #expect(try await sdk.redeem(code: "Ab3dE9xQ") == ["coupon": "REAL"])
        #expect(Self.calls.withLock { $0[host] } == Self.attestedAgain("POST /api/v1/links/Ab3dE9xQ/redeem"))
        #expect(attestor.storedKeyID() == "key-new")
    }

    @Test func aResolveAnsweredAttestKeyUnknownAttestsAgainAndResolvesOnce() async throws {
        let host = "restored-resolve.example.com"
        let attestor = FakeAttestor(host: host, stored: "key-old")
        let sdk = try Self.client(host: host, attestor: attestor)
        let link = try await sdk.resolve(code: "Ab3dE9xQ")
        #expect(link.metadata == ["coupon": "REAL"])
        #expect(link.routeParameters == ["id": "42"])
        // The second resolve says it is one, so the service counts a single app open.
        #expect(Self.calls.withLock { $0[host] } == Self.attestedAgain("GET /api/v1/links/Ab3dE9xQ/resolve", retry: "attest-key-unknown"))
    }

    @Test func aResolveAnsweredAttestKeyUnknownTwiceReturnsTheLinkWithoutMetadata() async throws {
        let host = "known-never-resolve.example.com"
        let attestor = FakeAttestor(host: host, stored: "key-old")
        let sdk = try Self.client(host: host, attestor: attestor)
        let link = try await sdk.resolve(code: "Ab3dE9xQ")
        #expect(link.metadata == nil)
        #expect(link.route == "product/:id")
        let calls = Self.calls.withLock { $0[host] } ?? []
        #expect(calls.filter { $0.contains("/resolve") } == [
            "GET /api/v1/links/Ab3dE9xQ/resolve key=key-old", "GET /api/v1/links/Ab3dE9xQ/resolve key=key-new retry=attest-key-unknown",
        ], "one retry, not a loop")
        #expect(calls.filter { $0 == "POST /api/v1/attest" }.count == 1)
    }

    @Test func aResolveWithoutAStoredKeyProblemIsSentOnce() async throws {
        let host = "resolve-known.example.com"
        let attestor = FakeAttestor(host: host, stored: "key-new")
        let sdk = try Self.client(host: host, attestor: attestor)
        #expect(try await sdk.resolve(code: "Ab3dE9xQ").metadata == ["coupon": "REAL"])
        #expect(Self.calls.withLock { $0[host] } == [
            "generateAssertion key-new", "GET /api/v1/links/Ab3dE9xQ/resolve key=key-new",
        ])
    }

    @Test func aRetryRefusedTheSameWayThrowsAndDoesNotLoop() async throws {
        let host = "known-never.example.com"
        let attestor = FakeAttestor(host: host, stored: "key-old")
        let sdk = try Self.client(host: host, attestor: attestor)
        await #expect { _ = try await sdk.redeem(code: "Ab3dE9xQ") } throws: { error in
            (error as? SmartLinkError)?.code == .attestKeyUnknown
                && (error as? SmartLinkError)?.message == "no attested key 'key-new': attest it with POST /api/v1/attest first"
        }
        let calls = Self.calls.withLock { $0[host] } ?? []
        #expect(calls.filter { $0.hasPrefix("POST /api/v1/links/") } == [
            "POST /api/v1/links/Ab3dE9xQ/redeem key=key-old", "POST /api/v1/links/Ab3dE9xQ/redeem key=key-new",
        ])
        #expect(calls.filter { $0 == "POST /api/v1/attest" }.count == 1, "one new attestation")
        #expect(attestor.storedKeyID() == "key-new", "the new key is kept for the next redeem")
    }
}
