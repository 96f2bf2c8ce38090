import Foundation
import HTTPTypes
import HummingbirdTesting
@testable import SwitchyardService
import SwitchyardStore
import Testing

extension OpenAPIResponsesTests {
    /// The keys' and the audit log's answers, and the 403 of every keyed operation for a role the
    /// role table leaves out.
    static func keysAndAudit(_ api: DocumentedClient, harness: Harness, code: String) async throws {
        let create = "POST /api/v1/keys", body = #"{"name": "doc-key", "role": "viewer"}"#
        try await api.expect(.created, create, json: body)
        try await api.expect(.badRequest, create, json: "{}")
        try await api.expect(.unauthorized, create, key: nil, json: body)
        try await api.expect(.conflict, create, json: body)
        try await api.expect(.contentTooLarge, create, json: oversized)
        try await api.expect(.unsupportedMediaType, create, json: body, headers: plainText)
        try await api.expect(.ok, "GET /api/v1/keys")
        try await api.expect(.unauthorized, "GET /api/v1/keys", key: nil)
        let revoke = "DELETE /api/v1/keys/{name}"
        try await api.expect(.noContent, revoke, "/api/v1/keys/doc-key")
        try await api.expect(.unauthorized, revoke, "/api/v1/keys/doc-key", key: nil)
        try await api.expect(.notFound, revoke, "/api/v1/keys/doc-key")
        try await api.expect(.ok, "GET /api/v1/audit")
        try await api.expect(.ok, "GET /api/v1/audit", "/api/v1/audit?key=environment&action=key.created&limit=1")
        try await api.expect(.badRequest, "GET /api/v1/audit", "/api/v1/audit?cursor=abc")
        try await api.expect(.unauthorized, "GET /api/v1/audit", key: nil)

        let viewer = try await harness.namedKey("doc-viewer", role: .viewer)
        let app = try await harness.namedKey("doc-app", role: .app)
        for operation in OperationRoles.all {
            let key = operation.roles.contains(.app) ? viewer : app
            let json = operation.method == .post || operation.method == .patch ? "{}" : nil
            try await api.expect(.forbidden, "\(operation.method) \(operation.path)", RoleTableTests.uri(operation.path, code: code),
                                 key: key, json: json)
        }
    }

    /// A key allowed two requests: a refusal of the handler's (404) and a success carry the quota
    /// as it goes down; the third request is 429 with `Retry-After` and the spent quota.
    static func keyRateLimited(_ api: DocumentedClient) async throws {
        func header(_ response: TestResponse, _ name: String) -> String? { response.headers[HTTPField.Name(name)!] }
        let missing = try await api.expect(.notFound, "GET /api/v1/links/{code}", "/api/v1/links/nosuchcode")
        #expect(header(missing, "RateLimit-Limit") == "2")
        #expect(header(missing, "RateLimit-Remaining") == "1")
        let listed = try await api.expect(.ok, "GET /api/v1/links")
        #expect(header(listed, "RateLimit-Remaining") == "0")
        #expect(Int(header(listed, "RateLimit-Reset") ?? "") ?? 0 > 0)
        let refused = try await api.expect(.tooManyRequests, "GET /api/v1/audit")
        #expect(header(refused, "RateLimit-Remaining") == "0")
        #expect(Int(header(refused, "Retry-After") ?? "") ?? 0 > 0)
    }

    /// Two requests an hour for each admin, editor or viewer key.
    static var keyThrottled: ServiceConfiguration {
        var configuration = Harness.configuration()
        configuration.limits.keyRequestRate = RateLimit(2, perSeconds: 3600)
        return configuration
    }

    /// 503 from the keys and the audit log while the database is down.
    static func keysUnavailable(_ api: DocumentedClient) async throws {
        try await api.expect(.serviceUnavailable, "POST /api/v1/keys", json: #"{"name": "down", "role": "viewer"}"#)
        try await api.expect(.serviceUnavailable, "GET /api/v1/keys")
        try await api.expect(.serviceUnavailable, "DELETE /api/v1/keys/{name}", "/api/v1/keys/down")
        try await api.expect(.serviceUnavailable, "GET /api/v1/audit")
    }
}
