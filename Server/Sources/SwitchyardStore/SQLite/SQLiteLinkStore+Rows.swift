import Foundation
import GRDB
import Switchyard

extension SQLiteLinkStore {
    /// The `links` columns, in the order ``insertArguments(_:)`` binds them.
    static let columns = """
        code, team, route, route_name, route_parameters, query_parameters, metadata, redeem_limit, \
        redeem_count, fallback_ios, fallback_android, fallback_web, preview_title, preview_description, \
        preview_image, created_at, expires_at, deleted_at
        """
    static let placeholders = Array(repeating: "?", count: 18).joined(separator: ", ")

    static func insertArguments(_ link: SmartLink) -> StatementArguments {
        [
            link.code, link.team, link.route, link.routeName,
            StoredJSON.text(link.routeParameters), StoredJSON.text(link.queryParameters),
            StoredJSON.text(link.metadata), link.redeemLimit, link.redeemCount,
            link.fallbacks.ios, link.fallbacks.android, link.fallbacks.web,
            link.preview.title, link.preview.description, link.preview.image,
            StoredDate.milliseconds(link.createdAt), link.expiresAt.map(StoredDate.milliseconds),
            link.deletedAt.map(StoredDate.milliseconds),
        ]
    }

    static func decodeLink(_ row: Row) throws -> SmartLink {
        let code: String = try row.decode(forColumn: "code")
        func date(_ column: String) throws -> Date? {
            try row.decode(Int64?.self, forColumn: column).map(StoredDate.date(milliseconds:))
        }
        return SmartLink(
            code: code,
            team: try row.decode(forColumn: "team"),
            route: try row.decode(forColumn: "route"),
            routeName: try row.decode(forColumn: "route_name"),
            routeParameters: try StoredJSON.strings(
                try row.decode(forColumn: "route_parameters"), column: "route_parameters", code: code),
            queryParameters: try StoredJSON.strings(
                try row.decode(forColumn: "query_parameters"), column: "query_parameters", code: code),
            metadata: try row.decode(String?.self, forColumn: "metadata")
                .map { text throws(StoreError) in try StoredJSON.object(text, column: "metadata", code: code) },
            redeemLimit: try row.decode(forColumn: "redeem_limit"),
            redeemCount: try row.decode(forColumn: "redeem_count"),
            fallbacks: SmartLink.Fallbacks(
                ios: try row.decode(forColumn: "fallback_ios"),
                android: try row.decode(forColumn: "fallback_android"),
                web: try row.decode(forColumn: "fallback_web")),
            preview: SmartLink.Preview(
                title: try row.decode(forColumn: "preview_title"),
                description: try row.decode(forColumn: "preview_description"),
                image: try row.decode(forColumn: "preview_image")),
            createdAt: StoredDate.date(milliseconds: try row.decode(forColumn: "created_at")),
            expiresAt: try date("expires_at"),
            deletedAt: try date("deleted_at"))
    }
}
