import Foundation
import Hummingbird
import HummingbirdTesting
import Switchyard
import Testing

@Suite struct MethodTests {
    @Test(arguments: [(HTTPRequest.Method.put, "/health", "GET, HEAD"), (.delete, "/api/v1/links", "GET, HEAD, POST"),
                      (.post, "/api/v1/links/abc/resolve", "GET, HEAD"), (.get, "/api/v1/links/abc/redeem", "POST"),
                      (.post, "/.well-known/assetlinks.json", "GET, HEAD")])
    func knownPathsWithAnotherMethodAre405(method: HTTPRequest.Method, path: String, allow: String) async throws {
        try await Harness.live(.memory) { client, _ in
            let response = try await client.send(method, path)
            #expect(response.status == .methodNotAllowed)
            let allowed = Set((response.headers[.allow] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
            #expect(allowed == Set(allow.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }))
        }
    }

    @Test func headWorksWhereverGetDoes() async throws {
        try await Harness.live(.memory) { client, _ in
            let response = try await client.send(.head, "/health", key: nil)
            #expect(response.status == .ok)
            #expect(response.body.readableBytes == 0)
        }
    }
}
