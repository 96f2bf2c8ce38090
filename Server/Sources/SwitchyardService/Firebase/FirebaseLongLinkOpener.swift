import Foundation
import Hummingbird
import SwitchyardStore

/// `GET /?link=...`: a Firebase Dynamic Links long link, answered as a stored smart link would be
/// (``LinkOpener/answer(_:clickKey:shortURL:storedCode:campaign:request:context:at:)``): the iOS page, the Android
/// intent, the desktop redirect, Open Graph for crawlers, and a click under the long link's
/// ``FirebaseLongLink/clickKey`` that keeps its analytics parameters (`utm_*`, `at`, `ct`, `mt`,
/// `pt`). A long link the route table cannot open is refused with a 400 page; it never redirects
/// to whatever `link` says.
struct FirebaseLongLinkOpener: Sendable {
    let service: LinkService

    /// The team a long link's transient smart link is shown as (it is never stored).
    static let team = "firebase-long-link"

    /// The parameters that only a long link has: any of them makes `/` a long link, so one that lacks
    /// `link` gets the page that says so rather than the dashboard. Analytics parameters alone
    /// (`/?utm_source=...`) do not.
    static let longLinkParameters = FirebaseLongLink.knownParameters.subtracting(FirebaseLongLink.analyticsParameters)

    /// Whether a request to `/` is a long link (it has `link`, or another of Firebase's link parameters).
    static func isLongLink(_ request: Request) -> Bool {
        request.uri.queryParameters.contains { longLinkParameters.contains(String($0.key)) }
    }

    func open(_ request: Request, context: ServiceRequestContext) async -> Response {
        let query = Substring(request.uri.query ?? "")
        let link: SmartLink
        let key: String
        let campaign: [String: String]
        do {
            let long = try FirebaseLongLink(query: query)
            key = long.clickKey
            campaign = long.analytics
            link = try service.rules.link(try long.draft(table: service.table), code: key, team: Self.team, now: service.now())
        } catch let error as FirebaseLinkError {
            return refusal(error.message, status: error.code == .queryTooLong ? .uriTooLong : .badRequest)
        } catch let problem as Problem {
            return refusal(problem.detail, status: problem.status)
        } catch {
            return refusal("the long link could not be read", status: .badRequest)
        }
        return await LinkOpener(service: service).answer(
            OpenLinkCache.Opened(link: link, urls: service.deepLinkURLs(link)), clickKey: key, shortURL: "\(service.configuration.trimmedBaseURL)/?\(query)", storedCode: nil,
            campaign: campaign.isEmpty ? nil : campaign, request: request, context: context, at: service.now())
    }

    /// The page for a long link that cannot be opened: what is wrong, no link onwards.
    func refusal(_ detail: String, status: HTTPResponse.Status) -> Response {
        let page = Pages.longLinkRefused(detail: detail)
        return Responses.html(page, status: status)
    }
}
