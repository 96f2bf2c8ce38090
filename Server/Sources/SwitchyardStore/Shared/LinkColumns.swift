import Foundation
import Switchyard
import SwitchyardRules

/// A link field as one column holds it.
enum ColumnValue: Sendable, Hashable {
    /// Text, or NULL.
    case text(String?)
    /// An integer, or NULL.
    case integer(Int?)
    /// A Boolean (never NULL).
    case flag(Bool)
    /// An instant, or NULL: integer milliseconds on SQLite, `timestamptz` on PostgreSQL.
    case instant(Date?)
}

/// One column of `links`: its name, what it holds, the schema version that added it, and how a
/// link's field is written to it and read back. Both back ends store links through
/// ``LinkColumns/all``: their INSERT, the columns they select, how they decode a row, and the
/// migration that adds a new column come from that one list.
struct LinkColumn: Sendable {
    /// What a column holds, which names its SQL type on each back end.
    enum Kind: Sendable {
        case text, integer, flag, instant
    }

    /// The column's name.
    let name: String
    /// What it holds.
    let kind: Kind
    /// The schema version whose migration adds it (``LinkColumns/migrations(types:false:)``); nil for the
    /// columns the back ends' written migrations (1 to 20) made.
    let added: Int?
    /// The link's value for the column.
    let read: @Sendable (SmartLink) -> ColumnValue
    /// Sets the link's field from the column's value; throws ``StoreError/Code/corrupt`` for a
    /// value the field cannot hold.
    let write: @Sendable (inout SmartLink, ColumnValue) throws -> Void
    /// Whether the column is a count: a column added later is `NOT NULL DEFAULT 0`.
    var countsFromZero = false
}

extension LinkColumn {
    /// Text that may be NULL.
    static func text(_ name: String, _ field: any WritableKeyPath<SmartLink, String?> & Sendable, added: Int? = nil) -> Self {
        LinkColumn(name: name, kind: .text, added: added, read: { .text($0[keyPath: field]) },
                   write: { link, value in link[keyPath: field] = try value.text(name, of: link) })
    }

    /// Text that is never NULL.
    static func requiredText(_ name: String, _ field: any WritableKeyPath<SmartLink, String> & Sendable) -> Self {
        LinkColumn(name: name, kind: .text, added: nil, read: { .text($0[keyPath: field]) },
                   write: { link, value in link[keyPath: field] = try value.required(value.text(name, of: link), name, of: link) })
    }

    /// An integer that may be NULL.
    static func integer(_ name: String, _ field: any WritableKeyPath<SmartLink, Int?> & Sendable, added: Int? = nil) -> Self {
        LinkColumn(name: name, kind: .integer, added: added, read: { .integer($0[keyPath: field]) },
                   write: { link, value in link[keyPath: field] = try value.integer(name, of: link) })
    }

    /// A count, never NULL; a column added later starts at 0.
    static func count(_ name: String, _ field: any WritableKeyPath<SmartLink, Int> & Sendable, added: Int? = nil) -> Self {
        LinkColumn(name: name, kind: .integer, added: added, read: { .integer($0[keyPath: field]) },
                   write: { link, value in link[keyPath: field] = try value.required(value.integer(name, of: link), name, of: link) },
                   countsFromZero: true)
    }

    /// A Boolean; a column added later defaults to false.
    static func flag(_ name: String, _ field: any WritableKeyPath<SmartLink, Bool> & Sendable, added: Int? = nil) -> Self {
        LinkColumn(name: name, kind: .flag, added: added, read: { .flag($0[keyPath: field]) },
                   write: { link, value in
                       guard case .flag(let flag) = value else { throw value.mismatch(name, of: link) }
                       link[keyPath: field] = flag
                   })
    }

    /// An instant that may be NULL.
    static func instant(_ name: String, _ field: any WritableKeyPath<SmartLink, Date?> & Sendable, added: Int? = nil) -> Self {
        LinkColumn(name: name, kind: .instant, added: added, read: { .instant($0[keyPath: field]) },
                   write: { link, value in link[keyPath: field] = try value.instant(name, of: link) })
    }

