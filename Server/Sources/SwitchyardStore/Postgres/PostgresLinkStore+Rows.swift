import Foundation
import PostgresNIO

extension PostgresLinkStore {
    /// The `links` columns, in the order the statements bind them.
    static let columns = """
        code, team, route, route_name, route_parameters, query_parameters, metadata, redeem_limit, \
        redeem_count, fallback_ios, fallback_android, fallback_web, preview_title, preview_description, \
        preview_image, created_at, expires_at, deleted_at, created_by_app, deferred_match, label, disabled, \
        campaign, minimum_version_ios, minimum_version_android, forced_redirect, fallback_ipad, fallback_app_store, \
        install_proof, install_proof_for
        """

    /// How many ``columns`` there are.
    static let columnCount = 30

    /// The VALUES list of a multi-row INSERT: `($1, $2), ($3, $4)` for two rows of two columns.
    static func placeholders(rows: Int, columns: Int) -> String {
        (0..<rows).map { row in
            "(" + (1...columns).map { "$\(row * columns + $0)" }.joined(separator: ", ") + ")"
        }.joined(separator: ", ")
    }

    /// Appends a link's values in the order of ``columns``.
    static func bind(_ link: SmartLink, into bindings: inout PostgresBindings) {
        bindings.append(link.code)
        bindings.append(link.team)
        bindings.append(link.route)
        bindings.append(link.routeName)
        bindings.append(StoredJSON.text(link.routeParameters))
        bindings.append(StoredJSON.text(link.queryParameters))
        bindings.append(StoredJSON.text(link.metadata))
        bindings.append(link.redeemLimit)
        bindings.append(link.redeemCount)
        bindings.append(link.fallbacks.ios)
        bindings.append(link.fallbacks.android)
        bindings.append(link.fallbacks.web)
        bindings.append(link.preview.title)
        bindings.append(link.preview.description)
        bindings.append(link.preview.image)
        bindings.append(StoredDate.rounded(link.createdAt))
        bindings.append(link.expiresAt.map(StoredDate.rounded))
        bindings.append(link.deletedAt.map(StoredDate.rounded))
        bindings.append(link.createdByApp)
        bindings.append(link.deferredMatch.rawValue)
        bindings.append(link.label)
        bindings.append(link.disabled)
        bindings.append(link.campaign.map(StoredJSON.text))
        bindings.append(link.minimumVersions.ios)
        bindings.append(link.minimumVersions.android)
        bindings.append(link.forcedRedirect)
        bindings.append(link.fallbacks.iPad)
        bindings.append(link.fallbacks.appStore)
        bindings.append(link.installProof?.rawValue)
        bindings.append(InstallProofAction.storedText(link.installProofFor))
    }

    static func decodeLink(_ row: PostgresRow) throws -> SmartLink {
        let row = row.makeRandomAccess()
        let code = try row["code"].decode(String.self)
        func text(_ column: String) throws -> String? { try row[column].decode(String?.self) }
        func date(_ column: String) throws -> Date? { try row[column].decode(Date?.self).map(StoredDate.rounded) }
        return SmartLink(
            code: code,
            team: try row["team"].decode(String.self),
            route: try row["route"].decode(String.self),
            routeName: try text("route_name"),
            routeParameters: try StoredJSON.strings(
                try row["route_parameters"].decode(String.self), column: "route_parameters", code: code),
            queryParameters: try StoredJSON.strings(
                try row["query_parameters"].decode(String.self), column: "query_parameters", code: code),
            metadata: try text("metadata")
                .map { text throws(StoreError) in try StoredJSON.object(text, column: "metadata", code: code) },
            redeemLimit: try row["redeem_limit"].decode(Int?.self),
            redeemCount: try row["redeem_count"].decode(Int.self),
            fallbacks: SmartLink.Fallbacks(
                ios: try text("fallback_ios"), android: try text("fallback_android"), web: try text("fallback_web"),
                iPad: try text("fallback_ipad"), appStore: try text("fallback_app_store")),
            preview: SmartLink.Preview(
                title: try text("preview_title"), description: try text("preview_description"),
                image: try text("preview_image")),
            createdAt: StoredDate.rounded(try row["created_at"].decode(Date.self)),
            expiresAt: try date("expires_at"),
            deletedAt: try date("deleted_at"),
            createdByApp: try row["created_by_app"].decode(Bool.self),
            deferredMatch: try deferredMatch(try row["deferred_match"].decode(String.self), code: code),
            label: try text("label"),
            disabled: try row["disabled"].decode(Bool.self),
            campaign: try text("campaign")
                .map { text throws(StoreError) in try StoredJSON.strings(text, column: "campaign", code: code) },
            minimumVersions: SmartLink.MinimumVersions(ios: try text("minimum_version_ios"), android: try text("minimum_version_android")),
            forcedRedirect: try row["forced_redirect"].decode(Bool.self),
            installProof: try InstallProof.stored(try text("install_proof"), code: code),
            installProofFor: try InstallProofAction.stored(try text("install_proof_for"), code: code))
    }

    /// A stored `deferred_match`; anything else is corrupt data, not a guess.
    static func deferredMatch(_ text: String, code: String) throws -> DeferredMatch {
        guard let match = DeferredMatch(rawValue: text) else {
            throw StoreError(.corrupt, "link '\(code)' has deferred_match '\(text)', which is neither 'exact' nor 'any'")
        }
        return match
    }
}
