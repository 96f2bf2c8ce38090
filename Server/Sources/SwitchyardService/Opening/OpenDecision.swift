import Switchyard
import SwitchyardStore

/// What `GET /{code}` answers one open with, decided before any page is rendered: the opener
/// renders it (``LinkOpener/answer(_:clickKey:shortURL:storedCode:campaign:request:context:at:)``)
/// and `explain` reports it (``LinkExplainer``), so the two cannot disagree.
enum OpenDecision: Sendable, Equatable {
    /// The Open Graph preview page, for a link-preview crawler.
    case preview
    /// The iOS page: "Open in the app" (`openURL`) and the fallback button; "Get the app" copies
    /// the short link to the clipboard first when `copies` (an App Store fallback).
    case openInApp(openURL: String, fallback: String?, copies: Bool)
    /// The desktop-Safari page, which on an iPad shows the iOS buttons and on a Mac goes on to `web`.
    case iPadOrMac(openURL: String, iOSFallback: String?, web: String?)
    /// A 302 to a fallback URL stored on the link (with the install referrer on Google Play).
    case redirect(String)
    /// A 302 to an Android intent that opens the app, or else `fallback` in the browser.
    case intent(String, fallback: String?)
    /// The desktop page that asks to open the link on a phone.
    case interstitial

    /// The HTTP status the opener answers with.
    var status: Int {
        switch self {
        case .redirect, .intent: 302
        case .preview, .openInApp, .iPadOrMac, .interstitial: 200
        }
    }

    /// The `Location` of a redirect; nil for a page.
    var location: String? {
        switch self {
        case .redirect(let url), .intent(let url, _): url
        default: nil
        }
    }
}

extension LinkOpener {
    /// Decides the answer to an open from its platform (`UserAgent.platform(userAgent)`, which
    /// the caller has), the link's deep links and fallbacks and the table's apps. `storedCode` is
    /// nil for a link that is not stored (a Firebase long link): no install referrer then.
    func decide(_ opened: OpenLinkCache.Opened, platform: Click.Platform, userAgent: String?, storedCode: String?) -> OpenDecision {
        let apps = service.table.configuration.apps
        switch platform {
        case .crawler:
            return .preview
        case .ios:
            let link = opened.link
            let iPad = UserAgent.isIPad(userAgent) ? link.fallbacks.iPad : nil
            let fallback = iPad ?? link.fallbacks.ios ?? link.fallbacks.web
            // No app to open (no route URL, or no iOS app in the table): straight to the fallback.
            // A forced redirect skips the page as well.
            guard let openURL = opened.urls.universal ?? opened.urls.scheme, !apps.ios.isEmpty, !(link.forcedRedirect && fallback != nil) else {
                if let fallback { return .redirect(fallback) }
                return .interstitial
            }
            return .openInApp(openURL: openURL, fallback: fallback,
                              copies: fallback.map(Pages.isAppStore) == true || link.fallbacks.appStore != nil)
        case .android:
            var fallback = opened.link.fallbacks.android ?? opened.link.fallbacks.web
            if let storedCode { fallback = fallback.map { Self.withInstallReferrer($0, code: storedCode) } }
            if let intent = intentURL(urls: opened.urls, fallback: fallback) { return .intent(intent, fallback: fallback) }
            if let fallback { return .redirect(fallback) }
            return .interstitial
        case .desktop, .other:
            // iPadOS sends a Mac's user agent: desktop Safari gets a page that decides on the device.
            // A forced redirect goes to the web fallback without that page.
            if UserAgent.isMacSafari(userAgent), !apps.ios.isEmpty, let openURL = opened.urls.universal ?? opened.urls.scheme,
               !(opened.link.forcedRedirect && opened.link.fallbacks.web != nil) {
                let fallbacks = opened.link.fallbacks
                return .iPadOrMac(openURL: openURL, iOSFallback: fallbacks.iPad ?? fallbacks.ios ?? fallbacks.web, web: fallbacks.web)
            }
            if let web = opened.link.fallbacks.web { return .redirect(web) }
            return .interstitial
        }
    }
}
