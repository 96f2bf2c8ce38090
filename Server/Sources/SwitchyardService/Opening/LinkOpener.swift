import Foundation
import HTTPTypes
import Hummingbird
@_spi(SwitchyardService) import Switchyard
import SwitchyardRules
import SwitchyardStore
import SwitchyardTraffic

/// `GET /{code}`: sends each platform where the link says, records the click without waiting for
/// it, and never redirects anywhere but to a URL stored on the link (or the app's own intent).
struct LinkOpener: Sendable {
    let service: LinkService

    /// The route: `GET /{code}`.
    var routes: ServiceRoutes {
        ServiceRoutes(context: ServiceRequestContext.self)
            .get(":code") { request, context in try await open(request, context: context) }
            .post(":code") { request, context in try await unlock(request, context: context) }
    }

    func open(_ request: Request, context: ServiceRequestContext) async throws -> Response {
        let started = DispatchTime.now().uptimeNanoseconds
        defer { service.metrics.redirectAnswered(nanoseconds: DispatchTime.now().uptimeNanoseconds - started) }
        let code = try context.parameters.require("code")
        guard LinkCodes.isPlausible(code) else { return Responses.html(Pages.notFound(code: code), status: .notFound) }
        // The request's host names the domain; a host that is none of the service's reaches no link.
        guard let domain = service.servedDomain(request, context: context) else {
            return Responses.html(Pages.notFound(code: code), status: .notFound)
        }
        let key = domain.key(code)
        let opened: OpenLinkCache.Opened?
        do {
            opened = try await cached(key)
        } catch let problem as Problem {
            return Responses.html(Pages.unavailable(detail: problem.detail), status: problem.status)
                .with(problem.headers)
        }
        guard let opened else {
            if let url = domain.domain.redirects.notFound { return Response(status: .found, headers: Responses.redirectFields(to: url)) }
            return Responses.html(Pages.notFound(code: code), status: .notFound)
        }
        let now = service.now()
        guard !opened.link.isGone(at: now) else { return expired(opened.link, code: code, domain: domain) }
        // Before it starts, a link answers as if it did not exist yet.
        if opened.link.content.isNotYetValid(at: now) {
            if let url = domain.domain.redirects.notFound { return Response(status: .found, headers: Responses.redirectFields(to: url)) }
            return Responses.html(Pages.notFound(code: code), status: .notFound)
        }
        // A password link opens for a browser that has its cookie; any other gets the form.
        if let stored = opened.link.content.passwordHash, !passwordCookieOpens(request, key: key, stored: stored) {
            return passwordForm(code: code)
        }
        // `?d=1` (Firebase's preview link): what the link does, and which rule fires for this request. No click.
        if request.uri.query != nil, request.uri.queryParameters["d"] == "1" {
            return debugPage(opened.link, key: key, request: request, context: context, at: now)
        }
        // A click-limited link counts a person's open in the store, exactly, on every instance.
        if opened.link.maxClicks != nil, Self.countsAsClick(request) {
            do {
                if try await service.storage({ try await service.store.spendClick(code: key) }) == .outOfClicks {
                    service.openCache.evict(code: key)
                    var spent = opened.link
                    spent.clickCount = spent.maxClicks ?? spent.clickCount
                    return expired(spent, code: code, domain: domain)
                }
            } catch let problem as Problem {
                return Responses.html(Pages.unavailable(detail: problem.detail), status: problem.status).with(problem.headers)
            } catch {
                return Responses.html(Pages.unavailable(detail: "the link's clicks cannot be counted now"), status: .serviceUnavailable)
            }
        }
        // A link's rules: the first whose conditions all hold decides (a URL, or the link with another route).
        let platform = UserAgent.platform(request.headers[.userAgent])
        let rules = service.effectiveRules(opened.link)
        if !rules.isEmpty {
            if let index = RuleMatcher.firstMatch(rules, for: service.ruleRequest(request, context: context, platform: platform, readsQuery: true,
                                                                                   now: now, reads: RuleReads(reading: rules))) {
                switch rules[index].target {
                case .url(let url):
                    record(request, context: context, clickKey: key, platform: platform, at: now)
                    return Response(status: .found, headers: Responses.redirectFields(to: url))
                case .route:
                    if let ruled = service.opened(opened.link, as: rules[index].target) {
                        return await answer(ruled, clickKey: key, shortURL: service.shortURL(key), storedCode: key,
                                            deferredCode: OpenChoice.rule(index).code(key), request: request, context: context,
                                            at: now, cachesPhoneAnswers: false, platform: platform)
                    }
                }
            }
        }
        // An A/B test splits the visitors no rule fired for (a crawler previews the link itself).
        if let test = opened.link.content.variants, platform != .crawler {
            return await openVariant(test, of: opened, key: key, code: code, platform: platform, request: request, context: context, at: now)
        }
        return await answer(opened, clickKey: key, shortURL: service.shortURL(key), storedCode: key,
                            request: request, context: context, at: now, platform: platform)
    }

