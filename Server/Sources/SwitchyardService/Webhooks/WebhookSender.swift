import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// POSTs one signed delivery: redirects are never followed (a 3xx is a failure like any other
/// non-2xx), and the whole attempt is bounded by the timeout.
struct WebhookSender: Sendable {
    let client: HTTPClient
    let timeout: Duration

    /// An HTTP client for deliveries: no redirects, connect and read bounded by `timeout`.
    static func makeClient(timeout: Duration) -> HTTPClient {
        let amount = TimeAmount.nanoseconds(Int64(timeout.components.seconds) * 1_000_000_000
            + Int64(timeout.components.attoseconds / 1_000_000_000))
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow,
                                                     timeout: .init(connect: amount, read: amount))
        configuration.httpVersion = .http1Only
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// What came of an attempt.
    enum Outcome: Sendable, Equatable {
        case delivered
        /// Why not: the status, a timeout, a connection failure.
        case failed(String)
    }

    /// Sends `body` to `url` with its signature.
    func send(url: String, body: String, signature: String, eventID: String, type: String) async -> Outcome {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "User-Agent", value: "Switchyard-Webhooks/1")
        request.headers.add(name: WebhookSignature.headerName, value: signature)
        request.headers.add(name: "Switchyard-Event-Id", value: eventID)
        request.headers.add(name: "Switchyard-Event-Type", value: type)
        request.body = .bytes(ByteBuffer(string: body))
        let amount = TimeAmount.nanoseconds(Int64(timeout.components.seconds) * 1_000_000_000
            + Int64(timeout.components.attoseconds / 1_000_000_000))
        do {
            let response = try await client.execute(request, timeout: amount)
            // Read (and drop) a little of the answer so the connection can be reused.
            _ = try? await response.body.collect(upTo: 64 * 1024)
            guard (200..<300).contains(response.status.code) else { return .failed("HTTP \(response.status.code)") }
            return .delivered
        } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout || error == .connectTimeout {
            return .failed("timed out after \(timeout)")
        } catch {
            return .failed("\(error)")
        }
    }
}
