public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// The app's side of Switchyard's link service: turns a smart link's code into a ``DeepLink``
/// (resolved with the app's own table) and redeems its private metadata.
///
/// ```swift
/// let client = SmartLinkClient(service: URL(string: "https://go.example.com")!, appKey: key, table: table)
/// if let code = client.code(in: incomingURL) {
///     let link = try await client.resolve(code: code)           // route, parameters, metadata
///     let coupon = try await client.redeem(code: code)["coupon"]   // spends one redemption
/// }
/// ```
public struct SmartLinkClient: Sendable {
    /// The service's base URL (where short links live).
    public let service: URL
    /// The table that resolves the deep link the service returns.
    public let table: RouteTable
    private let appKey: String
    private let session: URLSession

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - service: the service's base URL, such as `https://go.example.com`.
    ///   - appKey: the app key (`SWITCHYARD_APP_KEY` on the service), sent as a bearer token.
    ///   - table: the app's route table, used to resolve the deep link.
    ///   - session: the URL session to use.
    public init(service: URL, appKey: String, table: RouteTable, session: URLSession = .shared) {
        self.service = service
        self.appKey = appKey
        self.table = table
        self.session = session
    }

    /// The code of a short link on this service (`https://go.example.com/Ab3dE9xQ` gives
    /// `Ab3dE9xQ`), or nil for any other URL.
    public func code(in url: URL) -> String? {
        guard url.scheme?.lowercased() == service.scheme?.lowercased(),
              url.host?.lowercased() == service.host?.lowercased(), url.port == service.port else { return nil }
        let base = service.path.split(separator: "/")
        let path = url.path.split(separator: "/")
        guard path.count == base.count + 1, Array(path.prefix(base.count)) == base else { return nil }
        let code = String(path[base.count])
        let valid = code.utf8.allSatisfy { PercentEncoding.isUnreserved($0) && $0 != UInt8(ascii: ".") && $0 != UInt8(ascii: "~") }
        return valid && !code.isEmpty ? code : nil
    }

    /// The smart link's deep link, resolved with ``table``; its `metadata` is set while the link
    /// has redemptions left, and its source is ``LinkSource/smartLink``.
    ///
    /// - Throws: ``SmartLinkError`` (not found, gone, unauthorized, a transport or format problem),
    ///   or the table's ``ResolutionError`` wrapped in ``SmartLinkError/Code/unresolvable``.
    public func resolve(code: String) async throws(SmartLinkError) -> DeepLink {
        let body = try await send("GET", code: code, action: "resolve")
        guard let url = body["url"]?.stringValue else {
            throw SmartLinkError(.invalidResponse, "the service's answer has no 'url'")
        }
        var link: DeepLink
        do {
            link = try table.resolve(url, source: .smartLink)
        } catch {
            throw SmartLinkError(.unresolvable, "the app's table cannot read '\(url)': \(error.message)")
        }
        link.metadata = body["metadata"]?.objectValue
        return link
    }

    /// Spends one of the link's redemptions and returns its metadata.
    ///
    /// - Throws: ``SmartLinkError`` with code ``SmartLinkError/Code/exhausted`` once the limit is reached.
    public func redeem(code: String) async throws(SmartLinkError) -> [String: JSONValue] {
        let body = try await send("POST", code: code, action: "redeem")
        return body["metadata"]?.objectValue ?? [:]
    }

    private func send(_ method: String, code: String, action: String) async throws(SmartLinkError) -> JSONValue {
        let escaped = PercentEncoding.encode(code)
        let url = service.appendingPathComponent("api/v1/links/\(escaped)/\(action)")
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue("Bearer \(appKey)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw SmartLinkError(.transport, "cannot reach \(url.absoluteString): \(error.localizedDescription)")
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        let body = try? JSONValue.parse(bytes: data)
        let detail = body?["detail"]?.stringValue ?? "HTTP \(status)"
        switch status {
        case 200..<300:
            guard let body else { throw SmartLinkError(.invalidResponse, "the service's answer is not JSON") }
            return body
        case 401, 403: throw SmartLinkError(.unauthorized, detail)
        case 404: throw SmartLinkError(.notFound, detail)
        case 409: throw SmartLinkError(.exhausted, detail)
        case 410: throw SmartLinkError(.gone, detail)
        default: throw SmartLinkError(.service, "\(detail) (HTTP \(status))")
        }
    }
}

/// Why a smart link could not be resolved or redeemed.
public struct SmartLinkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        let rawValue: String
        /// The stable snake_case name.
        public var description: String { rawValue }
        /// No link has this code.
        public static let notFound = Code(rawValue: "not_found")
        /// The link was deleted or has expired.
        public static let gone = Code(rawValue: "gone")
        /// Every redemption has been spent.
        public static let exhausted = Code(rawValue: "exhausted")
        /// The app key was refused.
        public static let unauthorized = Code(rawValue: "unauthorized")
        /// The service could not be reached.
        public static let transport = Code(rawValue: "transport")
        /// The service answered with an error.
        public static let service = Code(rawValue: "service_error")
        /// The answer was not what the service's contract says.
        public static let invalidResponse = Code(rawValue: "invalid_response")
        /// The app's own table cannot read the link's URL.
        public static let unresolvable = Code(rawValue: "unresolvable")
    }

    /// The kind of failure.
    public let code: Code
    /// What happened.
    public let message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
