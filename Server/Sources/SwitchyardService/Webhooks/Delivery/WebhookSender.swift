import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Synchronization
import SwitchyardStore

/// POSTs one signed delivery to the address its check resolved, under one deadline for the whole
/// attempt: connecting, sending, the answer's head and its body. Redirects are never followed (a
/// 3xx is a failure like any other non-2xx).
///
/// Each attempt has an HTTP client of its own whose only name override sends the URL's host to
/// the checked address (``WebhookAddressPolicy/Target``): the request keeps the URL's host in
/// `Host` and as the TLS server name, and nothing resolves the name a second time.
///
/// The status decides: a 2xx head is a delivery even when the body that follows has not ended by
/// the deadline (the body is read only so that the receiver is not cut off mid-answer; it is
/// dropped, and cut off at the deadline).
struct WebhookSender: Sendable {
    let timeout: Duration

    /// What came of an attempt.
    enum Outcome: Sendable, Equatable {
        case delivered
        case failed(WebhookFailure)
    }

    /// Sends `body` to `target` with its signature.
    func send(to target: WebhookAddressPolicy.Target, body: String, signature: String, eventID: String,
              type: String) async -> Outcome {
        let amount = TimeAmount(timeout)
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow, timeout: .init(connect: amount, read: amount))
        configuration.httpVersion = .http1Only
        configuration.dnsOverride = [target.host: target.address]
        // One connection attempt: a refused or unreachable receiver fails now, with its reason,
        // and the outbox's backoff schedules the next try.
        configuration.connectionPool.retryConnectionEstablishment = false
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        var request = HTTPClientRequest(url: target.url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "User-Agent", value: "Switchyard-Webhooks/1")
        request.headers.add(name: WebhookSignature.headerName, value: signature)
        request.headers.add(name: "Switchyard-Event-Id", value: eventID)
        request.headers.add(name: "Switchyard-Event-Type", value: type)
        request.body = .bytes(ByteBuffer(string: body))
        let answered = Answered()
        let deadline = NIODeadline.now() + amount
        let outcome: Outcome
        do {
            // The client's own deadline comes first and says why (a refused connection is retried
            // until then); this one, a moment later, also bounds the body.
            switch try await withDeadline(timeout + .milliseconds(500), { [request] in
                let response = try await client.execute(request, deadline: deadline)
                answered.status = Int(response.status.code)
                _ = try? await response.body.collect(upTo: 64 * 1024)
                return Int(response.status.code)
            }) {
            case .value(let status): outcome = Self.outcome(status: status)
            case .timedOut: outcome = answered.status.map(Self.outcome(status:)) ?? .failed(.timeout)
            }
        } catch {
            outcome = answered.status.map(Self.outcome(status:)) ?? .failed(WebhookFailure.category(of: error))
        }
        // Closes the connection, which ends a body still trickling in.
        try? await client.shutdown()
        return outcome
    }

    private static func outcome(status: Int) -> Outcome {
        (200..<300).contains(status) ? .delivered : .failed(.status(status))
    }

    /// The answer's status, once its head arrived.
    private final class Answered: Sendable {
        private let value = Mutex<Int?>(nil)
        var status: Int? {
            get { value.withLock { $0 } }
            set { value.withLock { $0 = newValue } }
        }
    }
}
