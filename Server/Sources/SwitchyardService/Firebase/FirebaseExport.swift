import Crypto

/// An export of a Firebase Dynamic Links project, read a row at a time: a CSV whose header names
/// the short-link and long-link columns (the usual spellings, case-insensitive: `Short link`,
/// `shortLink`, `short_dynamic_link`, `Long link`, `longDynamicLink`, ...), or a plain list of long
/// links, one a line. A file whose first line is an `http(s)://` URL is a plain list.
struct FirebaseExport {
    /// One row of the export.
    struct Row: Sendable, Hashable {
        /// The row's line in the file (1-based; the header is line 1 of a CSV).
        var line: Int
        /// The short link, when the export has one (`https://example.page.link/m9Mm`).
        var shortLink: String?
        /// The long link.
        var longLink: String
    }

    /// A row, or why the file's row could not be read at all.
    enum Item: Equatable {
        case row(Row)
        case failure(line: Int, reason: String)
    }

    /// Header spellings, folded (lower-cased, letters and digits only).
    static let shortColumns: Set<String> = ["shortlink", "shortdynamiclink", "shorturl", "shortdynamiclinkurl", "dynamiclink", "short"]
    static let longColumns: Set<String> = ["longlink", "longdynamiclink", "longurl", "longdynamiclinkurl", "long"]

    enum Format {
        case csv(short: Int?, long: Int, width: Int)
        case list
    }

    private var reader: CSVReader
    private var format: Format?
    /// Fields of the first CSV record, read to learn the format, then handed out.
    private var pending: [Item] = []

    init(source: ByteSource) {
        reader = CSVReader(source: source)
    }

    /// Bytes consumed so far.
    var bytesRead: Int { reader.bytesRead }

    /// Why a file cannot be read as an export at all.
    struct FormatError: Error, Sendable, Hashable, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    static func fold(_ header: String) -> String {
        String(header.lowercased().unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
            .map(Character.init))
    }

    /// The next row; nil at the end.
    ///
    /// - Throws: ``FormatError`` when the first line is neither a header naming a long-link column
    ///   nor a long link; the source's I/O errors.
    mutating func next() throws -> Item? {
        if format == nil { try readFormat() }
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
        case .csv(let short, let long, let width)?:
            guard fields.count == width else {
                return .failure(line: line, reason: "the row has \(fields.count) fields; the header has \(width)")
            }
            let shortLink = short.map { fields[$0].trimmingCharacters(in: .whitespaces) }
            return .row(Row(line: line, shortLink: shortLink?.isEmpty == true ? nil : shortLink,
                            longLink: fields[long].trimmingCharacters(in: .whitespaces)))
        case .list?, nil:
            // A plain list's line is the long link whole, commas and quotes included.
            return .row(Row(line: line, shortLink: nil, longLink: fields.joined(separator: ",").trimmingCharacters(in: .whitespaces)))
        }
    }

    private mutating func readFormat() throws {
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
                let folded = fields.map(Self.fold)
                guard let long = folded.firstIndex(where: Self.longColumns.contains) else {
                    throw FormatError(message: """
                        line \(line): the header names no long-link column (looked for \"Long link\", \"longDynamicLink\", \
                        \"long_url\" and the like); the columns are \(fields.map { "'\($0)'" }.joined(separator: ", "))
                        """)
                }
                format = .csv(short: folded.firstIndex(where: Self.shortColumns.contains), long: long, width: fields.count)
                return
            }
        }
        format = .list
    }
}

extension FirebaseExport {
    /// The code of a row without a short link: 12 letters of a SHA-256 of its long link, so that
    /// importing the same list again finds the same codes.
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
