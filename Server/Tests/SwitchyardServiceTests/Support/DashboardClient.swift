import Foundation
import Hummingbird
import HummingbirdTesting
@_spi(SwitchyardService) import Switchyard
import Synchronization
@testable import SwitchyardService

/// A browser's part, spelled short: keeps the cookies the dashboard sets and sends them back.
final class DashboardClient: Sendable {
    let client: any TestClientProtocol
    private let jar = Mutex<[String: String]>([:])

    init(_ client: any TestClientProtocol) { self.client = client }

    var cookies: [String: String] { jar.withLock { $0 } }

    func setCookie(_ name: String, _ value: String) { jar.withLock { $0[name] = value } }

    func get(_ path: String) async throws -> TestResponse {
        try await send(.get, path, body: nil)
    }

    func post(_ path: String, form: [(String, String)]) async throws -> TestResponse {
        let body = form.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        return try await send(.post, path, body: body)
    }

    private func send(_ method: HTTPRequest.Method, _ path: String, body: String?) async throws -> TestResponse {
        var headers = HTTPFields()
        let cookie = cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        if !cookie.isEmpty { headers[.cookie] = cookie }
        if body != nil { headers[.contentType] = "application/x-www-form-urlencoded" }
        let response = try await client.executeRequest(uri: path, method: method, headers: headers,
                                                       body: body.map { ByteBuffer(string: $0) })
        for header in response.headers[values: .setCookie] {
            let pair = header.split(separator: ";")[0].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let (name, value) = (String(pair[0]), pair.count > 1 ? String(pair[1]) : "")
            jar.withLock { $0[name] = header.contains("Max-Age=0") ? nil : value }
        }
        return response
    }

    /// The page's CSRF token (the first hidden `csrf` field).
    static func csrf(in page: String) -> String? {
        guard let range = page.range(of: #"name="csrf" value=""#) else { return nil }
        return String(page[range.upperBound...].prefix { $0 != "\"" })
    }

    /// Signs in with `key`; returns the session's CSRF token.
    @discardableResult
    func signIn(_ key: String = Keys.admin) async throws -> String {
        let form = try await get("/dashboard/signin")
        let token = try Self.require(Self.csrf(in: form.text), "no CSRF token on the sign-in page")
        let response = try await post("/dashboard/signin", form: [("csrf", token), ("key", key)])
        guard response.status == .seeOther else { throw HarnessError("sign-in answered \(response.status.code)") }
        let home = try await get("/")
        return try Self.require(Self.csrf(in: home.text), "no CSRF token once signed in")
    }

    static func require<T>(_ value: T?, _ message: String) throws -> T {
        guard let value else { throw HarnessError(message) }
        return value
    }

    static func encode(_ text: String) -> String {
        PercentEncoding.encode(text)
    }
}
