import Foundation
public import Logging
@_spi(SwitchyardService) public import Switchyard
public import SwitchyardStore

/// Says what a link does on each platform, by asking the code that serves it: the opener's
/// decision (``LinkOpener/decide(_:platform:userAgent:storedCode:)``) for each platform's user
/// agent, the association files the service publishes (read with ``AssociationDocument``), the
/// fallback policy and the route table. Nothing is recorded: no click, no remembered open.
///
/// ```swift
/// let explainer = try LinkExplainer(configuration: configuration, store: store, logger: logger)
/// let explanation = try await explainer.explain("https://go.example.com/Ab3dE9xQ")
/// ```
public struct LinkExplainer: Sendable {
    let service: LinkService
    /// The visitor the rule cases are asked about (language, country, query).
    public var ruleInputs = RuleInputs()

    /// The user agent each case is decided with: what the device's browser sends. iPadOS asks
    /// for the desktop site by default, so the iPad's is desktop Safari's.
    public static let userAgents: KeyValuePairs<String, String> = [
        "ios": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
        "ipados": "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
        "android": "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
        "desktop": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
        "crawler": "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
    ]

    static func userAgent(_ platform: String) -> String {
        userAgents.first { $0.key == platform }!.value
    }

    init(service: LinkService) {
        self.service = service
    }

    /// An explainer for a service configuration and its store (the command line's `explain`,
    /// which runs no server).
    ///
    /// - Throws: ``RouteTableBuildError`` when the route table does not compile.
    public init(configuration: ServiceConfiguration, store: any LinkStore, logger: Logger) throws {
        service = try makeService(configuration: configuration, store: store, logger: logger)
    }

    /// Why a URL cannot be explained.
    public struct Failure: CodedError, Sendable, Hashable {
        /// ``ErrorCode/unexplainable``.
        public var code: Code { .unexplainable }
        /// What was wrong.
        public let message: String
        /// Creates a failure.
        public init(_ message: String) {
            self.message = message
        }
    }

