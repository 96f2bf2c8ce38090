import Foundation
import HTTPTypes
import HummingbirdTesting
@testable import SwitchyardService
import Testing

extension OpenAPIResponsesTests {
    static let passwordLink = #"{"route": "about/team", "password": "open sesame", "fallbacks": {"web": "https://shop.example.com/"}}"#
    static let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]

    /// A password link's answers: the form's, and the app's with and without the password. Run
    /// last of the answers with the database up: it spends this address's password guesses.
    static func passwords(_ api: DocumentedClient) async throws {
        let code = try #require(try await api.expect(.created, "POST /api/v1/links", json: passwordLink).json()["code"]?.stringValue)
        let unlock = "POST /{code}", at = "/\(code)"
        try await api.expect(.seeOther, unlock, at, key: nil, json: "password=open+sesame", headers: form)
        try await api.expect(.forbidden, unlock, at, key: nil, json: "password=wrong+one", headers: form)
        try await api.expect(.badRequest, unlock, at, key: nil, json: "pass=x", headers: form)
        try await api.expect(.unsupportedMediaType, unlock, at, key: nil, json: "password=open+sesame", headers: plainText)
        try await api.expect(.contentTooLarge, unlock, at, key: nil, json: "password=" + String(repeating: "a", count: 3000), headers: form)
        try await api.expect(.notFound, unlock, "/nosuchlink", key: nil, json: "password=open+sesame", headers: form)
        let gone = try #require(try await api.expect(.created, "POST /api/v1/links", json: passwordLink).json()["code"]?.stringValue)
        try await api.expect(.noContent, "DELETE /api/v1/links/{code}", "/api/v1/links/\(gone)")
        try await api.expect(.gone, unlock, "/\(gone)", key: nil, json: "password=open+sesame", headers: form)

        let resolve = "GET /api/v1/links/{code}/resolve"
        try await api.expect(.unauthorized, resolve, "/api/v1/links/\(code)/resolve", key: Keys.app)
        try await api.expect(.forbidden, resolve, "/api/v1/links/\(code)/resolve", key: Keys.app,
                             headers: [LinkPassword.header: "wrong one"])
        try await api.expect(.ok, resolve, "/api/v1/links/\(code)/resolve", key: Keys.app,
                             headers: [LinkPassword.header: "open sesame"])
        // The address's ten guesses a minute are spent (five above, and these): the form says so.
        for _ in 0..<5 { _ = try await api.client.send(.post, at, key: nil, json: "password=wrong+one", headers: form) }
        try await api.expect(.tooManyRequests, unlock, at, key: nil, json: "password=open+sesame", headers: form)
    }
}
