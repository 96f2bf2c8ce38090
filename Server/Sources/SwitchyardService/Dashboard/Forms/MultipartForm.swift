import Hummingbird

/// A `multipart/form-data` body (RFC 7578), as browsers post a form with a file input: each
/// part's name and content. Only what the import form needs: no nested multiparts, no encodings
/// but the plain bytes browsers send.
struct MultipartForm: Sendable {
    /// The parts in order: the field's name and its bytes.
    let parts: [(name: String, bytes: [UInt8])]

    /// The first part named `name`, as bytes.
    func bytes(_ name: String) -> [UInt8]? { parts.first { $0.name == name }?.bytes }

    /// The first part named `name`, as text (invalid UTF-8 repaired).
    subscript(_ name: String) -> String? { bytes(name).map { String(decoding: $0, as: UTF8.self) } }

    /// Why a body is not a form this reader understands.
    struct Malformed: Error {
        let reason: String
    }

    /// The boundary of a `multipart/form-data; boundary=...` content type.
    static func boundary(_ contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingSpaces.lowercased() == "boundary" else { continue }
            var value = pair[1].trimmingSpaces
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = value.dropFirst().dropLast() }
            return value.isEmpty || value.utf8.count > 70 ? nil : String(value)
        }
        return nil
    }

    /// Parses `body` split by `--boundary` lines.
    init(body: [UInt8], boundary: String) throws(Malformed) {
        let delimiter = Array("--\(boundary)".utf8)
        var parts: [(name: String, bytes: [UInt8])] = []
        guard var start = Self.find(delimiter, in: body, from: 0) else { throw Malformed(reason: "no part starts with the boundary") }
        start += delimiter.count
        while true {
            // After a delimiter: "--" ends the body, CRLF starts a part.
            if body.count >= start + 2, body[start] == UInt8(ascii: "-"), body[start + 1] == UInt8(ascii: "-") { break }
            guard body.count >= start + 2, body[start] == 0x0D, body[start + 1] == 0x0A else {
                throw Malformed(reason: "a boundary line does not end with CRLF")
            }
            start += 2
            guard let headerEnd = Self.find([0x0D, 0x0A, 0x0D, 0x0A], in: body, from: start) else {
                throw Malformed(reason: "a part's headers never end")
            }
            let headers = String(decoding: body[start..<headerEnd], as: UTF8.self)
            let contentStart = headerEnd + 4
            guard let next = Self.find([0x0D, 0x0A] + delimiter, in: body, from: contentStart) else {
                throw Malformed(reason: "a part never ends (no closing boundary)")
            }
            guard let name = Self.name(headers) else { throw Malformed(reason: "a part has no Content-Disposition name") }
            parts.append((name, Array(body[contentStart..<next])))
            start = next + 2 + delimiter.count
        }
        self.parts = parts
    }

    /// `name="..."` of a part's `Content-Disposition: form-data` header.
    static func name(_ headers: String) -> String? {
        for line in headers.split(separator: "\r\n") where line.lowercased().hasPrefix("content-disposition:") {
            return fieldName(line)
        }
        return nil
    }

    private static func fieldName(_ line: Substring) -> String? {
        for parameter in line.split(separator: ";").dropFirst() {
            let trimmed = parameter.trimmingSpaces
            guard trimmed.lowercased().hasPrefix("name=") else { continue }
            var value = trimmed.dropFirst(5)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = value.dropFirst().dropLast() }
            return String(value)
        }
        return nil
    }

    /// The first index of `needle` in `haystack` at or after `from`.
    static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, from <= haystack.count - needle.count else { return nil }
        let first = needle[0]
        var i = from
        let last = haystack.count - needle.count
        while i <= last {
            if haystack[i] == first {
                var j = 1
                while j < needle.count && haystack[i + j] == needle[j] { j += 1 }
                if j == needle.count { return i }
            }
            i += 1
        }
        return nil
    }
}
