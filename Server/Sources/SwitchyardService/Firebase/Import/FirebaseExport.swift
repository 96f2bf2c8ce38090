import Crypto
import Switchyard

/// An export of a Firebase Dynamic Links project, read a row at a time: a CSV whose header names
/// its columns (``FirebaseExportColumn``: the Takeout export's labels, the bare long-link parameter
/// names, or short-link and long-link columns), in any order, or a plain list of long links, one a
/// line. A file whose first line is an `http(s)://` URL is a plain list. Columns it does not know
/// are listed once in ``unknownColumns`` and otherwise ignored.
struct FirebaseExport {
    /// One row of the export.
    struct Row: Sendable, Hashable {
        /// The row's line in the file (1-based; the header is line 1 of a CSV).
        var line: Int
        /// The short link, when the export has one (`https://example.page.link/m9Mm`).
        var shortLink: String?
        /// The long link, when the export has a long-link column (or is a plain list).
        var longLink: String?
        /// Long-link parameters from their own columns (`link`, `apn`, ...), non-empty only.
        var parameters: [String: String] = [:]
        /// The `Archived?` column as written; nil without one.
        var archived: String?
        /// The `Link name` column; nil without one or when empty.
        var name: String?
        /// The `Creation timestamp` column as written; nil without one or when empty.
        var createdAt: String?
    }

    /// A row, or why the file's row could not be read at all.
    enum Item: Equatable {
        case row(Row)
        case failure(line: Int, reason: String)
    }

    enum Format {
        case csv(columns: [FirebaseExportColumn?], width: Int)
        case list
    }

    private var reader: CSVReader
    private var format: Format?
    /// Fields of the first CSV record, read to learn the format, then handed out.
    private var pending: [Item] = []
    /// Headers of columns no export writes, in file order (the header is read with the first row).
    private(set) var unknownColumns: [String] = []

    init(source: ByteSource) {
        reader = CSVReader(source: source)
    }

    /// Bytes consumed so far.
    var bytesRead: Int { reader.bytesRead }

    /// Why a file cannot be read as an export at all.
    struct FormatError: CodedError, Sendable, Hashable {
        var code: Code { .notAnExport }
        let message: String
    }

    /// The next row; nil at the end.
    ///
    /// - Throws: ``FormatError`` when the first line is neither a header naming a deep-link or
    ///   long-link column nor a long link; the source's I/O errors.
    mutating func next() throws -> Item? {
        if format == nil { try readHeader() }
        if !pending.isEmpty { return pending.removeFirst() }
        while true {
            guard let record = try reader.next() else { return nil }
            switch record {
            case .failure(let reason, let line):
                return .failure(line: line, reason: reason)
            case .fields(let fields, let line):
                if fields.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { continue }
                return item(fields, line: line)
            }
        }
    }

    private func item(_ fields: [String], line: Int) -> Item {
        switch format {
        case .csv(let columns, let width)?:
            guard fields.count == width else {
                return .failure(line: line, reason: "the row has \(fields.count) fields; the header has \(width)")
            }
            var row = Row(line: line)
            for (column, field) in zip(columns, fields) {
                guard let column else { continue }
                let value = field.trimmingCharacters(in: .whitespacesAndNewlines)
                guard !value.isEmpty else { continue }
                switch column {
                case .shortLink: row.shortLink = value
                case .longLink: row.longLink = value
                case .parameter(let name): row.parameters[name] = value
                case .archived: row.archived = value
                case .name: row.name = value
                case .createdAt: row.createdAt = value
                }
            }
            return .row(row)
        case .list?, nil:
            // A plain list's line is the long link whole, commas and quotes included.
            return .row(Row(line: line, longLink: fields.joined(separator: ",").trimmingCharacters(in: .whitespaces)))
        }
    }

    /// Reads the first line, to learn the format and the columns (``next()`` does, if not yet).
    ///
    /// - Throws: ``FormatError``, as ``next()``.
    mutating func readHeader() throws {
        guard format == nil else { return }
        while let record = try reader.next() {
            switch record {
            case .failure(let reason, let line):
                throw FormatError(message: "line \(line): \(reason)")
            case .fields(let fields, let line):
                if fields.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { continue }
                let first = fields[0].trimmingCharacters(in: .whitespaces).lowercased()
                if first.hasPrefix("https://") || first.hasPrefix("http://") {
                    format = .list
                    pending.append(item(fields, line: line))
                    return
                }
                let columns = fields.map(FirebaseExportColumn.named)
                guard columns.contains(.longLink) || columns.contains(.parameter("link")) else {
                    throw FormatError(message: """
                        line \(line): the header names neither a deep-link column ("Deep link" or "link", as in Google's \
                        Takeout export) nor a long-link column ("Long link", "longDynamicLink" and the like); the columns \
                        are \(fields.map { "'\($0)'" }.joined(separator: ", "))
                        """)
                }
                var repeated: [FirebaseExportColumn: String] = [:]
                for (column, header) in zip(columns, fields) {
                    guard let column else { continue }
                    if let earlier = repeated[column] {
                        throw FormatError(message: "line \(line): the columns '\(earlier)' and '\(header)' are the same field")
                    }
                    repeated[column] = header
                }
                unknownColumns = zip(columns, fields).filter { $0.0 == nil }.map { $0.1 }
                format = .csv(columns: columns, width: fields.count)
                return
            }
        }
        format = .list
    }
}

extension FirebaseExport {
    /// The code of a row without a short link: 12 letters of a SHA-256 of its long link (or its
    /// deep link), so that importing the same list again finds the same codes.
    static func derivedCode(longLink: String) -> String {
        let alphabet = LinkCodes.alphabet
        let digest = Array(SHA256.hash(data: Array(longLink.utf8)))
        return String(digest.prefix(12).map { alphabet[Int($0) % alphabet.count] })
    }

    /// The suffix of a short link (`https://example.page.link/m9Mm` → `m9Mm`): the last segment of
    /// its path.
    ///
    /// - Throws: the reason, when the short link is not an absolute http(s) URL or its suffix
    ///   cannot be a code here.
    static func suffix(of shortLink: String) throws(FormatError) -> String {
        guard FallbackPolicy.host(of: shortLink) != nil, let scheme = shortLink.range(of: "://") else {
            throw FormatError(message: "the short link '\(FirebaseLongLink.excerpt(shortLink))' is not an absolute http or https URL")
        }
        var rest = shortLink[scheme.upperBound...]
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        let path = rest.drop { $0 != "/" }
        guard let suffix = path.split(separator: "/").last.map(String.init) else {
            throw FormatError(message: "the short link '\(FirebaseLongLink.excerpt(shortLink))' has no suffix after its domain")
        }
        guard LinkCodes.isPlausible(suffix) else {
            throw FormatError(message: "the suffix '\(FirebaseLongLink.excerpt(suffix))' may contain only letters, digits, '-' and '_' (at most 64)")
        }
        guard !LinkCodes.reserved.contains(suffix.lowercased()) else {
            throw FormatError(message: "the suffix '\(suffix)' is a path the service answers itself")
        }
        return suffix
    }
}

extension ErrorCode<FirebaseExport.FormatError> {
    /// A header or short link that is not an export's.
    static var notAnExport: Self { Self(rawValue: "not_an_export") }
}
