import Foundation
public import Switchyard

extension FirebaseImporter {
    /// The outcome of an import.
    public struct Report: Sendable, Hashable, Encodable {
        /// Links written (or, in a dry run, that would be).
        public var imported = 0
        /// Rows whose link was already stored, unchanged.
        public var alreadyThere = 0
        /// Rows not imported, in file order.
        public var rejected: [Rejection] = []
        /// Whether nothing was written.
        public var dryRun = false
        /// Archived rows: imported switched off, or skipped (``ArchivedRows``); counted in
        /// ``imported`` or ``alreadyThere`` unless skipped.
        public var archived = 0
        /// Whether archived rows were skipped rather than imported switched off.
        public var archivedSkipped = false
        /// Rows whose deep link matched no route, imported as links that send every platform to
        /// the deep link (``UnroutedRows/web``); counted in ``imported`` or ``alreadyThere`` too.
        public var unroutedAsWeb = 0
        /// Headers of columns no export writes, each once, with its file: ignored.
        public var unknownColumns: [String] = []
        /// Values that differ from the route table's apps (`ibi`, `ipbi`, `ius`, `apn`): each
        /// value once, with the first line that has it and how many rows do.
        public var notices: [Notice] = []
        /// Each short-link domain of the files, and the base URL its links now answer under.
        public var domains: [Domain] = []

        /// `N imported, M already there, K rejected`, then the archived and unrouted counts when
        /// there are any (with `(dry run)` when nothing was written).
        public var summary: String {
            var text = "\(imported) imported, \(alreadyThere) already there, \(rejected.count) rejected"
            if archived > 0 { text += ", \(archived) archived (\(archivedSkipped ? "skipped" : "imported disabled"))" }
            if unroutedAsWeb > 0 { text += ", \(unroutedAsWeb) unrouted (imported as web links)" }
            return text + (dryRun ? " (dry run: nothing written)" : "")
        }

        /// The lines printed before the summary: each domain's mapping, each unknown column, each
        /// notice, each rejection.
        public var details: [String] {
            domains.map { "\($0.domain) -> \($0.baseURL) (\($0.rows) row\($0.rows == 1 ? "" : "s") in \($0.file))" }
                + unknownColumns.map { "ignored column \($0)" }
                + notices.map(\.description)
                + rejected.map(\.description)
        }

        /// The report as JSON, keys sorted: `{"alreadyThere", "archived", "archivedSkipped",
        /// "domains": [{"baseURL", "domain", "file", "rows"}], "dryRun", "imported", "notices":
        /// [{"count", "line", "message"}], "rejected": [{"line", "reason", "shortLink"}],
        /// "unknownColumns", "unroutedAsWeb"}` (`shortLink` is null for a row without one; `file`
        /// is added to a rejection or notice when several files were imported).
        public var json: String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            // Encoding these plain fields cannot fail.
            return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        }
    }

    /// A row that was not imported.
    public struct Rejection: Sendable, Hashable, CustomStringConvertible, Encodable {
        /// The row's line in the file (1-based).
        public var line: Int
        /// Its short link, if it had one.
        public var shortLink: String?
        /// Why it was not imported.
        public var reason: String
        /// The file, when several were imported.
        public var file: String?

        /// Creates a rejection.
        public init(line: Int, shortLink: String?, reason: String, file: String? = nil) {
            self.line = line
            self.shortLink = shortLink
            self.reason = reason
            self.file = file
        }

        /// `line 12: reason`, or `links.csv line 12: reason` when several files were imported.
        public var description: String { (file.map { "\($0) " } ?? "") + "line \(line): \(reason)" }

        private enum CodingKeys: String, CodingKey { case line, shortLink, reason, file }

        /// `{"line", "reason", "shortLink"}`, the short link null when the row had none; `file`
        /// only when several files were imported.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(line, forKey: .line)
            try container.encode(shortLink, forKey: .shortLink)
            try container.encode(reason, forKey: .reason)
            try container.encodeIfPresent(file, forKey: .file)
        }
    }

    /// Something worth knowing about imported rows that did not stop them: a bundle ID, custom
    /// scheme or package that is not one of the route table's apps.
    public struct Notice: Sendable, Hashable, CustomStringConvertible, Encodable {
        /// The first line with it.
        public var line: Int
        /// The file, when several were imported.
        public var file: String?
        /// What differs.
        public var message: String
        /// How many rows have it.
        public var count: Int

        /// `line 3: message (and 4 more rows)`.
        public var description: String {
            (file.map { "\($0) " } ?? "") + "line \(line): \(message)" + (count > 1 ? " (and \(count - 1) more rows)" : "")
        }
    }

    /// A short-link domain of an export, mapped to the base URL its links answer under here.
    public struct Domain: Sendable, Hashable, Encodable {
        /// The short links' host (`example.page.link`).
        public var domain: String
        /// The file its rows came from.
        public var file: String
        /// Where its links now live: the base of the service's domain of the same host, of the one
        /// `--domain-map` names, else the service's base URL. Point the old domain at the service,
        /// or link to this URL.
        public var baseURL: String
        /// Rows with a short link on this domain.
        public var rows: Int
    }

    /// How far an import has come, for a progress bar.
    public struct Progress: Sendable, Hashable {
        /// Rows read.
        public var rows: Int
        /// Bytes read, over every file so far.
        public var bytesRead: Int
        /// The files' total size, when known.
        public var totalBytes: Int?
    }

    /// Why an export cannot be imported at all (no rows are read).
    public struct FileError: CodedError, Sendable, Hashable {
        /// ``ErrorCode/unreadableExport``.
        public var code: Code { .unreadableExport }
        /// What is wrong with the file.
        public let message: String
    }

    /// What happens to rows the export marks archived.
    public enum ArchivedRows: String, Sendable, Hashable, CaseIterable {
        /// Imported switched off: they answer 410, keep their code, and count as imported.
        case disable
        /// Not imported; counted.
        case skip
    }

    /// What happens to rows whose deep link matches no route.
    public enum UnroutedRows: String, Sendable, Hashable, CaseIterable {
        /// Rejected, with the nearest routes.
        case reject
        /// Imported as links that send every platform to the deep link itself, as Firebase did in a browser.
        case web
    }

    /// How an import treats its rows.
    public struct Options: Sendable, Hashable {
        /// Check and report, write nothing.
        public var dryRun: Bool
        /// What happens to archived rows.
        public var archived: ArchivedRows
        /// What happens to rows whose deep link matches no route.
        public var unrouted: UnroutedRows
        /// The domain each Firebase short-link host moves to (`example.page.link` →
        /// `links.example.com`), beside the hosts that are domains of the team themselves.
        public var domainMap: [String: String]

        /// Options; by default rows are written, archived ones switched off, unrouted ones rejected,
        /// and each file's links land on the team's domain of the same host (else the bootstrap one).
        public init(dryRun: Bool = false, archived: ArchivedRows = .disable, unrouted: UnroutedRows = .reject,
                    domainMap: [String: String] = [:]) {
            self.dryRun = dryRun
            self.archived = archived
            self.unrouted = unrouted
            self.domainMap = domainMap
        }
    }
}

extension ErrorCode<FirebaseImporter.FileError> {
    /// A file that cannot be read, or is not a Firebase Dynamic Links export (no row is read).
    public static var unreadableExport: Self { Self(rawValue: "unreadable_export") }
}
