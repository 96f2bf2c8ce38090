public import Hummingbird
import Switchyard

/// An RFC 9457 problem-details error: every API failure is answered with one, as
/// `application/problem+json` with `type`, `title`, `status` and `detail`.
public struct Problem: Error, HTTPResponseError, Sendable, CustomStringConvertible, Encodable {
    /// The HTTP status.
    public let status: HTTPResponse.Status
    /// A short, stable identifier (the last part of `type`), such as `unknown-route`.
    public let kind: String
    /// A one-line summary of the kind of problem.
    public let title: String
    /// What exactly was wrong with this request.
    public let detail: String
    /// Extra headers (`WWW-Authenticate`, `Retry-After`).
    public var headers: HTTPFields

    /// Creates a problem.
    public init(_ status: HTTPResponse.Status, kind: String, title: String, detail: String, headers: HTTPFields = [:]) {
        self.status = status
        self.kind = kind
        self.title = title
        self.detail = detail
        self.headers = headers
    }

    /// The problem's `type` URI.
    public var type: String { "https://switchyard.dev/problems/\(kind)" }

    /// The status and detail, for logs.
    public var description: String { "\(status.code) \(kind): \(detail)" }

    /// Writes the JSON body: `type`, `title`, `status` and `detail` (``fields``).
    public func encode(to encoder: any Encoder) throws {
        try encodeFields(to: encoder)
    }

    /// The response, as `application/problem+json`.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var fields = headers
        fields[.contentType] = "application/problem+json"
        fields[.cacheControl] = "no-store"
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: try APIResponseEncoder.data(self))))
    }
}

extension Problem: APIObject, OpenAPISchema {
    static let schemaName = "Problem"

    static let fields: [APIField<Self>] = [
        APIField("type", \.type), APIField("title", \.title), APIField("status", \.status.code), APIField("detail", \.detail),
    ]

    static var schema: JSONSchema { objectSchema.refined("RFC 9457 problem details.") }
}

extension Problem {
    /// 400: the request's content is wrong.
    static func invalid(_ kind: String, _ title: String, _ detail: String) -> Problem {
        Problem(.badRequest, kind: kind, title: title, detail: detail)
    }

    /// 400: the body is not JSON or not the expected shape.
    static func malformed(_ detail: String) -> Problem {
        invalid("malformed-body", "Malformed request body", detail)
    }

    /// 401 with a Bearer challenge.
    static func unauthorized(_ detail: String, invalidToken: Bool) -> Problem {
        let challenge = invalidToken ? #"Bearer realm="switchyard", error="invalid_token""# : #"Bearer realm="switchyard""#
        var headers = HTTPFields()
        headers[.wwwAuthenticate] = challenge
        return Problem(.unauthorized, kind: "unauthorized", title: "Unauthorized", detail: detail, headers: headers)
    }

    /// 404: no such link (or another team's).
    static func linkNotFound(_ code: String) -> Problem {
        Problem(.notFound, kind: "link-not-found", title: "Link not found", detail: "no link with code '\(code)'")
    }

    /// 410: deleted or expired.
    static func linkGone(_ code: String) -> Problem {
        Problem(.gone, kind: "link-gone", title: "Link gone", detail: "link '\(code)' was deleted or has expired")
    }

    /// 503 with `Retry-After`.
    static func unavailable(_ detail: String) -> Problem {
        var headers = HTTPFields()
        headers[.retryAfter] = "5"
        return Problem(.serviceUnavailable, kind: "unavailable", title: "Service unavailable", detail: detail,
                       headers: headers)
    }

    /// 429 with `Retry-After`: the caller went over its rate for `operation`.
    static func rateLimited(_ operation: RateLimiter.Operation, retryAfter seconds: Int) -> Problem {
        var headers = HTTPFields()
        headers[.retryAfter] = String(seconds)
        let detail = switch operation {
        case .create: "too many links created with this key; retry in \(seconds) s"
        case .appCreate: "too many links created by this install; retry in \(seconds) s"
        case .appCreateTotal: "too many links created with the app's keys, from every install and address together; retry in \(seconds) s"
        case .redeem: "too many redeems from this address; retry in \(seconds) s"
        case .claim: "too many deferred claims from this address; retry in \(seconds) s"
        case .resolve: "too many resolves from this address; retry in \(seconds) s"
        case .keyGuess: "too many sign-in attempts or wrong API keys from this address; retry in \(seconds) s"
        case .keyRequest: "too many requests with this key; retry in \(seconds) s"
        case .passwordGuess: "too many password guesses from this address; retry in \(seconds) s"
        case .linkPasswordGuess: "too many password guesses on this link; retry in \(seconds) s"
        }
        return Problem(.tooManyRequests, kind: "rate-limited", title: "Too many requests", detail: detail, headers: headers)
    }

    /// The problem for an HTTP error raised by the framework (413 for a body over the limit, say).
    static func from(status: HTTPResponse.Status, limit: Int) -> Problem {
        switch status {
        case .contentTooLarge:
            Problem(.contentTooLarge, kind: "body-too-large", title: "Request body too large",
                    detail: "the request body exceeds \(limit) bytes")
        case .notFound:
            Problem(.notFound, kind: "not-found", title: "Not found", detail: "no such resource")
        case .methodNotAllowed:
            Problem(.methodNotAllowed, kind: "method-not-allowed", title: "Method not allowed",
                    detail: "this resource does not accept that method")
        default:
            Problem(status, kind: "http-\(status.code)", title: status.reasonPhrase, detail: status.reasonPhrase)
        }
    }
}
