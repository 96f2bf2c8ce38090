import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import Switchyard
import Synchronization
import Testing

/// Short links on the service's other domains (`linkDomains`): the client reads them as keys
/// (`promo.example.com/m9Mm`) and asks the service for the code with a `domain` query, while App
/// Attest signs the key itself. A stand-in transport (a `URLProtocol`) answers as the service
/// would: the resolve answer's `code` is the key of the domain it was asked for. (The real
/// service: the Server package's tests.)
@Suite struct SmartLinkClientDomainTests {
    /// The calls of one test, transport and attestor alike, in order, by the test's service host.
    static let calls = Mutex<[String: [String]]>([:])

    static func record(_ host: String, _ call: String) {
        calls.withLock { $0[host, default: []].append(call) }
    }

    /// Answers resolve and redeem; every request is recorded as `METHOD /path` and its query.
    final class StandIn: URLProtocol {
        override class func canInit(with request: URLRequest) -> Bool { true }
        override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }
        override func stopLoading() {}

        override func startLoading() {
            let url = request.url!, components = URLComponents(url: url, resolvingAgainstBaseURL: false)
            let query = components?.percentEncodedQuery.map { "?\($0)" } ?? ""
            SmartLinkClientDomainTests.record(url.host!, "\(request.httpMethod ?? "") \(url.path)\(query)")
            let domain = components?.queryItems?.first { $0.name == "domain" }?.value
            let short = url.deletingLastPathComponent().lastPathComponent
            let key = domain.map { "\($0)/\(short)" } ?? short
            let body = url.lastPathComponent == "redeem"
                ? #"{"code": "\#(key)", "metadata": {"coupon": "PROMO"}}"#
                : #"{"code": "\#(key)", "url": "https://shop.example.com/product/42", "match": "exact"}"#
            let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1",
                                           headerFields: ["Content-Type": "application/json"])!
            client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
            client?.urlProtocol(self, didLoad: Data(body.utf8))
            client?.urlProtocolDidFinishLoading(self)
        }
    }

    /// An attested install (key `key-1`) that records the client data of each assertion.
    struct RecordingAttestor: InstallAttestor {
        let host: String
        var isSupported: Bool { true }
        func generateKey() async throws -> String { "key-1" }
        func attestKey(_ keyID: String, clientData: Data) async throws -> Data { Data() }
        func generateAssertion(_ keyID: String, clientData: Data) async throws -> Data {
            SmartLinkClientDomainTests.record(host, "sign \(String(decoding: clientData, as: UTF8.self))")
            return Data("assertion".utf8)
        }
        func storedKeyID() -> String? { "key-1" }
        func storeKeyID(_ keyID: String?) throws {}
    }

    static let table = try! RouteTable(["product/:id"], hosts: ["shop.example.com"])

    /// A client of `https://{host}` with the link domain `promo.example.com` (given in capitals).
    static func client(host: String, attested: Bool = false) -> SmartLinkClient {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [StandIn.self]
        return SmartLinkClient(service: URL(string: "https://\(host)")!, appKey: "k", table: table,
                               linkDomains: ["Promo.Example.com"], installID: "install-1", appRelease: nil,
                               session: URLSession(configuration: configuration),
                               attestor: attested ? RecordingAttestor(host: host) : nil)
    }

    @Test func linkDomainsAreLowercasedHosts() {
        #expect(Self.client(host: "go.example.com").linkDomains == ["promo.example.com"])
        let plain = SmartLinkClient(service: URL(string: "https://go.example.com")!, appKey: "k", table: Self.table)
        #expect(plain.linkDomains.isEmpty)
    }

    @Test(arguments: [
        ("https://promo.example.com/m9Mm", "promo.example.com/m9Mm"),
        ("https://PROMO.example.com/m9Mm", "promo.example.com/m9Mm"),
        ("https://promo.example.com/my-alias_1", "promo.example.com/my-alias_1"),
        ("https://promo.example.com/m9Mm?utm_source=mail", "promo.example.com/m9Mm"),
        ("https://go.example.com/m9Mm", "m9Mm"),
        ("https://unknown.example.com/m9Mm", nil),
        ("https://promo.example.com/a/m9Mm", nil),
        ("https://promo.example.com/", nil),
        ("https://promo.example.com/..", nil),
        ("https://promo.example.com/m9Mm.html", nil),
        ("http://promo.example.com/m9Mm", nil),
        ("https://promo.example.com:8443/m9Mm", nil),
    ] as [(String, String?)])
    func codesOnLinkDomainsAreKeys(_ url: String, _ code: String?) {
        #expect(Self.client(host: "go.example.com").code(in: URL(string: url)!) == code)
    }

    @Test func shortURLsOfKeysAreOnTheirDomain() {
        let client = Self.client(host: "go.example.com")
        #expect(client.shortURL(code: "promo.example.com/m9Mm") == "https://promo.example.com/m9Mm")
        #expect(client.shortURL(code: "m9Mm") == "https://go.example.com/m9Mm")
    }

    @Test func resolvingAKeyAsksForTheCodeOnItsDomainAndABareCodeAsksForNone() async throws {
        let host = "resolve-key.example.com"
        let client = Self.client(host: host, attested: true)
        let link = try await client.resolve(code: "promo.example.com/m9Mm")
        #expect(link.routeParameters == ["id": "42"])
        #expect(link.smartLink == SmartLinkReference(code: "promo.example.com/m9Mm",
                                                     url: "https://promo.example.com/m9Mm"))
        let bare = try await client.resolve(code: "m9Mm")
        #expect(bare.smartLink == SmartLinkReference(code: "m9Mm", url: "https://\(host)/m9Mm"))
        #expect(Self.calls.withLock { $0[host] } == [
            "sign resolve:promo.example.com/m9Mm:install-1", "GET /api/v1/links/m9Mm/resolve?domain=promo.example.com",
            "sign resolve:m9Mm:install-1", "GET /api/v1/links/m9Mm/resolve",
        ])
    }

    @Test func redeemingAKeyAsksForTheCodeOnItsDomainAndABareCodeAsksForNone() async throws {
        let host = "redeem-key.example.com"
        let client = Self.client(host: host, attested: true)
        #expect(try await client.redeem(code: "promo.example.com/m9Mm")["coupon"] == "PROMO")
        #expect(try await client.redeem(code: "m9Mm")["coupon"] == "PROMO")
        #expect(Self.calls.withLock { $0[host] } == [
            "sign redeem:promo.example.com/m9Mm:install-1", "POST /api/v1/links/m9Mm/redeem?domain=promo.example.com",
            "sign redeem:m9Mm:install-1", "POST /api/v1/links/m9Mm/redeem",
        ])
    }

    @Test func aLinkDomainURLIsResolvedAsTheKeyItReads() async throws {
        let host = "tapped-key.example.com"
        let client = Self.client(host: host)
        let code = try #require(client.code(in: URL(string: "https://promo.example.com/m9Mm")!))
        #expect(try await client.resolve(code: code).smartLink?.url == "https://promo.example.com/m9Mm")
        #expect(Self.calls.withLock { $0[host] } == ["GET /api/v1/links/m9Mm/resolve?domain=promo.example.com"])
    }
}
