import Foundation
import Hummingbird

/// An `application/x-www-form-urlencoded` body, as browsers post it.
struct FormBody: Sendable {
    /// Name–value pairs in order.
    let fields: [(name: String, value: String)]

    /// The first value of `name`, or nil.
    subscript(_ name: String) -> String? { fields.first { $0.name == name }?.value }

    /// The first value of `name`, with surrounding white space removed; nil when empty.
    func trimmed(_ name: String) -> String? {
        guard let value = self[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
        return value
    }

    init(fields: [(name: String, value: String)]) { self.fields = fields }

    /// Parses `a=1&b=two+words`: `+` is a space, `%XX` a byte; invalid UTF-8 is repaired.
    init(parsing text: Substring) {
        fields = text.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (Self.decode(parts[0]), parts.count > 1 ? Self.decode(parts[1]) : "")
        }
    }

    static func decode(_ text: Substring) -> String {
        String(decoding: bytes(text, strict: false) ?? [], as: UTF8.self)
    }

    /// Decodes like ``decode(_:)``, but nil when a `%` is not followed by two hex digits or the
    /// bytes are not UTF-8 (for values that must be read exactly, such as Firebase's long links).
    static func decodeExactly(_ text: Substring) -> String? {
        guard let bytes = bytes(text, strict: true) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func bytes(_ text: Substring, strict: Bool) -> [UInt8]? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), iterator.count >= 2,
                      let high = hexValue(iterator[iterator.startIndex]), let low = hexValue(iterator[iterator.startIndex + 1]) {
                bytes.append(high << 4 | low)
                iterator = iterator.dropFirst(2)
            } else if byte == UInt8(ascii: "%") && strict {
                return nil
            } else {
                bytes.append(byte)
            }
        }
        return bytes
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Reads a request's form body: 415 for another content type, 413 over `limit` bytes.
    static func read(_ request: Request, limit: Int) async throws -> FormBody {
        guard RequestBodies.mediaType(request) == "application/x-www-form-urlencoded" else {
            throw Problem(.unsupportedMediaType, kind: "unsupported-media-type", title: "Unsupported media type",
                          detail: "the dashboard's forms post application/x-www-form-urlencoded")
        }
        let buffer = try await RequestBodies.collect(request, limit: limit)
        return FormBody(parsing: Substring(String(buffer: buffer)))
    }
}
