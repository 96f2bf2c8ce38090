import Hummingbird
import HTTPTypes

/// Building responses with fixed content types and no caching.
enum Responses {
    /// JSON text made ahead of time (the association files, the OpenAPI document).
    static func json(_ text: String, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "application/json"
        if fields[.cacheControl] == nil { fields[.cacheControl] = "no-store" }
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    static func html(_ text: String, status: HTTPResponse.Status = .ok, nonce: String? = nil) -> Response {
        html(body: ByteBuffer(string: text), status: status, nonce: nonce)
    }

    /// An HTML page already in bytes (``NoncedPage``), with the headers of ``html(_:status:nonce:)``.
    static func html(body: ByteBuffer, status: HTTPResponse.Status = .ok, nonce: String?) -> Response {
        var fields = HTTPFields()
        fields[.contentType] = "text/html; charset=utf-8"
        fields[.cacheControl] = "no-store"
        fields[.xContentTypeOptions] = "nosniff"
        fields[.referrerPolicy] = "no-referrer"
        let script = nonce.map { "'nonce-\($0)'" } ?? "'none'"
        fields[.contentSecurityPolicy] = "default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'; script-src \(script); base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: body))
    }

    /// A 302 to a URL stored on the link, never cached.
    static func redirect(to location: String) -> Response {
        Response(status: .found, headers: redirectFields(to: location))
    }

    /// The header fields of ``redirect(to:)``: made once per cached link for its web fallback
    /// (``OpenLinkCache/Opened``), so no redirect builds and checks them again.
    static func redirectFields(to location: String) -> HTTPFields {
        [.location: location, .cacheControl: "no-store", .referrerPolicy: "no-referrer"]
    }

    static func text(_ text: String, contentType: String) -> Response {
        var fields = HTTPFields()
        fields[.contentType] = contentType
        return Response(status: .ok, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// A CSP nonce: 16 random bytes from the system's generator, as 32 lowercase hex digits.
    /// Two draws of 8 bytes (one `getrandom` each), written straight into the string: drawing a
    /// byte at a time made sixteen system calls and thirty-two strings per page.
    static func nonce() -> String {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next(), low = generator.next()
        let digits: StaticString = "0123456789abcdef"
        return String(unsafeUninitializedCapacity: 32) { buffer in
            digits.withUTF8Buffer { digits in
                for nibble in 0..<16 {
                    let shift = UInt64(60 - 4 * nibble)
                    buffer[nibble] = digits[Int((high >> shift) & 0xF)]
                    buffer[16 + nibble] = digits[Int((low >> shift) & 0xF)]
                }
            }
            return 32
        }
    }
}

extension HTTPField.Name {
    /// `Referrer-Policy`, which swift-http-types does not name.
    static var referrerPolicy: Self { Self("Referrer-Policy")! }
}