    /// The open of a link with an A/B test: the browser's variant (its cookie's, else one chosen by
    /// weight and kept by a new cookie), counted for the variant as a click when it is one; a
    /// decided test opens its winner for everyone (a route winner is the link's own route by then).
    func openVariant(_ test: LinkVariants, of opened: OpenLinkCache.Opened, key: String, code: String, platform: Click.Platform,
                     request: Request, context: ServiceRequestContext, at now: Date) async -> Response {
        if let winner = test.winner {
            if case .url(let url) = test.variants[winner].target {
                record(request, context: context, clickKey: key, platform: platform, at: now)
                return Response(status: .found, headers: Responses.redirectFields(to: url))
            }
            return await answer(opened, clickKey: key, shortURL: service.shortURL(key), storedCode: key,
                                request: request, context: context, at: now, platform: platform)
        }
        let tag = VariantChoice.tag(test)
        let kept = VariantChoice.cookieVariant(request, key: key, tag: tag, count: test.variants.count)
        let index = kept ?? VariantChoice.randomVariant(test)
        if Self.countsAsClick(request) {
            service.countVariant(.click, key: key, variant: index, test: test, platform: platform, at: now)
        }
        var response: Response
        let target = test.variants[index].target
        if case .url(let url) = target {
            record(request, context: context, clickKey: key, platform: platform, at: now)
            response = Response(status: .found, headers: Responses.redirectFields(to: url))
        } else if let variant = service.opened(opened.link, as: target) {
            response = await answer(variant, clickKey: key, shortURL: service.shortURL(key), storedCode: key,
                                    deferredCode: OpenChoice.variant(index).code(key), request: request, context: context,
                                    at: now, cachesPhoneAnswers: false, platform: platform)
        } else {
            // The route table no longer builds the variant's route: the link itself.
            response = await answer(opened, clickKey: key, shortURL: service.shortURL(key), storedCode: key,
                                    request: request, context: context, at: now, platform: platform)
        }
        if kept == nil {
            response.headers.append(HTTPField(name: .setCookie, value: VariantChoice.cookie(
                key: key, code: code, index: index, tag: tag, secure: service.configuration.baseURL.lowercased().hasPrefix("https://"))))
        }
        return response
    }

    /// The link stored under `key`, from the open cache: a fresh entry answers without the storage
    /// wrapper or the cache's source (the hot path); a miss is read in the cache's batches.
    func cached(_ key: String) async throws -> OpenLinkCache.Opened? {
        if let cached = service.openCache.lookup(code: key, at: service.now()) { return cached }
        return try await service.storage { try await service.openCache.opened(code: key, now: service.now, from: service.openSource) }
    }

    /// Records a click of `clickKey` (with its referrer, bounded) and counts the open.
    func record(_ request: Request, context: ServiceRequestContext, clickKey: String, platform: Click.Platform,
                campaign: [String: String]? = nil, at now: Date) {
        let referrer = request.headers[.referer].map { String($0.prefix(1024)) }
        // The stored key names the link, a variant's (`code~v1`) its own: a person's repeat is judged per link.
        let address = service.clientIPAddress(request, context: context)
        let counted = service.configuration.traffic.classify(
            link: OpenChoice.split(clickKey).key, method: request.method.rawValue, userAgent: request.headers[.userAgent], referrer: referrer,
            headers: { name in HTTPField.Name(name).flatMap { request.headers[$0] } }, address: address, at: now)
        // The country, never the address, is kept.
        let country = address.flatMap { service.geoIP?.country(of: $0) }
        service.recorder.record(Click(code: clickKey, at: now, platform: platform, referrer: referrer, campaign: campaign,
                                      kind: Click.Kind(counted), country: country))
        service.metrics.opened(platform)
    }

