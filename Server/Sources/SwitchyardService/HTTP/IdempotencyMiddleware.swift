import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import SwitchyardStore

/// `Idempotency-Key` on the routes that create (`POST /api/v1/links`, `POST /v1/shortLinks`), as
/// middleware inside their ``KeyAuthentication``, with the semantics payment APIs made standard:
///
/// - The first request with a key reserves it (one row per caller and key in the store, so one
///   request wins on every instance sharing the database), runs, and its answer is kept for
///   ``lifetime`` when it succeeded (2xx). A failure (4xx, 5xx, 429) is not kept: the key is
///   released and a retry runs again.
/// - The same key with the same body (byte for byte) gets the first answer again, status, body,
///   `Location` and `Content-Type`, with `Idempotent-Replayed: true`, creating nothing.
/// - The same key with another body is 422 (`idempotency-key-reused`).
/// - While the first request is in flight, a second one waits for it up to
///   ``ServiceConfiguration/Limits/idempotencyWait`` and replays its answer; past that it is 409
///   (`idempotency-key-in-use`) with `Retry-After: 1`.
///
/// Keys are scoped per route and caller (a team's admin key, or the app key), so two teams may
/// use the same key. A request without the header runs as before. A reservation left in flight
/// by an instance that stopped is taken over after ``abandonedAfter``.
struct IdempotencyMiddleware: RouterMiddleware {
    typealias Context = ServiceRequestContext

    let service: LinkService
    /// The route, in the keys' scope (`links`, `shortLinks`).
    let route: String

