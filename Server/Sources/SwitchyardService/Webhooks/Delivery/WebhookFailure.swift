import AsyncHTTPClient
import NIOCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a delivery attempt failed, as a category: what the outbox stores and the dashboard shows.
/// Never the system's error text nor the address connected to, so the dashboard tells an admin
/// no more about the service's network than whether the receiver answered.
enum WebhookFailure: Sendable, Hashable, CustomStringConvertible {
    /// The attempt's deadline passed (connecting, sending, or waiting for the answer).
    case timeout
    /// The receiver's address refused the connection.
    case connectionRefused
    /// The connection failed otherwise (unreachable, reset, closed early).
    case connectionFailed
    /// The TLS handshake failed (certificate, protocol).
    case tls
    /// The receiver answered a status other than 2xx (redirects included: never followed).
    case status(Int)
    /// The address is one webhooks may not reach (``WebhookAddressPolicy``).
    case addressRefused
    /// The host does not resolve.
    case unresolvable
    /// The URL is not an http(s) URL.
    case invalidURL

    /// `timeout`, `connection refused`, `TLS failure`, `HTTP 503`, ...
    var description: String {
        switch self {
        case .timeout: "timeout"
        case .connectionRefused: "connection refused"
        case .connectionFailed: "connection failed"
        case .tls: "TLS failure"
        case .status(let code): "HTTP \(code)"
        case .addressRefused: "address refused"
        case .unresolvable: "host does not resolve"
        case .invalidURL: "invalid URL"
        }
    }

    /// The category of an error the HTTP client threw.
    static func category(of error: any Error) -> WebhookFailure {
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout, .tlsHandshakeTimeout: return .timeout
            default: break
            }
        }
        if let error = error as? IOError, error.errnoCode == ECONNREFUSED { return .connectionRefused }
        if let error = error as? ChannelError, case .connectTimeout = error { return .timeout }
        // NIOSSL's and BoringSSL's error types (not a dependency of this module: named by type).
        let type = String(reflecting: Swift.type(of: error))
        if type.contains("SSL") || type.contains("TLS") { return .tls }
        return .connectionFailed
    }
}