    /// The answer of a link that no longer opens: an expired (or spent) link's `expiredURL`, else
    /// its domain's expired redirect, else 410; a deleted or switched-off link is always 410.
    func expired(_ link: SmartLink, code: String, domain: ServedDomain) -> Response {
        if link.deletedAt == nil, !link.disabled, let url = link.expiredURL ?? domain.domain.redirects.expired {
            return Response(status: .found, headers: Responses.redirectFields(to: url))
        }
        return Responses.html(Pages.gone(code: code), status: .gone)
    }

    /// Whether an open counts toward a click limit: a `GET` (not `HEAD`) from a person, not a
    /// link-preview crawler.
    static func countsAsClick(_ request: Request) -> Bool {
        request.method == .get && UserAgent.platform(request.headers[.userAgent]) != .crawler
    }

    /// The per-platform answer for a link that opens: records a click under `clickKey` (with the
    /// campaign parameters it was opened with, if any), then answers with the iOS page, the
    /// Android intent, the desktop redirect or interstitial, or the crawler's preview (whose
    /// `og:url` is `shortURL`, made only for the pages that show it). Firebase long links
    /// (`GET /?link=`) come here too, with a link that is not stored: `storedCode` is nil, so
    /// neither the install referrer nor heuristic matching names a code the app could not claim.
    /// `opened` holds the link with its deep links (``LinkService/deepLinkURLs(_:)``), built by
    /// the caller: once per cache lifetime for a stored link. It is passed as the reference the
    /// cache holds, so an open does not copy the link's dozen fields. `platform` is the request's
    /// (``UserAgent/platform(_:)``) when the caller has read it already: reading it again cost a
    /// desktop browser's open 11,000 instructions (BENCHMARKS.md, "A request's user agent read once").
    func answer(_ opened: OpenLinkCache.Opened, clickKey: String, shortURL: @autoclosure () -> String,
                storedCode: String?, deferredCode: String? = nil, campaign: [String: String]? = nil,
                request: Request, context: ServiceRequestContext, at now: Date, cachesPhoneAnswers: Bool = true,
                platform known: Click.Platform? = nil) async -> Response {
        let platform = known ?? UserAgent.platform(request.headers[.userAgent])
        record(request, context: context, clickKey: clickKey, platform: platform, campaign: campaign, at: now)
        if let storedCode, let deferred = service.deferred, platform == .ios || platform == .android {
            // A rule's or variant's choice rides with the remembered code (``OpenChoice``).
            await remember(code: deferredCode ?? storedCode, exactOnly: opened.link.deferredMatch == .exact, request: request,
                           context: context, deferred: deferred, now: now)
        }

        // A request that says its app version (Switchyard-App-Version: an app that opens the short
        // link itself) and is too old for the link goes to the fallback; browsers send none.
        if let value = request.headers[AppVersionGate.header], let release = AppRelease(headerValue: value),
           let tooOld = AppVersionGate.check(opened.link, release: release, in: service.table) {
            guard var fallback = tooOld.fallback else {
                return Responses.html(Pages.interstitial(link: opened.link, shortURL: shortURL(), universalLink: nil))
            }
            if case .android = release, let code = deferredCode ?? storedCode { fallback = Self.withInstallReferrer(fallback, code: code) }
            return Response(status: .found, headers: Responses.redirectFields(to: fallback))
        }

        // A phone's answer depends on the link alone: made at the first open from the platform, then
        // answered from the cached link (a page with a new nonce, or a redirect's fields).
        // An iPad's answer may differ from an iPhone's (its own fallback): made every time.
        let isPhone = cachesPhoneAnswers && (platform == .android || (platform == .ios && !UserAgent.isIPad(request.headers[.userAgent])))
        if isPhone, let answer = opened.phoneAnswer(for: platform) { return answer.response() }
        // Android's install referrer names the choice too (`code~v1`), as the remembered open does.
        switch decide(opened, platform: platform, userAgent: request.headers[.userAgent], storedCode: deferredCode ?? storedCode) {
        case .preview:
            return Responses.html(Pages.preview(link: opened.link, shortURL: shortURL()))
        case .openInApp(let openURL, let fallback, let copies):
            let page = NoncedPage(nonced: copies) { nonce in
                Pages.openInApp(link: opened.link, openURL: openURL, shortURL: shortURL(), fallback: fallback, nonce: nonce)
            }
            if isPhone { opened.keep(.page(page), for: platform) }
            return page.response()
        case .iPadOrMac(let openURL, let iOSFallback, let web):
            let nonce = Responses.nonce()
            return Responses.html(Pages.iPadOrMac(link: opened.link, openURL: openURL, shortURL: shortURL(),
                                                  iOSFallback: iOSFallback, web: web, nonce: nonce), nonce: nonce)
        case .redirect(let location):
            // The web fallback's fields are made once per cached link.
            let fields = opened.webRedirect.flatMap { location == opened.link.fallbacks.web ? $0 : nil }
                ?? Responses.redirectFields(to: location)
            if isPhone { opened.keep(.redirect(fields), for: platform) }
            return Response(status: .found, headers: fields)
        case .intent(let intent, _):
            let fields = Responses.redirectFields(to: intent)
            if isPhone { opened.keep(.redirect(fields), for: platform) }
            return Response(status: .found, headers: fields)
        case .interstitial:
            return Responses.html(Pages.interstitial(link: opened.link, shortURL: shortURL(), universalLink: opened.urls.universal))
        }
    }

