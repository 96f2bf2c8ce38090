import Hummingbird

/// What the JSON and form readers share: the request's media type, and its body collected up to
/// a limit with an over-limit body answered as the service's 413 problem.
enum RequestBodies {
    /// The Content-Type without parameters, lower-cased (`application/json`); nil when absent.
    static func mediaType(_ request: Request) -> String? {
        request.headers[.contentType].map { $0.split(separator: ";")[0].trimmingSpaces.lowercased() }
    }

    /// The body, at most `limit` bytes; a 413 problem beyond (checked against Content-Length first).
    static func collect(_ request: Request, limit: Int) async throws -> ByteBuffer {
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit {
            throw Problem.from(status: .contentTooLarge, limit: limit)
        }
        var request = request
        return try await collect(&request, limit: limit)
    }

    /// The body, at most `limit` bytes, kept on `request` so that it can be read again.
    static func collect(_ request: inout Request, limit: Int) async throws -> ByteBuffer {
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit {
            throw Problem.from(status: .contentTooLarge, limit: limit)
        }
        do {
            return try await request.collectBody(upTo: limit)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw Problem.from(status: .contentTooLarge, limit: limit)
        }
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs (header values, form parameters).
    var trimmingSpaces: Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return text
    }
}
