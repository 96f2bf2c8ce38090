import Foundation
import HTTPTypes
import HummingbirdTesting
@testable import SwitchyardService
import Testing

extension OpenAPIResponsesTests {
    static let domainBody = #"{"host": "doc.shop.example", "notFoundRedirect": "https://shop.example.com/"}"#

    /// The link domains' answers.
    static func domains(_ api: DocumentedClient) async throws {
        let add = "POST /api/v1/domains"
        try await api.expect(.created, add, json: domainBody)
        try await api.expect(.badRequest, add, json: #"{"host": "not a host"}"#)
        try await api.expect(.unauthorized, add, key: nil, json: domainBody)
        try await api.expect(.conflict, add, json: domainBody)
        try await api.expect(.contentTooLarge, add, json: oversized)
        try await api.expect(.unsupportedMediaType, add, json: domainBody, headers: plainText)
        try await api.expect(.ok, "GET /api/v1/domains")
        try await api.expect(.unauthorized, "GET /api/v1/domains", key: nil)
        let update = "PATCH /api/v1/domains/{host}", at = "/api/v1/domains/doc.shop.example"
        try await api.expect(.ok, update, at, json: #"{"rootRedirect": "https://shop.example.com/"}"#)
        try await api.expect(.badRequest, update, at, json: #"{"rootRedirect": "https://evil.example.net/"}"#)
        try await api.expect(.unauthorized, update, at, key: nil, json: "{}")
        try await api.expect(.notFound, update, "/api/v1/domains/nowhere.example", json: "{}")
        try await api.expect(.contentTooLarge, update, at, json: oversized)
        try await api.expect(.unsupportedMediaType, update, at, json: "{}", headers: plainText)
        let remove = "DELETE /api/v1/domains/{host}"
        _ = try await api.client.send(.post, "/api/v1/links", json: #"{"route": "about/team", "domain": "doc.shop.example"}"#)
        try await api.expect(.conflict, remove, at)
        try await api.expect(.unauthorized, remove, at, key: nil)
        try await api.expect(.noContent, remove, at + "?force=true")
        try await api.expect(.notFound, remove, at)
    }

    static let teamRulesBody = #"{"rules": [{"conditions": [{"type": "crawler"}], "target": {"url": "https://shop.example.com/"}}]}"#

    /// The team rules' answers.
    static func teamRules(_ api: DocumentedClient) async throws {
        let put = "PUT /api/v1/team/rules"
        try await api.expect(.ok, put, json: teamRulesBody)
        try await api.expect(.badRequest, put, json: #"{"rules": [{"conditions": []}]}"#)
        try await api.expect(.unauthorized, put, key: nil, json: teamRulesBody)
        try await api.expect(.contentTooLarge, put, json: oversized)
        try await api.expect(.unsupportedMediaType, put, json: teamRulesBody, headers: plainText)
        try await api.expect(.ok, "GET /api/v1/team/rules")
        try await api.expect(.unauthorized, "GET /api/v1/team/rules", key: nil)
        try await api.expect(.ok, put, json: #"{"rules": null}"#)
        // A data subject's requests (issue 55).
        for operation in ["GET", "DELETE"] {
            let name = "\(operation) /api/v1/installs/{install}"
            try await api.expect(.ok, name, installPath)
            try await api.expect(.badRequest, name, "/api/v1/installs/short")
            try await api.expect(.unauthorized, name, installPath, key: nil)
        }
    }

    static let installPath = "/api/v1/installs/6F1C2A7E-3B0D-4C55-9B1E-2D8F7A6C5B40"

    /// 503 from the link domains while the database is down.
    static func domainsUnavailable(_ api: DocumentedClient) async throws {
        try await api.expect(.serviceUnavailable, "POST /api/v1/domains", json: domainBody)
        try await api.expect(.serviceUnavailable, "GET /api/v1/domains")
        try await api.expect(.serviceUnavailable, "PATCH /api/v1/domains/{host}", "/api/v1/domains/doc.shop.example", json: "{}")
        try await api.expect(.serviceUnavailable, "DELETE /api/v1/domains/{host}", "/api/v1/domains/doc.shop.example")
        try await api.expect(.serviceUnavailable, "PUT /api/v1/team/rules", json: teamRulesBody)
        try await api.expect(.serviceUnavailable, "GET /api/v1/team/rules")
        try await api.expect(.serviceUnavailable, "GET /api/v1/installs/{install}", installPath)
        try await api.expect(.serviceUnavailable, "DELETE /api/v1/installs/{install}", installPath)
    }

    /// The link domains' operations in the throttled list (a wrong key from a throttled address).
    static let throttledDomains: [(String, String?, String?)] = [
        ("POST /api/v1/domains", nil, domainBody), ("GET /api/v1/domains", nil, nil),
        ("PATCH /api/v1/domains/{host}", "/api/v1/domains/doc.shop.example", "{}"),
        ("DELETE /api/v1/domains/{host}", "/api/v1/domains/doc.shop.example", nil),
        ("PUT /api/v1/team/rules", nil, teamRulesBody), ("GET /api/v1/team/rules", nil, nil),
        ("GET /api/v1/installs/{install}", installPath, nil), ("DELETE /api/v1/installs/{install}", installPath, nil),
    ]
}