    /// Remembers this open for heuristic deferred matching (opt-in); a failure is logged, never
    /// in the way of the redirect.
    private func remember(code: String, exactOnly: Bool, request: Request, context: ServiceRequestContext,
                          deferred: DeferredMatching, now: Date) async {
        guard let signals = DeferredMatching.signals(
            userAgent: request.headers[.userAgent], acceptLanguage: request.headers[.acceptLanguage],
            address: service.clientAddress(request, context: context)) else { return }
        let expiry = now.addingTimeInterval(deferred.window.timeInterval)
        do {
            try await service.store.remember(PendingOpen(fingerprint: deferred.fingerprint(signals), code: code, expiresAt: expiry,
                                                           exactOnly: exactOnly), now: now)
        } catch {
            context.logger.warning("could not remember an open for deferred matching", metadata: ["error": "\(error)"])
        }
    }

    /// `intent://PATH#Intent;scheme=SCHEME;package=PACKAGE;S.browser_fallback_url=URL;end`, built
    /// from the link's own deep links and the table's first Android app; nil when there is none.
    func intentURL(urls: DeepLinkURLs, fallback: String?) -> String? {
        guard let app = service.table.configuration.apps.android.first,
              !app.package.isEmpty, app.package.utf8.allSatisfy({ LinkCodes.isCodeByte($0) || $0 == UInt8(ascii: ".") })
        else { return nil }
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
        if let fallback { intent += "S.browser_fallback_url=\(PercentEncoding.encode(fallback));" }
        return intent + "end"
    }
}

extension LinkOpener {
    /// The name the install referrer gives the link's code: `referrer=switchyard_code%3DAb3dE9xQ`,
    /// which the Play Install Referrer API hands to the app after install as `switchyard_code=Ab3dE9xQ`.
    static let referrerKey = "switchyard_code"

    /// A Google Play fallback with an install referrer carrying the code (a deferred deep link on
    /// Android: the app claims the code after install); any other URL unchanged. An existing
    /// `referrer` is replaced, the other query items are kept.
    static func withInstallReferrer(_ fallback: String, code: String) -> String {
        let lowered = fallback.lowercased()
        guard lowered.hasPrefix("https://play.google.com/store/apps/details?") || lowered.hasPrefix("market://details?") else {
            return fallback
        }
        let fragmentStart = fallback.firstIndex(of: "#") ?? fallback.endIndex
        let queryStart = fallback.index(after: fallback.firstIndex(of: "?")!)
        var items = fallback[queryStart..<fragmentStart].split(separator: "&").filter { !$0.lowercased().hasPrefix("referrer=") }
        items.append(Substring("referrer=" + PercentEncoding.encode("\(referrerKey)=\(code)")))
        return String(fallback[..<queryStart]) + items.joined(separator: "&") + fallback[fragmentStart...]
    }
}

extension Response {
    func with(_ headers: HTTPFields) -> Response {
        var copy = self
        copy.headers.append(contentsOf: headers)
        return copy
    }
}

extension Click.Kind {
    /// The store's kind of a click the traffic classifier counted.
    init(_ counted: ClickClass) {
        self = switch counted {
        case .human: .human
        case .bot: .bot
        case .duplicate: .duplicate
        }
    }
}
