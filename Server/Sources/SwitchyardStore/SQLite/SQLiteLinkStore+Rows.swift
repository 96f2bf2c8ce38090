import Foundation
import GRDB
import Switchyard

extension SQLiteLinkStore {
    /// The `links` columns, in the order ``insertArguments(_:)`` binds them.
    static let columns = """
        code, team, route, route_name, route_parameters, query_parameters, metadata, redeem_limit, \
        redeem_count, fallback_ios, fallback_android, fallback_web, preview_title, preview_description, \
        preview_image, created_at, expires_at, deleted_at, created_by_app, deferred_match, label, disabled, \
        campaign, minimum_version_ios, minimum_version_android, forced_redirect, fallback_ipad, fallback_app_store, \
        install_proof, install_proof_for
        """
    static let placeholders = Array(repeating: "?", count: 30).joined(separator: ", ")

    static func insertArguments(_ link: SmartLink) -> StatementArguments {
        [
            link.code, link.team, link.route, link.routeName,
            StoredJSON.text(link.routeParameters), StoredJSON.text(link.queryParameters),
            StoredJSON.text(link.metadata), link.redeemLimit, link.redeemCount,
            link.fallbacks.ios, link.fallbacks.android, link.fallbacks.web,
            link.preview.title, link.preview.description, link.preview.image,
            StoredDate.milliseconds(link.createdAt), link.expiresAt.map(StoredDate.milliseconds),
            link.deletedAt.map(StoredDate.milliseconds), link.createdByApp, link.deferredMatch.rawValue,
            link.label, link.disabled, link.campaign.map(StoredJSON.text), link.minimumVersions.ios,
            link.minimumVersions.android, link.forcedRedirect, link.fallbacks.iPad, link.fallbacks.appStore,
            link.installProof?.rawValue, InstallProofAction.storedText(link.installProofFor),
        ]
    }

    /// A link from a row of ``columns``, read by position (every query that decodes links selects
    /// exactly ``columns``, in that order; by position skips GRDB's case-insensitive name lookup).
    static func decodeLink(_ row: Row) throws -> SmartLink {
        let code: String = try row.decode(atIndex: 0)
        func date(_ index: Int) throws -> Date? {
            try row.decode(Int64?.self, atIndex: index).map(StoredDate.date(milliseconds:))
        }
        return SmartLink(
            code: code,
            team: try row.decode(atIndex: 1),
            route: try row.decode(atIndex: 2),
            routeName: try row.decode(atIndex: 3),
            routeParameters: try StoredJSON.strings(
                try row.decode(atIndex: 4), column: "route_parameters", code: code),
            queryParameters: try StoredJSON.strings(
                try row.decode(atIndex: 5), column: "query_parameters", code: code),
            metadata: try row.decode(String?.self, atIndex: 6)
                .map { text throws(StoreError) in try StoredJSON.object(text, column: "metadata", code: code) },
            redeemLimit: try row.decode(atIndex: 7),
            redeemCount: try row.decode(atIndex: 8),
            fallbacks: SmartLink.Fallbacks(
                ios: try row.decode(atIndex: 9),
                android: try row.decode(atIndex: 10),
                web: try row.decode(atIndex: 11),
                iPad: try row.decode(atIndex: 26),
                appStore: try row.decode(atIndex: 27)),
            preview: SmartLink.Preview(
                title: try row.decode(atIndex: 12),
                description: try row.decode(atIndex: 13),
                image: try row.decode(atIndex: 14)),
            createdAt: StoredDate.date(milliseconds: try row.decode(atIndex: 15)),
            expiresAt: try date(16),
            deletedAt: try date(17),
            createdByApp: try row.decode(atIndex: 18),
            deferredMatch: try deferredMatch(try row.decode(atIndex: 19), code: code),
            label: try row.decode(atIndex: 20),
            disabled: try row.decode(atIndex: 21),
            campaign: try row.decode(String?.self, atIndex: 22)
                .map { text throws(StoreError) in try StoredJSON.strings(text, column: "campaign", code: code) },
            minimumVersions: SmartLink.MinimumVersions(ios: try row.decode(atIndex: 23), android: try row.decode(atIndex: 24)),
            forcedRedirect: try row.decode(atIndex: 25),
            installProof: try InstallProof.stored(try row.decode(atIndex: 28), code: code),
            installProofFor: try InstallProofAction.stored(try row.decode(atIndex: 29), code: code))
    }

    /// A stored `deferred_match`; anything else is corrupt data, not a guess.
    static func deferredMatch(_ text: String, code: String) throws -> DeferredMatch {
        guard let match = DeferredMatch(rawValue: text) else {
            throw StoreError(.corrupt, "link '\(code)' has deferred_match '\(text)', which is neither 'exact' nor 'any'")
        }
        return match
    }
}