    /// Explains any link: a short link or alias on the service's base URL (read from the store),
    /// a universal link on one of the table's hosts, a custom-scheme URL, a URN or an internal path.
    ///
    /// A code the store does not have is explained as what a tap on it gets: every case
    /// `refuse`, 404 (``unknown(code:url:)``).
    ///
    /// - Throws: ``Failure`` for a malformed URL, an unknown host or scheme; a store error when the
    ///   database cannot be read.
    public func explain(_ url: String) async throws -> LinkExplanation {
        let trimmed = url.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw Failure("the URL is empty") }
        guard trimmed.utf8.count <= 4096, !trimmed.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F }) else {
            throw Failure("'\(url)' is not a URL: it has spaces or control characters, or is over 4096 bytes")
        }
        let parts = AssociationURL(trimmed)
        let lowered = trimmed.lowercased()
        if lowered.hasPrefix("https://") || lowered.hasPrefix("http://") {
            guard let host = parts.host, !host.isEmpty else { throw Failure("'\(url)' has no host") }
            let serviceHost = AssociationURL(service.configuration.trimmedBaseURL).host
            if let domain = try await linkDomain(host: host, serviceHost: serviceHost) {
                if parts.path == "/", let query = parts.query, !query.isEmpty { return try longLink(trimmed, query: query) }
                let segments = parts.path.split(separator: "/")
                guard segments.count == 1, let code = segments.first.map(String.init), LinkCodes.isPlausible(code) else {
                    throw Failure("'\(url)' is on " + (domain.isBootstrap ? "the link service's host" : "the link domain \(domain.domain.host)")
                                  + " but is not a short link (https://\(host)/CODE)")
                }
                guard let explanation = try await explain(code: domain.key(code), url: trimmed) else {
                    var unknown = unknown(code: code, url: trimmed)
                    unknown.domain = domain.domain.host
                    return unknown
                }
                return explanation
            }
            let hosts = service.table.configuration.hosts.map { $0.lowercased() }
            guard hosts.contains(where: { $0 == host.split(separator: ":").first.map(String.init) }) else {
                let known = ([serviceHost].compactMap { $0 } + hosts).joined(separator: ", ")
                throw Failure("'\(host)' is neither the link service's host nor a host of the route table (\(known))")
            }
            return try routeURL(trimmed, kind: "universal-link")
        }
        if let colon = trimmed.firstIndex(of: ":"),
           service.table.configuration.schemes.contains(where: { $0.lowercased() == trimmed[..<colon].lowercased() }) {
            return try routeURL(trimmed, kind: "custom-scheme")
        }
        return try routeURL(trimmed, kind: "internal")
    }

    /// The link domain `host` (a URL's, with its port) is: the bootstrap one (the base URL's
    /// host), a stored one (read again from the store), else nil.
    private func linkDomain(host: String, serviceHost: String?) async throws -> ServedDomain? {
        if host == serviceHost { return service.domains.bootstrap }
        guard let bare = DomainHost.bare(host) else { return nil }
        try await service.domains.refresh(from: service.store)
        return service.domains.all.first { $0.host == bare }.map { ServedDomain(domain: $0, isBootstrap: false) }
    }

    /// Explains the stored link `code` (its store key: `host/code` on a stored domain); nil when
    /// no such code was ever issued. `url` is what the explanation names (the short URL by default).
    public func explain(code: String, url: String? = nil) async throws -> LinkExplanation? {
        guard LinkCodes.isPlausibleKey(code), let link = try await service.store.link(code: code) else { return nil }
        return explain(link, url: url ?? service.shortURL(link.code))
    }

    /// A Firebase Dynamic Links long link (`BASE/?link=...`), made into the transient link
    /// `GET /?link=` answers with (``FirebaseLongLinkOpener``), never stored.
    func longLink(_ url: String, query: String) throws -> LinkExplanation {
        let link: SmartLink
        let long: FirebaseLongLink
        do {
            long = try FirebaseLongLink(query: Substring(query))
            let draft = try long.draft(table: service.table)
            link = try service.rules.link(draft, code: FirebaseLongLink.clickKey(route: draft.route), team: FirebaseLongLinkOpener.team,
                                          now: service.now())
        } catch let error as FirebaseLinkError {
            throw Failure("'\(url)' is not a long link this service opens: \(error.message)")
        } catch let error as LinkRuleError {
            throw Failure("'\(url)' is not a long link this service opens: \(error.message)")
        }
        return explain(link, url: url, shortURL: "\(service.configuration.trimmedBaseURL)/?\(query)", storedCode: nil, kind: "long-link")
    }

    /// Explains a stored link as the opener would answer it now.
    func explain(_ link: SmartLink, url: String) -> LinkExplanation {
        var explanation = explain(link, url: url, shortURL: service.shortURL(link.code), storedCode: link.code, kind: "short-link")
        explanation.code = link.shortCode
        explanation.domain = link.domain ?? service.domains.bootstrap.domain.host
        explanation.rules = ruleCases(link, inputs: ruleInputs)
        explanation.ruleInputs = explanation.rules.isEmpty ? [:] : ruleInputs.described
        if let test = link.content.variants {
            explanation.variants = test.variants.enumerated().map { index, variant in
                LinkExplanation.VariantCase(index: index, weight: variant.weight, target: Self.describe(variant.target),
                                            winner: test.winner == index)
            }
            explanation.variantTest = test.winner.map { "decided: variant \($0) won by \(test.decideBy.rawValue)" }
                ?? test.endsAt.map { "ends \(APIDates.text($0)); the variant with the most \(test.decideBy.rawValue) wins" }
                ?? "runs until changed"
        }
        return explanation
    }

    /// Explains a link as the opener would answer it now: a stored one (`storedCode`), or a long
    /// link's transient one (no install referrer, no code).
    func explain(_ link: SmartLink, url: String, shortURL: String, storedCode: String?, kind: String) -> LinkExplanation {
        let code = storedCode
        let opened = OpenLinkCache.Opened(link: link, urls: service.deepLinkURLs(link))
        var warnings: [LinkExplanation.Warning] = []
        let route = routeInfo(deepLink: opened.urls.universal ?? opened.urls.scheme)
        appWarnings(&warnings)
        if link.isWebLink {
            // A link without a route: every platform goes to its web fallback, by design.
        } else if case .failure(let broken) = StoredLinkRoute.check(link, in: service.table) {
            warnings.append(.init(code: "no-deep-link", message: "\(broken.kind): \(broken.reason); the app receives nothing it can open"))
        } else if opened.urls.universal == nil && opened.urls.scheme == nil {
            warnings.append(.init(code: "no-deep-link", message: "the route table has neither a host nor a scheme: the app receives nothing it can open"))
        }
        if route?.webOnly == true {
            warnings.append(.init(code: "web-only", message: "route '\(StoredLinkRoute.shown(link, in: service.table).route)' is web only: the app should not open it, yet the short link is claimed like every code"))
        }
        for (name, fallback) in [("ios", link.fallbacks.ios), ("android", link.fallbacks.android), ("web", link.fallbacks.web)] {
            if let fallback, let refusal = service.fallbacks.refusal(for: fallback) {
                warnings.append(.init(code: "fallback-not-allowed", message: "fallbacks.\(name): \(refusal); the link still redirects there (it was allowed when created)"))
            }
        }
        if link.isExhausted {
            warnings.append(.init(code: "exhausted", message: "the redeem limit (\(link.redeemLimit ?? 0)) is reached: redeem answers 409; the app still gets the deep link"))
        }
        if service.deferred != nil, code != nil, link.deferredMatch == .exact {
            warnings.append(.init(code: "exact-match-only", message: "the link demands an exact match (deferredMatch \"exact\": it carries metadata or a redeem limit): a heuristic claim never gets it, only the copied short link or the install referrer carries it through an install"))
        }
        let now = service.now()
        if link.isGone(at: now) {
            let why: String
            if let deleted = link.deletedAt {
                why = "the link was deleted at \(APIDates.text(deleted))"
                warnings.append(.init(code: "deleted", message: why))
            } else {
                why = "the link expired at \(APIDates.text(link.expiresAt ?? now))"
                warnings.append(.init(code: "expired", message: why))
            }
            let cases = refusals(why: why, status: 410, statusText: "410 Gone", shortURL: shortURL)
            return LinkExplanation(url: url, kind: kind, code: code, route: route, cases: cases, warnings: warnings)
        }
        let files = publishedFiles()
        var cases: [LinkExplanation.Case] = []
        var unclaimed: Set<String> = []
        for (platform, app) in Self.order {
            if app == "installed", let claim = claim(files, platform: platform, path: AssociationURL(shortURL)) {
                cases.append(.init(platform: platform, app: app, action: "open-app", target: shortURL, claim: claim, deferred: .none,
                                   reason: "the system opens the app for the short link itself; the app resolves it to "
                                       + (opened.urls.universal ?? opened.urls.scheme ?? "nothing (no deep link)"),
                                   userAgent: nil, status: nil, location: nil))
                continue
            }
            if app == "installed", hasApp(platform) { unclaimed.insert(platform == "android" ? "assetlinks.json" : "apple-app-site-association") }
            cases.append(served(opened, platform: platform, app: app, shortURL: shortURL, storedCode: storedCode))
        }
        for file in unclaimed.sorted() {
            warnings.append(.init(code: "unclaimed-path", message: "\(file) does not claim \(AssociationURL(shortURL).path): the tap loads the page even with the app installed"))
        }
        return LinkExplanation(url: url, kind: kind, code: code, route: route, cases: cases, warnings: warnings,
                               appVersions: appVersions(link, stored: storedCode != nil))
    }

    /// The cases, in order: platform and app state.
    static let order: [(String, String?)] = [
        ("ios", "installed"), ("ios", "absent"), ("ipados", "installed"), ("ipados", "absent"),
        ("android", "installed"), ("android", "absent"), ("desktop", nil), ("crawler", nil),
    ]

    /// A case the service answers: the opener's decision for the platform's user agent.
    func served(_ opened: OpenLinkCache.Opened, platform name: String, app: String?, shortURL: String,
                storedCode: String?) -> LinkExplanation.Case {
        let agent = Self.userAgent(name)
        let platform = UserAgent.platform(agent)
        let decision = LinkOpener(service: service).decide(opened, platform: platform, userAgent: agent, storedCode: storedCode)
        // The opener remembers opens of stored links only (a long link names no code to claim), and
        // a heuristic claim gets only a link that allows it (deferredMatch "any").
        let heuristic = service.deferred != nil && storedCode != nil && opened.link.deferredMatch == .any
            && (platform == .ios || platform == .android)
            ? LinkExplanation.Deferred(path: "heuristic", match: "heuristic") : LinkExplanation.Deferred.none
        let installedNote = app == "installed" && hasApp(name)
            ? "the association file does not claim the short link, so the browser loads it; " : ""
        var result = LinkExplanation.Case(platform: name, app: app, action: "page", target: nil, claim: nil, deferred: .none, reason: "",
                                          userAgent: agent, status: decision.status, location: decision.location)
        switch decision {
        case .preview:
            result.action = "preview"
            result.target = shortURL
            result.reason = "a link-preview crawler gets the Open Graph page (title, description, image)"
        case .openInApp(let openURL, let fallback, let copies):
            result.target = openURL
            result.deferred = copies ? .init(path: "clipboard", match: "deterministic") : heuristic
            result.reason = installedNote + "the iOS page: \"Open in the app\" (\(openURL))"
                + (fallback.map { copies ? " and \"Get the app\", which copies the short link, then goes to \($0)" : " and \"Continue on the web\" (\($0))" } ?? "")
        case .iPadOrMac(let openURL, let iOSFallback, let web):
            result.target = openURL
            let copies = iOSFallback.map(Pages.isAppStore) == true
            result.deferred = copies ? .init(path: "clipboard", match: "deterministic") : .none
            result.reason = installedNote + "iPadOS sends desktop Safari's user agent: the page shows the iOS buttons on a touch screen"
                + (web.map { " and goes on to \($0) on a Mac" } ?? "")
        case .intent(let intent, let fallback):
            result.action = "redirect"
            result.target = intent
            if let fallback, fallback.contains("referrer=" + PercentEncoding.encode(LinkOpener.referrerKey + "=")) {
                result.deferred = .init(path: "install-referrer", match: "deterministic")
            } else {
                result.deferred = heuristic
            }
            result.reason = installedNote + "an Android intent: Chrome opens the app if installed, else "
                + (fallback.map { "goes to \($0)" } ?? "stays on the page")
        case .redirect(let location):
            result.action = "redirect"
            result.target = location
            if platform == .ios || platform == .android { result.deferred = heuristic }
            result.reason = installedNote + (platform == .desktop || platform == .other
                ? "the web fallback"
                : hasApp(name) ? "the link's fallback (the route builds no deep link)" : "no \(name == "android" ? "Android" : "iOS") app in the route table: straight to the fallback")
        case .interstitial:
            result.target = opened.urls.universal
            result.reason = installedNote + (platform == .desktop || platform == .other
                ? "no web fallback: the page asks to open the link on a phone"
                : "no app to open and no fallback: the page asks to open the link on a phone")
        }
        return result
    }

    /// The association files the service publishes, as the systems read them.
    func publishedFiles() -> (apple: AssociationDocument?, android: AssociationDocument?) {
        (try? AssociationDocument(apple: service.associations.appleAppSiteAssociation, file: "apple-app-site-association"),
         try? AssociationDocument(android: service.associations.assetLinks, file: "assetlinks.json"))
    }

    func hasApp(_ platform: String) -> Bool {
        let apps = service.table.configuration.apps
        return platform == "android" ? !apps.android.isEmpty : !apps.ios.isEmpty
    }

    /// The component of the published file that opens `path` for the platform's first app; nil when none does.
    func claim(_ files: (apple: AssociationDocument?, android: AssociationDocument?), platform: String,
               path: AssociationURL) -> LinkExplanation.Claim? {
        let apps = service.table.configuration.apps
        let (document, app) = platform == "android" ? (files.android, apps.android.first?.package) : (files.apple, apps.ios.first)
        guard let document, let app, case .opens(let component) = document.decision(for: path, app: app) else { return nil }
        return .init(kind: "association", file: AssociationDocument.fileName(document.platform), app: app,
                     component: component.summary, position: component.position, comment: component.comment)
    }

    func appWarnings(_ warnings: inout [LinkExplanation.Warning]) {
        if !hasApp("ios") {
            warnings.append(.init(code: "no-ios-app", message: "the route table names no iOS app: iPhone and iPad never open the app"))
        }
        if !hasApp("android") {
            warnings.append(.init(code: "no-android-app", message: "the route table names no Android app: Android never opens the app"))
        }
    }
}

extension ErrorCode<LinkExplainer.Failure> {
    /// Not a link the service or its route table reads: empty, not a URL, a foreign host, a long
    /// link that does not open.
    public static var unexplainable: Self { Self(rawValue: "unexplainable") }
}
