import Hummingbird
import Switchyard

/// Reads a JSON request body: 415 for another content type, 413 over the size limit, 400 with the
/// parser's reason for malformed JSON, 400 when it is not an object.
enum JSONBody {
    static func object(
        _ request: Request, context: some RequestContext, limit: Int
    ) async throws -> [String: JSONValue] {
        let mediaType = RequestBodies.mediaType(request)
        guard let mediaType, mediaType == "application/json" || (mediaType.hasPrefix("application/") && mediaType.hasSuffix("+json")) else {
            throw Problem(.unsupportedMediaType, kind: "unsupported-media-type", title: "Unsupported media type",
                          detail: "the request body must be application/json, got \(request.headers[.contentType].map { "'\($0)'" } ?? "no Content-Type")")
        }
        let buffer = try await RequestBodies.collect(request, limit: limit)
        let value: JSONValue
        do {
            value = try JSONValue.parse(bytes: buffer.readableBytesView)
        } catch {
            throw Problem.malformed("the request body is not valid JSON: \(error.description)")
        }
        guard case .object(let object) = value else {
            throw Problem.malformed("the request body must be a JSON object, got \(value.typeName)")
        }
        return object
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return text
    }
}

/// Field-by-field reading of a decoded JSON object, with errors that name the field.
struct FieldReader {
    let object: [String: JSONValue]
    let context: String

    init(_ object: [String: JSONValue], context: String = "") {
        self.object = object
        self.context = context
    }

    private func name(_ key: String) -> String { context.isEmpty ? "'\(key)'" : "'\(context).\(key)'" }

    /// Fails on a key outside `allowed`, so a typo never passes silently.
    func onlyKeys(_ allowed: Set<String>) throws(Problem) {
        for key in object.keys.sorted() where !allowed.contains(key) {
            throw .malformed("unknown field \(name(key))")
        }
    }

    /// A present, non-null value.
    private func present(_ key: String) -> JSONValue? {
        guard let value = object[key], !value.isNull else { return nil }
        return value
    }

    func string(_ key: String, maxLength: Int = 2048) throws(Problem) -> String? {
        guard let value = present(key) else { return nil }
        guard case .string(let text) = value else { throw .malformed("\(name(key)) must be a string, got \(value.typeName)") }
        guard text.utf8.count <= maxLength else { throw .malformed("\(name(key)) is longer than \(maxLength) bytes") }
        return text
    }

    func requiredString(_ key: String) throws(Problem) -> String {
        guard let text = try string(key), !text.isEmpty else { throw .malformed("\(name(key)) is required") }
        return text
    }

    func integer(_ key: String, in range: ClosedRange<Int>) throws(Problem) -> Int? {
        guard let value = present(key) else { return nil }
        guard case .number(let number) = value, number.rounded() == number, let integer = value.intValue,
              range.contains(integer) else {
            throw .malformed("\(name(key)) must be an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return integer
    }

    /// An object of string values; numbers and Booleans are accepted and written as text.
    func stringMap(_ key: String) throws(Problem) -> [String: String] {
        guard let value = present(key) else { return [:] }
        guard case .object(let members) = value else { throw .malformed("\(name(key)) must be an object, got \(value.typeName)") }
        var result: [String: String] = [:]
        for (member, item) in members {
            switch item {
            case .string(let text): result[member] = text
            case .bool(let flag): result[member] = flag ? "true" : "false"
            case .number(let number):
                result[member] = number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
            default:
                throw .malformed("'\(member)' in \(name(key)) must be a string, number or Boolean, got \(item.typeName)")
            }
        }
        return result
    }

    func object(_ key: String) throws(Problem) -> [String: JSONValue]? {
        guard let value = present(key) else { return nil }
        guard case .object(let members) = value else { throw .malformed("\(name(key)) must be an object, got \(value.typeName)") }
        return members
    }
}