    /// An instant that is never NULL.
    static func requiredInstant(_ name: String, _ field: any WritableKeyPath<SmartLink, Date> & Sendable) -> Self {
        LinkColumn(name: name, kind: .instant, added: nil, read: { .instant($0[keyPath: field]) },
                   write: { link, value in link[keyPath: field] = try value.required(value.instant(name, of: link), name, of: link) })
    }

    /// A value stored as text through `encode` and read back through `decode` (JSON, an enumeration),
    /// which throws for text the field cannot hold.
    static func coded<Value: Sendable>(_ name: String, _ field: any WritableKeyPath<SmartLink, Value> & Sendable, added: Int? = nil,
                                       encode: @escaping @Sendable (Value) -> String?,
                                       decode: @escaping @Sendable (String?, _ code: String) throws -> Value) -> Self {
        LinkColumn(name: name, kind: .text, added: added, read: { .text(encode($0[keyPath: field])) },
                   write: { link, value in link[keyPath: field] = try decode(value.text(name, of: link), link.code) })
    }
}

extension ColumnValue {
    fileprivate func text(_ column: String, of link: SmartLink) throws -> String? {
        guard case .text(let text) = self else { throw mismatch(column, of: link) }
        return text
    }

    fileprivate func integer(_ column: String, of link: SmartLink) throws -> Int? {
        guard case .integer(let integer) = self else { throw mismatch(column, of: link) }
        return integer
    }

    fileprivate func instant(_ column: String, of link: SmartLink) throws -> Date? {
        guard case .instant(let instant) = self else { throw mismatch(column, of: link) }
        return instant
    }

    fileprivate func required<Value>(_ value: Value?, _ column: String, of link: SmartLink) throws -> Value {
        guard let value else { throw StoreError(.corrupt, "link '\(link.code)' has NULL in \(column)") }
        return value
    }

    fileprivate func mismatch(_ column: String, of link: SmartLink) -> StoreError {
        StoreError(.corrupt, "link '\(link.code)' has \(self) in \(column), which is not what the column holds")
    }
}

/// The columns of `links`, in the order every statement that writes or reads whole links names
/// them. A new link field is one entry here (with the schema version that adds its column) beside
/// its property in ``LinkContent``; the back ends need no change.
enum LinkColumns {
    /// Rules and A/B tests decoded from their stored JSON, kept by text (up to 4 MB of it each):
    /// a hot link read again unchanged is not parsed again (``DecodedTexts``).
    static let decodedRules = DecodedTexts<[RedirectRule]>(byteLimit: 4 << 20)
    static let decodedVariants = DecodedTexts<LinkVariants>(byteLimit: 4 << 20)

