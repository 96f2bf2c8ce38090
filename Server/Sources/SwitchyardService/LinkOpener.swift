import Foundation
import Hummingbird
import Switchyard
import SwitchyardStore

/// `GET /{code}`: sends each platform where the link says, records the click without waiting for
/// it, and never redirects anywhere but to a URL stored on the link (or the app's own intent).
struct LinkOpener: Sendable {
    let service: LinkService

    func register(on router: Hummingbird.Router<BasicRequestContext>) {
        router.get(":code") { request, context in try await open(request, context: context) }
    }

    func open(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let started = DispatchTime.now().uptimeNanoseconds
        defer { service.metrics.redirectAnswered(nanoseconds: DispatchTime.now().uptimeNanoseconds - started) }
        let code = try context.parameters.require("code")
        guard LinkCodes.isPlausible(code) else { return Responses.html(Pages.notFound(code: code), status: .notFound) }
        var link = service.openCache.link(code: code, at: service.now())
        do {
            if link == nil {
                link = try await service.storage { try await service.store.link(code: code) }
                if let link { service.openCache.keep(link, at: service.now()) }
            }
        } catch let problem as Problem {
            return Responses.html(Pages.document(title: "Try again shortly",
                                                 body: "<h1>Try again shortly</h1>\n<p>\(HTML.escape(problem.detail))</p>"),
                                  status: problem.status)
                .with(problem.headers)
        }
        guard let link else { return Responses.html(Pages.notFound(code: code), status: .notFound) }
        let now = service.now()
        guard !link.isGone(at: now) else { return Responses.html(Pages.gone(code: code), status: .gone) }
        return answer(link, clickKey: code, shortURL: service.shortURL(code), request: request, at: now)
    }

    /// The per-platform answer for a link that opens: records a click under `clickKey` (with the
    /// campaign parameters it was opened with, if any), then answers with the iOS page, the
    /// Android intent, the desktop redirect or interstitial, or the crawler's preview (whose
    /// `og:url` is `shortURL`). Firebase long links (`GET /?link=`) come here too, with a link
    /// that is not stored.
    func answer(_ link: SmartLink, clickKey: String, shortURL: String, campaign: [String: String]? = nil, request: Request,
                at now: Date) -> Response {
        let platform = UserAgent.platform(request.headers[.userAgent])
        service.recorder.record(Click(code: clickKey, at: now, platform: platform, referrer: request.headers[.referer].map { String($0.prefix(1024)) },
                                      campaign: campaign))

        switch platform {
        case .crawler:
            return Responses.html(Pages.preview(link: link, shortURL: shortURL))
        case .ios:
            let fallback = link.fallbacks.ios ?? link.fallbacks.web
            let urls = service.deepLinkURLs(link)
            if urls.scheme == nil && urls.universal == nil, let fallback { return Responses.redirect(to: fallback) }
            let nonce = Responses.nonce()
            return Responses.html(Pages.openInApp(link: link, appURL: urls.scheme, universalLink: urls.universal,
                                                  fallback: fallback, nonce: nonce), nonce: nonce)
        case .android:
            let fallback = link.fallbacks.android ?? link.fallbacks.web
            if let intent = intentURL(link: link, fallback: fallback) { return Responses.redirect(to: intent) }
            if let fallback { return Responses.redirect(to: fallback) }
            return Responses.html(Pages.interstitial(link: link, shortURL: shortURL,
                                                     universalLink: service.deepLinkURLs(link).universal))
        case .desktop, .other:
            if let web = link.fallbacks.web { return Responses.redirect(to: web) }
            return Responses.html(Pages.interstitial(link: link, shortURL: shortURL,
                                                     universalLink: service.deepLinkURLs(link).universal))
        }
    }

    /// `intent://PATH#Intent;scheme=SCHEME;package=PACKAGE;S.browser_fallback_url=URL;end`, built
    /// from the link's own deep link and the table's first Android app; nil when there is none.
    func intentURL(link: SmartLink, fallback: String?) -> String? {
        guard let app = service.table.configuration.apps.android.first,
              !app.package.isEmpty, app.package.utf8.allSatisfy({ LinkCodes.isCodeByte($0) || $0 == UInt8(ascii: ".") })
        else { return nil }
        let urls = service.deepLinkURLs(link)
        let scheme: String
        let rest: String
        if let schemeURL = urls.scheme, let separator = schemeURL.range(of: "://") {
            scheme = String(schemeURL[..<separator.lowerBound])
            rest = String(schemeURL[separator.upperBound...])
        } else if let universal = urls.universal {
            scheme = "https"
            rest = String(universal.dropFirst("https://".count))
        } else {
            return nil
        }
        var intent = "intent://\(rest)#Intent;scheme=\(scheme);package=\(app.package);"
        if let fallback { intent += "S.browser_fallback_url=\(URLText.encode(fallback));" }
        return intent + "end"
    }
}

extension Response {
    func with(_ headers: HTTPFields) -> Response {
        var copy = self
        copy.headers.append(contentsOf: headers)
        return copy
    }
}
