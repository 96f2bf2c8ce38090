import Foundation

/// Reads CSV records one at a time (RFC 4180): fields separated by commas, records by CRLF or LF,
/// fields optionally in double quotes with `""` for a quote (and commas and line ends inside). A
/// UTF-8 byte-order mark at the start is skipped. Bytes come from a ``ByteSource`` a chunk at a
/// time, so memory stays flat however long the file is.
///
/// A malformed record (a quote inside an unquoted field, text after a closing quote, a quoted
/// field still open at the end, invalid UTF-8) is reported as ``CSVReader/Record/failure`` with its
/// line and the reader carries on at the next line.
///
/// ```swift
/// var reader = CSVReader(source: ByteSource(text: "a,\"b,c\"\r\n1,2\n"))
/// while let record = try reader.next() { print(record) }
/// ```
///
/// Why a reader of our own rather than yaslab/CSV.swift (2.5.2, weighed against this one): it
/// streams too (from an `InputStream`), but it reports no line for anything: a malformed record
/// is read without complaint (text after a closing quote is kept as field text, a quote that is
/// never closed swallows the rest of the file into one field), and its errors (`CSVError`) are
/// cases without a position, left in a `reader.error` property after `next()` returns nil. An
/// importer of files that people fix by hand needs the line of each bad record and to carry on
/// after it, which this reader gives in about a hundred lines; CSV.swift's reader is also a
/// non-`Sendable` class built with Swift 5.4 tools, and would be the service's only dependency
/// for this.
struct CSVReader {
    /// One record, or why it could not be read.
    enum Record: Equatable {
        /// The fields of the record that starts on `line` (1-based).
        case fields([String], line: Int)
        /// A malformed record starting on `line`.
        case failure(String, line: Int)
    }

    private var source: ByteSource
    private var buffer: [UInt8] = []
    private var position = 0
    private var line = 1
    private var started = false

    init(source: ByteSource) {
        self.source = source
    }

    /// Bytes consumed so far (for progress).
    var bytesRead: Int { source.bytesRead - (buffer.count - position) }

    private mutating func peek() throws -> UInt8? {
        if position == buffer.count {
            buffer = try source.nextChunk()
            position = 0
            if buffer.isEmpty { return nil }
        }
        return buffer[position]
    }

    private mutating func take() throws -> UInt8? {
        guard let byte = try peek() else { return nil }
        position += 1
        return byte
    }

    /// Skips to just after the next line end (after a malformed record).
    private mutating func skipLine() throws {
        while let byte = try take() {
            if byte == 0x0A { line += 1; return }
        }
    }

    /// The next record; nil at the end of the input.
    ///
    /// - Throws: what the ``ByteSource`` throws (an I/O error).
    mutating func next() throws -> Record? {
        if !started {
            started = true
            if try peek() == 0xEF, buffer.count - position >= 3, buffer[position + 1] == 0xBB, buffer[position + 2] == 0xBF {
                position += 3
            }
        }
        guard try peek() != nil else { return nil }
        let start = line
        var fields: [String] = []
        var field: [UInt8] = []
        var quoted = false
        func finish(_ bytes: [UInt8]) -> String? { String(validating: bytes, as: UTF8.self) }
        while true {
            guard let byte = try take() else {
                // End of input.
                if quoted { return .failure("a quoted field is never closed (missing '\"')", line: start) }
                guard let text = finish(field) else { return .failure("the record is not UTF-8", line: start) }
                fields.append(text)
                return .fields(fields, line: start)
            }
            if quoted {
                if byte == 0x22 {
                    if try peek() == 0x22 {
                        position += 1
                        field.append(0x22)
                    } else {
                        quoted = false
                        // Only a separator or a line end may follow a closing quote.
                        let after = try peek()
                        if let after, after != 0x2C, after != 0x0A, after != 0x0D {
                            try skipLine()
                            return .failure("text after a closing quote (a quote inside a field must be written \"\")", line: start)
                        }
                    }
                } else {
                    if byte == 0x0A { line += 1 }
                    field.append(byte)
                }
                continue
            }
            switch byte {
            case 0x22:
                guard field.isEmpty else {
                    try skipLine()
                    return .failure("a quote inside an unquoted field (quote the field and write the quote as \"\")", line: start)
                }
                quoted = true
                // Mark an opened quoted field, so that `"",` is an empty field and not a bare one.
            case 0x2C:
                guard let text = finish(field) else {
                    try skipLine()
                    return .failure("the record is not UTF-8", line: start)
                }
                fields.append(text)
                field.removeAll(keepingCapacity: true)
            case 0x0D where try peek() == 0x0A:
                continue
            case 0x0A:
                line += 1
                guard let text = finish(field) else { return .failure("the record is not UTF-8", line: start) }
                fields.append(text)
                return .fields(fields, line: start)
            default:
                field.append(byte)
            }
        }
    }
}

/// Where ``CSVReader`` and the importer read bytes from: a file, a chunk at a time, or bytes
/// already in memory (the dashboard's upload).
struct ByteSource {
    private let handle: FileHandle?
    private var remaining: [UInt8]?
    /// The total size when known (a file's size), for progress.
    let totalBytes: Int?
    private(set) var bytesRead = 0
    static let chunkSize = 64 * 1024

    /// Bytes in memory.
    init(bytes: [UInt8]) {
        handle = nil
        remaining = bytes
        totalBytes = bytes.count
    }

    /// Text in memory.
    init(text: String) {
        self.init(bytes: Array(text.utf8))
    }

    /// A file, read in 64 KB chunks.
    init(path: String) throws {
        handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        remaining = nil
        totalBytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
    }

    /// The next chunk; empty at the end.
    mutating func nextChunk() throws -> [UInt8] {
        if let bytes = remaining {
            remaining = []
            bytesRead += bytes.count
            return bytes
        }
        guard let handle else { return [] }
        let data = try handle.read(upToCount: Self.chunkSize) ?? Data()
        bytesRead += data.count
        return [UInt8](data)
    }
}
