import Foundation
import Hummingbird
import SwitchyardStore

/// `GET /?link=...`: a Firebase Dynamic Links long link, answered as a stored smart link would be
/// (``LinkOpener/answer(_:clickKey:shortURL:storedCode:campaign:request:context:at:)``): the iOS page, the Android
/// intent, the desktop redirect, Open Graph for crawlers, and a click under its route's
/// ``FirebaseLongLink/clickKey(route:)`` that keeps its analytics parameters (`utm_*`, `at`, `ct`,
/// `mt`, `pt`), each cut to ``maximumCampaignValueLength`` bytes. A long link the route table
/// cannot open is refused with a 400 page; it never redirects to whatever `link` says.
///
/// Nothing here needs a key, so what one open may add to the store is bounded: the per-day click
/// rows are keyed by route (at most one row per route, day and platform, however many distinct
/// long links are opened), and a raw click carries at most nine campaign values of at most
/// ``maximumCampaignValueLength`` bytes (raw clicks are deleted after the retention period).
struct FirebaseLongLinkOpener: Sendable {
    let service: LinkService

    /// The team a long link's transient smart link is shown as (it is never stored).
    static let team = "firebase-long-link"

    /// The parameters that only a long link has: any of them makes `/` a long link, so one that lacks
    /// `link` gets the page that says so rather than the dashboard. Analytics parameters alone
    /// (`/?utm_source=...`) do not.
    static let longLinkParameters = FirebaseLongLink.knownParameters.subtracting(FirebaseLongLink.analyticsParameters)

    /// The most UTF-8 bytes of a campaign value a click keeps (a longer one is cut at a character).
    static let maximumCampaignValueLength = 100

    /// The analytics parameters as a click keeps them: each value cut to
    /// ``maximumCampaignValueLength`` bytes; nil when there are none.
    static func campaign(_ analytics: [String: String]) -> [String: String]? {
        guard !analytics.isEmpty else { return nil }
        return analytics.mapValues { value in
            guard value.utf8.count > maximumCampaignValueLength else { return value }
            var cut = ""
            for character in value {
                guard cut.utf8.count + character.utf8.count <= maximumCampaignValueLength else { break }
                cut.append(character)
            }
            return cut
        }
    }

    /// Whether a request to `/` is a long link (it has `link`, or another of Firebase's link parameters).
    static func isLongLink(_ request: Request) -> Bool {
        request.uri.queryParameters.contains { longLinkParameters.contains(String($0.key)) }
    }

    func open(_ request: Request, context: ServiceRequestContext) async -> Response {
        let query = Substring(request.uri.query ?? "")
        let link: SmartLink
        let key: String
        let campaign: [String: String]?
        do {
            let long = try FirebaseLongLink(query: query)
            let draft = try long.draft(table: service.table)
            key = FirebaseLongLink.clickKey(route: draft.route)
            campaign = Self.campaign(long.analytics)
            link = try service.rules.link(draft, code: key, team: Self.team, now: service.now())
        } catch let error as FirebaseLinkError {
            return refusal(error.message, status: error.code == .queryTooLong ? .uriTooLong : .badRequest)
        } catch let error as LinkRuleError {
            return refusal(error.message, status: .badRequest)
        } catch {
            return refusal("the long link could not be read", status: .badRequest)
        }
        return await LinkOpener(service: service).answer(
            OpenLinkCache.Opened(link: link, urls: service.deepLinkURLs(link)), clickKey: key, shortURL: "\(service.configuration.trimmedBaseURL)/?\(query)", storedCode: nil,
            campaign: campaign, request: request, context: context, at: service.now())
    }

    /// The page for a long link that cannot be opened: what is wrong, no link onwards.
    func refusal(_ detail: String, status: HTTPResponse.Status) -> Response {
        let page = Pages.longLinkRefused(detail: detail)
        return Responses.html(page, status: status)
    }
}
