import Foundation
import Switchyard
import SwitchyardStore

extension FirebaseImporter {
    /// What one row of an export becomes.
    enum Prepared {
        /// The link to write; `unrouted` when it opens no route (``UnroutedRows/web``), `archived`
        /// when the export marks it archived (then the link is switched off).
        case link(SmartLink, unrouted: Bool, archived: Bool, long: FirebaseLongLink)
        /// An archived row, skipped (``ArchivedRows/skip``).
        case skippedArchived
        /// Why the row cannot be imported.
        case failure(String)
    }

    /// The longest label kept (a Firebase link name is shorter).
    static let maximumLabelLength = 256

    /// The link a row stands for: its long link (from a long-link column, the parameter columns,
    /// or both: a parameter column's value replaces the long link's), checked against the route
    /// table and the fallback rules as the admin API checks a new link; its label, creation time
    /// and archived state from their columns.
    func prepare(_ row: FirebaseExport.Row, options: Options) -> Prepared {
        do {
            let archived = try row.archived.map { try Self.flag($0, column: "Archived?") } ?? false
            if archived, options.archived == .skip { return .skippedArchived }
            let long = try longLink(row)
            let code = try code(row, long: long)
            var (draft, unrouted) = try routedDraft(long, options: options)
            draft.label = row.name.map { String($0.prefix(Self.maximumLabelLength)) }
            draft.disabled = archived
            let created = try row.createdAt.map(Self.creationTime)
            let link = try rules.link(draft, code: code, team: team, now: created ?? now())
            return .link(link, unrouted: unrouted, archived: archived, long: long)
        } catch let failure as ImportFailure {
            return .failure(failure.reason)
        } catch let error as FirebaseLinkError {
            return .failure("malformed long link: \(error.message)")
        } catch let error as LinkRuleError {
            let what = switch error.code {
            case .foreignHost: "foreign host"
            case .unknownRoute, .unroutedDeepLink: "unknown route"
            case .fallbackRefused: "fallback refused"
            default: "not importable"
            }
            return .failure("\(what): \(error.message)")
        } catch {
            return .failure("\(error)")
        }
    }

    /// The draft of the long link's deep link through the route table; one that matches no route
    /// is a web link (``UnroutedRows/web``, then `true`), or refused with the nearest routes.
    func routedDraft(_ long: FirebaseLongLink, options: Options) throws -> (LinkDraft, Bool) {
        let refusal: LinkRuleError
        do {
            return (try long.draft(table: rules.builder.table), false)
        } catch {
            refusal = error
        }
        guard refusal.code == .unroutedDeepLink else { throw refusal }
        guard options.unrouted == .web else {
            let nearest = NearestRoutes(table: rules.builder.table).patterns(near: long.link)
            let hint = nearest.isEmpty ? "" : "; the nearest routes are " + nearest.map { "'\($0)'" }.joined(separator: ", ")
            throw ImportFailure(reason: "unknown route: \(refusal.message)\(hint) (--unrouted web imports it as a web link)")
        }
        return (long.webDraft(), true)
    }

    /// A `Creation timestamp` as an instant (``FirebaseTimestamp``).
    static func creationTime(_ text: String) throws -> Date {
        guard let date = FirebaseTimestamp.date(text) else {
            throw ImportFailure(reason: "'Creation timestamp' must be an ISO 8601 time (2023-05-04T10:20:30Z), "
                + "'2023-05-04 10:20:30 UTC' or seconds since 1970, got '\(FirebaseLongLink.excerpt(text))'")
        }
        return date
    }

    /// The row's long link: its long-link column read as a URL, its parameter columns laid over it.
    func longLink(_ row: FirebaseExport.Row) throws -> FirebaseLongLink {
        guard !row.parameters.isEmpty else {
            guard let longLink = row.longLink, !longLink.isEmpty else { throw ImportFailure(reason: "the long link is empty") }
            return try FirebaseLongLink(url: longLink)
        }
        var values: [String: String] = [:]
        var unrecognized: [String] = []
        if let longLink = row.longLink {
            (values, unrecognized) = try FirebaseLongLink.parameters(query: try FirebaseLongLink.query(of: longLink))
        }
        for (name, value) in row.parameters {
            if name == "efr" {
                values[name] = try Self.flag(value, column: "Enable forced redirect?") ? "1" : "0"
            } else {
                values[name] = value
            }
        }
        guard values["link"] != nil else { throw ImportFailure(reason: "the deep link ('Deep link', 'link') is empty") }
        return try FirebaseLongLink(parameters: values, unrecognized: unrecognized)
    }

    /// The row's code: its short link's suffix, or one derived from its long link.
    func code(_ row: FirebaseExport.Row, long: FirebaseLongLink) throws -> String {
        if let shortLink = row.shortLink {
            do {
                return try FirebaseExport.suffix(of: shortLink)
            } catch {
                throw ImportFailure(reason: "malformed short link: \(error.message)")
            }
        }
        return FirebaseExport.derivedCode(longLink: row.longLink ?? long.canonical)
    }

    /// A yes-or-no column: `true`/`false`, `yes`/`no`, `1`/`0` (any case); empty is no.
    static func flag(_ text: String, column: String) throws -> Bool {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "", "false", "no", "0", "n", "f": return false
        case "true", "yes", "1", "y", "t": return true
        default: throw ImportFailure(reason: "'\(column)' must be true or false, got '\(FirebaseLongLink.excerpt(text))'")
        }
    }

    /// What differs between a row's app identifiers and the route table's apps: `ibi` and `ipbi`
    /// against its iOS apps' bundle IDs, `ius` against its schemes, `apn` against its Android packages.
    func appMismatches(_ long: FirebaseLongLink) -> [String] {
        let apps = rules.builder.table.configuration.apps
        let bundles = apps.ios.map { id in id.firstIndex(of: ".").map { String(id[id.index(after: $0)...]) } ?? id }
        let schemes = rules.builder.table.configuration.schemes.map { $0.lowercased() }
        let packages = apps.android.map(\.package)
        func listed(_ values: [String], _ what: String) -> String {
            values.isEmpty ? "the route table names no \(what)" : "the route table's \(what) are " + values.map { "'\($0)'" }.joined(separator: ", ")
        }
        var messages: [String] = []
        for (name, value) in [("ibi", long.ios.bundleID), ("ipbi", long.ios.iPadBundleID)] {
            if let value, !bundles.contains(value) { messages.append("'\(name)' is '\(value)'; \(listed(bundles, "iOS bundle IDs"))") }
        }
        if let scheme = long.ios.customScheme, !schemes.contains(scheme.lowercased()) {
            messages.append("'ius' is '\(scheme)'; \(listed(schemes, "schemes"))")
        }
        if let package = long.android.package, !packages.contains(package) {
            messages.append("'apn' is '\(package)'; \(listed(packages, "Android packages"))")
        }
        return messages
    }

    struct ImportFailure: Error {
        let reason: String
    }
}
