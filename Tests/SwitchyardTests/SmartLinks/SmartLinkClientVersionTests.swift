import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import Switchyard
import Synchronization
import Testing

/// The client sends its app release with resolve, redeem and claim, and reads the service's
/// "app too old" answers; a stand-in transport (a `URLProtocol`) answers as the service would for
/// a route since iOS 2.3. (The real service: `AppVersionTests` in the Server package.)
@Suite struct SmartLinkClientVersionTests {
    /// Answers every request from a host of its own, recording the version header it carried.
    final class StandIn: URLProtocol {
        static let seen = Mutex<[String: [String]]>([:])

        override class func canInit(with request: URLRequest) -> Bool { true }
        override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }
        override func stopLoading() {}

        override func startLoading() {
            let url = request.url!, header = request.value(forHTTPHeaderField: AppRelease.headerName)
            Self.seen.withLock { $0[url.host!, default: []].append("\(request.httpMethod ?? "") \(url.lastPathComponent) \(header ?? "none")") }
            let tooOld = header.flatMap(AppRelease.init(headerValue:)).map { $0 == .ios(DottedVersion("2.1")!) } ?? false
            let (status, body): (Int, String)
            switch (url.lastPathComponent, tooOld) {
            case ("redeem", true):
                (status, body) = (409, #"{"type": "https://switchyard.dev/problems/app-too-old", "title": "App too old", "status": 409, "detail": "too old"}"#)
            case ("redeem", false):
                (status, body) = (200, #"{"code": "Ab3dE9xQ", "metadata": {"coupon": "SAVE"}}"#)
            case (_, true):
                (status, body) = (200, #"{"appTooOld": true, "requiredVersion": "2.3", "fallback": "https://apps.apple.com/app/id1", "url": null}"#)
            case (_, false):
                (status, body) = (200, #"{"appTooOld": false, "url": "https://shop.example.com/product/42", "code": "Ab3dE9xQ"}"#)
            }
            let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1",
                                           headerFields: ["Content-Type": "application/json"])!
            client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
            client?.urlProtocol(self, didLoad: Data(body.utf8))
            client?.urlProtocolDidFinishLoading(self)
        }
    }

    static func client(host: String, release: AppRelease?) throws -> SmartLinkClient {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [StandIn.self]
        return SmartLinkClient(service: URL(string: "https://\(host)")!, appKey: "k",
                               table: try RouteTable(["product/:id"], hosts: ["shop.example.com"]), installID: "install-1",
                               appRelease: release, session: URLSession(configuration: configuration))
    }

    @Test func everyRequestCarriesTheRelease() async throws {
        let sdk = try Self.client(host: "current.example.com", release: .ios(DottedVersion("2.4.1")!))
        #expect(try await sdk.resolve(code: "Ab3dE9xQ").routeParameters == ["id": "42"])
        #expect(try await sdk.redeem(code: "Ab3dE9xQ")["coupon"] == "SAVE")
        #expect(try await sdk.claimDeferred(platform: "ios", osVersion: "18.1", language: nil, code: "Ab3dE9xQ") != nil)
        #expect(StandIn.seen.withLock { $0["current.example.com"] } == [
            "GET resolve ios/2.4.1", "POST redeem ios/2.4.1", "POST claim ios/2.4.1",
        ])
    }

    @Test func withoutAReleaseNoHeaderIsSent() async throws {
        let sdk = try Self.client(host: "unversioned.example.com", release: nil)
        _ = try await sdk.resolve(code: "Ab3dE9xQ")
        #expect(StandIn.seen.withLock { $0["unversioned.example.com"] } == ["GET resolve none"])
    }

    @Test func anAppTooOldGetsTheVersionAndTheFallback() async throws {
        let sdk = try Self.client(host: "old.example.com", release: .ios(DottedVersion("2.1")!))
        for attempt in [{ _ = try await sdk.resolve(code: "Ab3dE9xQ") },
                        { _ = try await sdk.claimDeferred(platform: "ios", osVersion: "18.1", language: nil, code: "Ab3dE9xQ") }]
            as [@Sendable () async throws -> Void] {
            await #expect { try await attempt() } throws: { error in
                let error = error as? SmartLinkError
                return error?.code == .appTooOld && error?.requiredVersion == "2.3" && error?.fallback == "https://apps.apple.com/app/id1"
            }
        }
        await #expect { _ = try await sdk.redeem(code: "Ab3dE9xQ") } throws: { error in
            (error as? SmartLinkError)?.code == .appTooOld && (error as? SmartLinkError)?.message == "too old"
        }
    }
}
