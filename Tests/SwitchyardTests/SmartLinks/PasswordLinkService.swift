import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import Switchyard
import Synchronization

/// A stand-in link service (a `URLProtocol`) that answers resolve and redeem as the real one does
/// for password links (`PasswordGate.checkAppPassword` in the Server package), by the link's code:
///
/// - `Vip2025` has the password `open sesame`: without `Switchyard-Link-Password` 401
///   `password-required` (no `WWW-Authenticate`), with another password 403 `wrong-password`;
/// - `Ab3dE9xQ` has none and ignores the header;
/// - `Guessed` is out of guesses: 429 `rate-limited` with `Retry-After`;
/// - `Refused` stands for a refused app key: 401 `unauthorized`, with `WWW-Authenticate`.
///
/// On a host whose name starts with `attest`, a redeem or resolve signed with a key other than
/// `key-new` is `attest-key-unknown`, and `/api/v1/attest/challenge` and `/api/v1/attest` accept
/// `key-new`. Every request is recorded by host, as `METHOD code password` (`none` without the
/// header) or `METHOD /path` for the attestation.
final class PasswordLinkService: URLProtocol {
    static let password = "open sesame"
    static let seen = Mutex<[String: [String]]>([:])

    /// The requests recorded for `host`, in order.
    static func requests(to host: String) -> [String] {
        seen.withLock { $0[host] ?? [] }
    }

    /// A URL session whose requests this stand-in answers.
    static var session: URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [PasswordLinkService.self]
        return URLSession(configuration: configuration)
    }

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }
    override func stopLoading() {}

    override func startLoading() {
        let url = request.url!, host = url.host!
        let given = request.value(forHTTPHeaderField: SmartLinkClient.passwordHeaderName)
        let key = request.value(forHTTPHeaderField: "Switchyard-Attest-Key")
        let action = url.lastPathComponent, code = url.deletingLastPathComponent().lastPathComponent
        let attestation = url.path.hasPrefix("/api/v1/attest")
        Self.seen.withLock {
            $0[host, default: []].append(attestation ? "\(request.httpMethod ?? "") \(url.path)"
                                                     : "\(request.httpMethod ?? "") \(code) \(given ?? "none")")
        }
        switch (url.path, code) {
        case ("/api/v1/attest/challenge", _):
            answer(201, #"{"challenge": "challenge-1", "expiresAt": "2030-01-01T00:00:00Z"}"#)
        case ("/api/v1/attest", _):
            answer(201, #"{"install": "install-1", "keyId": "key-new", "appId": "TEAMID.app", "environment": "production"}"#)
        case (_, "Refused"):
            problem(401, "unauthorized", "missing or invalid API key", headers: ["WWW-Authenticate": #"Bearer realm="switchyard""#])
        case (_, "Guessed"):
            problem(429, "rate-limited", "too many password guesses", headers: ["Retry-After": "60"])
        case (_, "Vip2025") where given == nil:
            problem(401, "password-required", "link 'Vip2025' asks for a password: send it in Switchyard-Link-Password")
        case (_, "Vip2025") where given != Self.password:
            problem(403, "wrong-password", "Switchyard-Link-Password is not the password of link 'Vip2025'")
        case _ where host.hasPrefix("attest") && key != "key-new" && action == "redeem":
            problem(403, "attest-key-unknown", "no attested key '\(key ?? "")'")
        case _ where action == "redeem":
            answer(200, #"{"code": "\#(code)", "metadata": {"coupon": "VIP"}}"#)
        default:
            let unknownKey = host.hasPrefix("attest") && key != nil && key != "key-new"
            answer(200, """
                {"code": "\(code)", "url": "https://shop.example.com/product/42", "route": "product/:id<int>", "match": "exact",
                 "metadata": {"coupon": "VIP"}, "attestKeyUnknown": \(unknownKey)}
                """)
        }
    }

    private func problem(_ status: Int, _ kind: String, _ detail: String, headers: [String: String] = [:]) {
        answer(status, """
            {"type": "https://switchyard.dev/problems/\(kind)", "title": "\(kind)", "status": \(status), "detail": "\(detail)"}
            """, headers: headers.merging(["Content-Type": "application/problem+json"]) { old, _ in old })
    }

    private func answer(_ status: Int, _ body: String, headers: [String: String] = ["Content-Type": "application/json"]) {
        let response = HTTPURLResponse(url: request.url!, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: Data(body.utf8))
        client?.urlProtocolDidFinishLoading(self)
    }
}
