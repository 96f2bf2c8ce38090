import Foundation
import SwitchyardStore

extension FirebaseImporter {
    /// A row ready to be written.
    struct Entry {
        var file: Int
        var line: Int
        var shortLink: String?
        var link: SmartLink
        var archived: Bool
        var unrouted: Bool
    }

    /// What an import keeps between rows: the report, the batch being filled, and per code the
    /// row that first used it (file, line, short-link domain, content fingerprint).
    struct State {
        var report: Report
        var batch: [Entry] = []
        var seen: [String: (file: Int, line: Int, domain: Int, content: Int)] = [:]
        /// Each short-link domain's index in ``domains``, the domains, and where each one's links
        /// land (the host of their store keys, nil for the bootstrap domain, or why none).
        var domainIndex: [String: Int] = [:]
        var domains: [String] = []
        var targets: [Result<String?, TargetRefusal>] = []
        /// Each notice's index in the report, by message.
        var noticeIndex: [String: Int] = [:]
        var files: [String]

        /// The file's name where several are imported; nil for one.
        func fileName(_ file: Int) -> String? { files.count > 1 ? files[file] : nil }

        mutating func reject(file: Int, line: Int, shortLink: String?, _ reason: String) {
            report.rejected.append(Rejection(line: line, shortLink: shortLink, reason: reason, file: fileName(file)))
        }

        mutating func notice(file: Int, line: Int, _ message: String) {
            if let index = noticeIndex[message] {
                report.notices[index].count += 1
            } else {
                noticeIndex[message] = report.notices.count
                report.notices.append(Notice(line: line, file: fileName(file), message: message, count: 1))
            }
        }

        /// Where (file and line) a row is, for a message.
        func place(file: Int, line: Int) -> String { (fileName(file).map { "\($0) " } ?? "") + "line \(line)" }
    }

    func run(sources: [(name: String, source: ByteSource)], options: Options,
             progress: (@Sendable (Progress) -> Void)?) async throws -> Report {
        // Every file's header is read before any row is written: a file that is no export stops
        // the import before it starts.
        var exports: [FirebaseExport] = []
        for (name, source) in sources {
            var export = FirebaseExport(source: source)
            do {
                try export.readHeader()
            } catch let error as FirebaseExport.FormatError {
                throw FileError(message: (sources.count > 1 ? "\(name): " : "") + error.message)
            }
            exports.append(export)
        }
        let targets = try await DomainTargets(store: store, team: team, bootstrapHost: bootstrapHost, map: options.domainMap)
        var state = State(report: Report(dryRun: options.dryRun), files: sources.map { $0.name })
        state.report.archivedSkipped = options.archived == .skip
        let totalBytes = sources.allSatisfy { $0.source.totalBytes != nil } ? sources.reduce(0) { $0 + ($1.source.totalBytes ?? 0) } : nil
        var rows = 0
        var bytesBefore = 0
        var domainRows: [Int: [Int: Int]] = [:]
        for file in exports.indices {
            var export = exports[file]
            state.report.unknownColumns += export.unknownColumns.map { sources.count > 1 ? "'\($0)' (\(sources[file].name))" : "'\($0)'" }
            while true {
                let item: FirebaseExport.Item?
                do {
                    item = try export.next()
                } catch let error as FirebaseExport.FormatError {
                    throw FileError(message: error.message)
                }
                guard let item else { break }
                rows += 1
                switch item {
                case .failure(let line, let reason):
                    state.reject(file: file, line: line, shortLink: nil, "malformed CSV: \(reason)")
                case .row(let row):
                    let domain = row.shortLink.flatMap { FallbackPolicy.host(of: $0) } ?? ""
                    if !domain.isEmpty {
                        let index = state.domainIndex[domain] ?? state.domains.count
                        if index == state.domains.count {
                            state.domainIndex[domain] = index
                            state.domains.append(domain)
                            state.targets.append(targets.target(of: domain))
                        }
                        domainRows[file, default: [:]][index, default: 0] += 1
                    }
                    let index = state.domainIndex[domain] ?? -1
                    switch index >= 0 ? state.targets[index] : .success(nil) {
                    case .success(let keyHost):
                        accept(row, file: file, domain: index, keyHost: keyHost, options: options, into: &state)
                    case .failure(let refusal):
                        state.reject(file: file, line: row.line, shortLink: row.shortLink, refusal.reason)
                    }
                }
                if state.batch.count >= batchSize {
                    try await write(&state, dryRun: options.dryRun)
                    progress?(Progress(rows: rows, bytesRead: bytesBefore + export.bytesRead, totalBytes: totalBytes))
                }
            }
            bytesBefore += export.bytesRead
        }
        try await write(&state, dryRun: options.dryRun)
        progress?(Progress(rows: rows, bytesRead: bytesBefore, totalBytes: totalBytes))
        for file in exports.indices {
            for (index, count) in (domainRows[file] ?? [:]).sorted(by: { $0.key < $1.key }) {
                let base = (try? state.targets[index].get()).map { host in host.map { "https://" + $0 } ?? baseURL } ?? baseURL
                state.report.domains.append(Domain(domain: state.domains[index], file: sources[file].name, baseURL: base, rows: count))
            }
        }
        state.report.rejected.sort { ($0.file ?? "", $0.line) < ($1.file ?? "", $1.line) }
        return state.report
    }

    /// Prepares a row and adds it to the batch under its suffix on `keyHost`'s domain (nil: the
    /// bootstrap one), or records why not.
    func accept(_ row: FirebaseExport.Row, file: Int, domain: Int, keyHost: String?, options: Options, into state: inout State) {
        switch prepare(row, options: options) {
        case .failure(let reason):
            state.reject(file: file, line: row.line, shortLink: row.shortLink, reason)
        case .skippedArchived:
            state.report.archived += 1
        case .link(var link, let unrouted, let archived, let long):
            let suffix = link.code
            link.code = LinkKey.key(host: keyHost, code: suffix)
            for message in appMismatches(long) { state.notice(file: file, line: row.line, message) }
            let content = Self.fingerprint(link)
            let entry = Entry(file: file, line: row.line, shortLink: row.shortLink, link: link, archived: archived, unrouted: unrouted)
            if let earlier = state.seen[link.code] {
                if earlier.domain != domain, earlier.domain >= 0, domain >= 0 {
                    state.reject(file: file, line: row.line, shortLink: row.shortLink, """
                        suffix on two domains: '\(suffix)' is on \(state.domains[earlier.domain]) \
                        (\(state.place(file: earlier.file, line: earlier.line))) and on \(state.domains[domain]) \
                        (\(state.place(file: file, line: row.line))), which land on one domain of this service: \
                        add a domain for each (switchyard domains add) or map them apart with --domain-map
                        """)
                } else if earlier.content == content {
                    count(entry, asNew: false, into: &state)
                } else {
                    state.reject(file: file, line: row.line, shortLink: row.shortLink,
                                 "duplicate suffix: '\(suffix)' is already used by \(state.place(file: earlier.file, line: earlier.line)) for another link")
                }
                return
            }
            state.seen[link.code] = (file, row.line, domain, content)
            state.batch.append(entry)
        }
    }

    /// Counts a row that is imported (or, `asNew` false, already there).
    func count(_ entry: Entry, asNew: Bool, into state: inout State) {
        if asNew { state.report.imported += 1 } else { state.report.alreadyThere += 1 }
        if entry.archived { state.report.archived += 1 }
        if entry.unrouted { state.report.unroutedAsWeb += 1 }
    }
}
