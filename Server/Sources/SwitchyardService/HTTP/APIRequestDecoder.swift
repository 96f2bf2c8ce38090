import Foundation
public import Hummingbird
@_spi(SwitchyardService) import Switchyard

/// Decodes the API's JSON request bodies (``ServiceRequestContext/requestDecoder``, so handlers
/// call `request.decode(as:context:)`): 415 for another content type, 413 over the context's
/// ``ServiceRequestContext/maxUploadSize``, 400 with the parser's position for malformed JSON and
/// when the body is not an object; then `JSONDecoder`, where each body type's `init(from:)`
/// throws the ``Problem`` that names the field.
public struct APIRequestDecoder: RequestDecoder {
    /// The largest body read, in bytes.
    let limit: Int

    public func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext) async throws -> T {
        let mediaType = RequestBodies.mediaType(request)
        guard let mediaType, mediaType == "application/json" || (mediaType.hasPrefix("application/") && mediaType.hasSuffix("+json")) else {
            throw Problem(.unsupportedMediaType, kind: "unsupported-media-type", title: "Unsupported media type",
                          detail: "the request body must be application/json, got \(request.headers[.contentType].map { "'\($0)'" } ?? "no Content-Type")")
        }
        let buffer = try await RequestBodies.collect(request, limit: limit)
        // The SDK's parser reads the text first: it says where the JSON breaks (line and column),
        // refuses duplicate keys and lone surrogates, and names the type of a body that is not an
        // object; JSONDecoder then only meets well-formed objects.
        let value: JSONValue
        do {
            value = try JSONValue.parse(bytes: buffer.readableBytesView)
        } catch {
            throw Problem.malformed("the request body is not valid JSON: \(error.description)")
        }
        guard case .object = value else {
            throw Problem.malformed("the request body must be a JSON object, got \(value.typeName)")
        }
        do {
            // A body type reads the parsed value: the text is parsed once.
            if let body = T.self as? any APIRequestBody.Type, let read = try body.init(parsed: value, path: "") as? T {
                return read
            }
            return try JSONDecoder().decode(T.self, from: Data(buffer.readableBytesView))
        } catch let error as DecodingError {
            // Body types read their fields through BodyFields, which throws problems; a plain
            // DecodingError comes from a type that does not, and says what it can.
            throw Problem.malformed(BodyFields.describe(error))
        }
    }
}

/// Encodes the API's answers (``ServiceRequestContext/responseEncoder``, for every
/// `ResponseEncodable` body): `application/json`, never cached unless the handler says otherwise
/// (through `EditedResponse`'s headers), keys sorted so that an answer's text is stable.
public struct APIResponseEncoder: ResponseEncoder {
    public func encode(_ value: some Encodable, from request: Request, context: some RequestContext) throws -> Response {
        Response(status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                 body: ResponseBody(byteBuffer: ByteBuffer(bytes: try Self.data(value))))
    }

    /// The JSON of a value, as the API writes it.
    static func data(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }
}