    static let all: [LinkColumn] = [
        .requiredText("code", \.code),
        .requiredText("team", \.team),
        .requiredText("route", \.content.route),
        .text("route_name", \.content.routeName),
        .coded("route_parameters", \.content.routeParameters, encode: { StoredJSON.text($0) },
               decode: { text, code in try StoredJSON.strings(try StoredJSON.present(text, column: "route_parameters", code: code), column: "route_parameters", code: code) }),
        .coded("query_parameters", \.content.queryParameters, encode: { StoredJSON.text($0) },
               decode: { text, code in try StoredJSON.strings(try StoredJSON.present(text, column: "query_parameters", code: code), column: "query_parameters", code: code) }),
        .coded("metadata", \.content.metadata, encode: { StoredJSON.text($0) },
               decode: { text, code in try text.map { text throws(StoreError) in try StoredJSON.object(text, column: "metadata", code: code) } }),
        .integer("redeem_limit", \.content.redeemLimit),
        .count("redeem_count", \.redeemCount),
        .text("fallback_ios", \.content.fallbacks.ios),
        .text("fallback_android", \.content.fallbacks.android),
        .text("fallback_web", \.content.fallbacks.web),
        .text("preview_title", \.content.preview.title),
        .text("preview_description", \.content.preview.description),
        .text("preview_image", \.content.preview.image),
        .requiredInstant("created_at", \.createdAt),
        .instant("expires_at", \.content.expiresAt),
        .instant("deleted_at", \.deletedAt),
        .flag("created_by_app", \.createdByApp),
        .coded("deferred_match", \.deferredMatch, encode: \.rawValue, decode: { text, code in
            guard let match = text.flatMap(DeferredMatch.init(rawValue:)) else {
                throw StoreError(.corrupt, "link '\(code)' has deferred_match '\(text ?? "NULL")', which is neither 'exact' nor 'any'")
            }
            return match
        }),
        .text("label", \.content.label),
        .flag("disabled", \.content.disabled),
        .coded("campaign", \.content.campaign, encode: { $0.map(StoredJSON.text) },
               decode: { text, code in try text.map { text throws(StoreError) in try StoredJSON.strings(text, column: "campaign", code: code) } }),
        .text("minimum_version_ios", \.content.minimumVersions.ios),
        .text("minimum_version_android", \.content.minimumVersions.android),
        .flag("forced_redirect", \.content.forcedRedirect),
        .text("fallback_ipad", \.content.fallbacks.iPad),
        .text("fallback_app_store", \.content.fallbacks.appStore),
        .coded("install_proof", \.content.installProof, encode: { $0?.rawValue },
               decode: { text, code in try InstallProof.stored(text, code: code) }),
        .coded("install_proof_for", \.content.installProofFor, encode: { InstallProofAction.storedText($0) },
               decode: { text, code in try InstallProofAction.stored(text, code: code) }),
        .text("expired_url", \.content.expiredURL, added: 21),
        .instant("valid_since", \.content.validSince, added: 23),
        .integer("max_clicks", \.content.maxClicks, added: 23),
        .count("click_count", \.clickCount, added: 23),
        .text("password_hash", \.content.passwordHash, added: 24),
        .coded("rules", \.content.rules, added: 24, encode: { $0.flatMap { $0.isEmpty ? nil : RedirectRule.storedText($0) } },
               decode: { text, code in
                   guard let text else { return nil }
                   do { return try LinkColumns.decodedRules.value(text, decode: RedirectRule.stored) } catch {
                       throw StoreError(.corrupt, "link '\(code)' has rules that do not read: \((error as? RuleError)?.message ?? "\(error)")")
                   }
               }),
        .coded("variants", \.content.variants, added: 25, encode: { $0?.storedText },
               decode: { text, code in
                   guard let text else { return nil }
                   do { return try LinkColumns.decodedVariants.value(text, decode: LinkVariants.stored) } catch {
                       throw StoreError(.corrupt, "link '\(code)' has an A/B test that does not read: \((error as? RuleError)?.message ?? "\(error)")")
                   }
               }),
        .instant("variants_pending_end", \.variantsPendingEnd, added: 25),
    ]

    /// The column names, comma-separated, in order.
    static let names = all.map(\.name).joined(separator: ", ")

    /// A link with nothing set, which decoding fills column by column.
    static let blank = SmartLink(code: "", team: "", route: "", createdAt: Date(timeIntervalSince1970: 0))

    /// A link from its columns' values, in the order of ``all``.
    static func link(_ value: (LinkColumn, Int) throws -> ColumnValue) throws -> SmartLink {
        var link = blank
        for (index, column) in all.enumerated() { try column.write(&link, try value(column, index)) }
        return link
    }

    /// The migrations that add the columns of ``all`` that say which version added them, one
    /// per version, with each back end's SQL type for a kind of column (`types`). A flag column
    /// is `NOT NULL DEFAULT` false and a count `NOT NULL DEFAULT 0`; the others may be NULL.
    static func migrations(types: (LinkColumn.Kind) -> String, false falseValue: String) -> [Migration] {
        let added = Dictionary(grouping: all.filter { $0.added != nil }, by: { $0.added! })
        return added.keys.sorted().map { version in
            let columns = added[version]!
            return Migration(version: version, name: "link columns " + columns.map(\.name).joined(separator: ", "),
                             statements: columns.map { column in
                                 let type = types(column.kind)
                                 return "ALTER TABLE links ADD COLUMN \(column.name) \(type)"
                                     + (column.kind == .flag ? " NOT NULL DEFAULT \(falseValue)" : "")
                                     + (column.countsFromZero ? " NOT NULL DEFAULT 0" : "")
                             })
        }
    }
}