    /// How long an answer is replayed (records are deleted after it by ``ExpirySweeper``).
    static let lifetime: TimeInterval = 24 * 3600
    /// How long a reservation may stay in flight before another request takes it over.
    static let abandonedAfter: TimeInterval = 60
    /// The header, and the one marking a replay.
    static let header = HTTPField.Name("Idempotency-Key")!
    static let replayedHeader = HTTPField.Name("Idempotent-Replayed")!
    /// The headers a replay repeats.
    static let keptHeaders: [HTTPField.Name] = [.contentType, .location, .cacheControl]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let key = request.headers[Self.header] else { return try await next(request, context) }
        try Self.validate(key)
        let scope = "\(route):" + Self.scope(of: context.caller)
        // The body is read here, once, and kept on the request for the handler.
        var request = request
        let limit = service.configuration.limits.maximumBodySize
        let body = try await RequestBodies.collect(&request, limit: limit)
        let fingerprint = Self.fingerprint(body)
        let deadline = ContinuousClock.now + service.configuration.limits.idempotencyWait
        while true {
            let now = service.now()
            let owner = UUID().uuidString
            let record = IdempotencyRecord(scope: scope, key: key, owner: owner, fingerprint: fingerprint, createdAt: now)
            let reservation = try await service.storage {
                try await service.store.reserveIdempotencyKey(record, expiredBefore: now.addingTimeInterval(-Self.lifetime),
                                                              abandonedBefore: now.addingTimeInterval(-Self.abandonedAfter))
            }
            guard case .existing(let earlier) = reservation else {
                return try await run(request, context: context, next: next, record: record)
            }
            guard earlier.fingerprint == fingerprint else { throw Self.reused(key) }
            if let response = earlier.response { return Self.replay(response) }
            // In flight: wait for its answer; when it is released (the first request failed), reserve again.
            if let response = try await waitForAnswer(scope: scope, key: key, fingerprint: fingerprint, until: deadline) {
                return Self.replay(response)
            }
            guard ContinuousClock.now < deadline else { throw Self.inUse(key) }
        }
    }

    /// Runs the request holding the reservation: keeps a 2xx answer, releases the key otherwise.
    private func run(_ request: Request, context: Context, next: (Request, Context) async throws -> Response,
                     record: IdempotencyRecord) async throws -> Response {
        let response: Response
        do {
            response = try await next(request, context)
        } catch {
            await release(record)
            throw error
        }
        guard (200..<300).contains(response.status.code) else {
            await release(record)
            return response
        }
        var headers: [String: String] = [:]
        for name in Self.keptHeaders { headers[name.canonicalName] = response.headers[name] }
        let body = try await Self.collect(response.body)
        let stored = IdempotencyRecord.Response(status: response.status.code, headers: headers, body: String(buffer: body))
        do {
            try await service.store.completeIdempotencyKey(scope: record.scope, key: record.key, owner: record.owner, response: stored)
        } catch {
            // The work is done: answer it. A retry waits, then takes the key over as abandoned.
            service.logger.warning("idempotency: could not keep the answer", metadata: ["error": "\(error)"])
        }
        var answer = response
        answer.body = ResponseBody(byteBuffer: body)
        return answer
    }

    /// Polls the key's record until it has an answer (returned), goes away or changes hands
    /// (nil: reserve again), or `deadline` passes (nil).
    private func waitForAnswer(scope: String, key: String, fingerprint: String, until deadline: ContinuousClock.Instant)
        async throws -> IdempotencyRecord.Response? {
        var pause = Duration.milliseconds(10)
        while ContinuousClock.now < deadline {
            try await Task.sleep(for: min(pause, deadline - ContinuousClock.now))
            pause = min(pause * 2, .milliseconds(100))
            let record = try await service.storage { try await service.store.idempotencyRecord(scope: scope, key: key) }
            guard let record, record.fingerprint == fingerprint else { return nil }
            if let response = record.response { return response }
        }
        return nil
    }

    private func release(_ record: IdempotencyRecord) async {
        do {
            try await service.store.releaseIdempotencyKey(scope: record.scope, key: record.key, owner: record.owner)
        } catch {
            service.logger.warning("idempotency: could not release a key", metadata: ["error": "\(error)"])
        }
    }

    /// The SHA-256 of a body, as hex: what tells the same request from another.
    static func fingerprint(_ body: ByteBuffer) -> String {
        SHA256.hash(data: Data(body.readableBytesView)).map { String(format: "%02x", $0) }.joined()
    }

    /// A kept answer, marked as a replay.
    static func replay(_ stored: IdempotencyRecord.Response) -> Response {
        var headers = HTTPFields()
        for (name, value) in stored.headers.sorted(by: { $0.key < $1.key }) {
            if let name = HTTPField.Name(name) { headers[name] = value }
        }
        headers[replayedHeader] = "true"
        return Response(status: HTTPResponse.Status(code: stored.status), headers: headers,
                        body: ResponseBody(byteBuffer: ByteBuffer(string: stored.body)))
    }

    /// The part of the scope naming the caller.
    static func scope(of caller: ServiceRequestContext.Caller?) -> String {
        guard let caller else { return "anonymous" }
        return caller.role == .app ? "app:\(caller.name)" : "team:\(caller.team)"
    }

    /// A key is 1 to 255 visible ASCII characters (a UUID, say).
    static func validate(_ key: String) throws(Problem) {
        guard (1...255).contains(key.utf8.count), key.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw Problem.invalid("invalid-idempotency-key", "Invalid Idempotency-Key",
                                  "the Idempotency-Key header must be 1 to 255 visible ASCII characters, such as a UUID")
        }
    }

    static func reused(_ key: String) -> Problem {
        Problem(.unprocessableContent, kind: "idempotency-key-reused", title: "Idempotency-Key reused",
                detail: "the Idempotency-Key '\(key)' was used with another request body; use a new key for a new request")
    }

    static func inUse(_ key: String) -> Problem {
        var headers = HTTPFields()
        headers[.retryAfter] = "1"
        return Problem(.conflict, kind: "idempotency-key-in-use", title: "Idempotency-Key in use",
                       detail: "a request with the Idempotency-Key '\(key)' is still in progress; retry shortly", headers: headers)
    }

    /// The whole body of a response.
    static func collect(_ body: ResponseBody) async throws -> ByteBuffer {
        let collector = BodyCollector()
        try await body.write(collector)
        return collector.buffer
    }
}

/// A response body writer that keeps what is written.
private final class BodyCollector: ResponseBodyWriter {
    var buffer = ByteBuffer()

    func write(_ buffer: ByteBuffer) async throws {
        var buffer = buffer
        self.buffer.writeBuffer(&buffer)
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
