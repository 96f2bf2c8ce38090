import Foundation
import Switchyard
import SwitchyardStore

/// The JSON shapes of links in API responses.
enum LinkJSON {
    static func date(_ date: Date) -> JSONValue {
        .string(date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
    }

    static func parseDate(_ text: String) -> Date? {
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) { return date }
        return try? Date(text, strategy: Date.ISO8601FormatStyle())
    }

    static func strings(_ map: [String: String]) -> JSONValue {
        .object(map.mapValues { .string($0) })
    }

    static func optional(_ text: String?) -> JSONValue { text.map { .string($0) } ?? .null }

    static func fallbacks(_ value: SmartLink.Fallbacks) -> JSONObjectWriter {
        var object = JSONObjectWriter()
        object["ios"] = .value(optional(value.ios))
        object["android"] = .value(optional(value.android))
        object["web"] = .value(optional(value.web))
        return object
    }

    /// A link as its team sees it: everything but the metadata, which only the app reads.
    static func link(_ link: SmartLink, service: LinkService, clicks: [Click.Platform: Int]? = nil) -> JSONObjectWriter {
        let urls = service.deepLinkURLs(link)
        var object = JSONObjectWriter()
        object["code"] = .value(.string(link.code))
        object["url"] = .value(.string(service.shortURL(link.code)))
        object["route"] = .value(.string(link.route))
        object["routeName"] = .value(optional(link.routeName))
        object["routeParameters"] = .value(strings(link.routeParameters))
        object["queryParameters"] = .value(strings(link.queryParameters))
        object["universalLink"] = .value(optional(urls.universal))
        object["schemeURL"] = .value(optional(urls.scheme))
        object["hasMetadata"] = .value(.bool(link.metadata != nil))
        object["redeemLimit"] = .value(link.redeemLimit.map { .number(Double($0)) } ?? .null)
        object["redeemCount"] = .value(.number(Double(link.redeemCount)))
        object["fallbacks"] = .object(fallbacks(link.fallbacks))
        var preview = JSONObjectWriter()
        preview["title"] = .value(optional(link.preview.title))
        preview["description"] = .value(optional(link.preview.description))
        preview["image"] = .value(optional(link.preview.image))
        object["preview"] = .object(preview)
        object["createdAt"] = .value(date(link.createdAt))
        object["expiresAt"] = .value(link.expiresAt.map(date) ?? .null)
        object["expired"] = .value(.bool(link.isGone(at: service.now())))
        object["createdBy"] = .value(.string(link.createdByApp ? "app" : "admin"))
        if let clicks {
            var counts = JSONObjectWriter()
            counts["total"] = .value(.number(Double(clicks.values.reduce(0, +))))
            for platform in Click.Platform.allCases {
                counts[platform.rawValue] = .value(.number(Double(clicks[platform] ?? 0)))
            }
            object["clicks"] = .object(counts)
        }
        return object
    }
}
