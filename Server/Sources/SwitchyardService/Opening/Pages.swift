import Mustache
import Switchyard
import SwitchyardStore

/// The HTML pages `GET /{code}` answers with, rendered from the ``Template``s of
/// `Templates+Pages.swift`, where every value is escaped for HTML; the inline script's strings are
/// ``HTML/javaScriptString(_:)`` literals. The only script is inline and carries the response's
/// CSP nonce.
enum Pages {
    /// The context of the link pages: the link's preview, the page's URLs, and the script's nonce.
    struct Context: Sendable {
        /// The page's title and heading.
        var title: String
        var description: String?
        /// The short link, shown and (crawlers) the `og:url`.
        var shortURL: String
        var image: String?
        /// "Open in the app": the universal link, or the custom-scheme URL.
        var openURL: String?
        /// "Get the app": an App Store fallback.
        var appStore: String?
        /// "Continue on the web": any other fallback.
        var onTheWeb: String?
        /// "Continue in the browser" on the interstitial.
        var universalLink: String?
        /// Whether "Get the app" copies the short link first (needs the script).
        var copies = false
        /// The CSP nonce; nil for a page without a script.
        var nonce: String?
        /// Safe JavaScript literals for the script: see ``Templates/copyScript``.
        var shortURLLiteral: String?
        var webLiteral: String?

        init(link: SmartLink, shortURL: String, title defaultTitle: String = "Open in the app") {
            title = link.preview.title ?? defaultTitle
            description = link.preview.description
            self.shortURL = shortURL
            image = link.preview.image
        }

        /// "Open in the app" and the fallback button; "Get the app" copies when `copying`. A link's
        /// own App Store page (`store`) is "Get the app" beside a fallback that is another URL.
        mutating func buttons(openURL: String, fallback: String?, store: String? = nil, copying: Bool) {
            self.openURL = openURL
            if let fallback {
                if Pages.isAppStore(fallback) {
                    appStore = fallback
                    copies = copying
                } else {
                    onTheWeb = fallback
                }
            }
            if appStore == nil, let store {
                appStore = store
                copies = copying
            }
            shortURLLiteral = HTML.javaScriptString(shortURL)
        }
    }

    /// The page for iOS when the app may not be installed (had it been, iOS would have opened the
    /// app for the short link itself: the association file claims it). Nothing navigates on load,
    /// and never to a custom scheme on its own, so Safari never shows "the address is invalid".
    /// It shows the preview and two buttons:
    ///
    /// - "Open in the app": the app's universal link (on the app's host, so iOS opens the app when
    ///   tapped from this other domain), or the custom-scheme URL when the table has no host;
    /// - "Get the app" (an App Store fallback): in the user's own tap, copies the short link to the
    ///   clipboard (the app reads it on first launch: a deferred deep link), then goes to the store;
    ///   any other fallback is a plain "Continue on the web" link.
    ///
    /// The only script is that click handler, behind the response's CSP nonce (given only when the
    /// fallback is the App Store).
    static func openInApp(link: SmartLink, openURL: String, shortURL: String, fallback: String?, nonce: String?) -> String {
        var context = Context(link: link, shortURL: shortURL)
        context.buttons(openURL: openURL, fallback: fallback, store: link.fallbacks.appStore, copying: nonce != nil)
        context.nonce = context.copies ? nonce : nil
        return Template.openInApp.render(context)
    }

    /// The page for desktop Safari, which is also what an iPad sends (iPadOS asks for the desktop
    /// site): on a touch screen (`navigator.maxTouchPoints > 1`, an iPad) it shows the iOS buttons,
    /// otherwise it goes on to the web fallback (an https URL, never a custom scheme), or shows the
    /// desktop text when there is none.
    static func iPadOrMac(link: SmartLink, openURL: String, shortURL: String, iOSFallback: String?, web: String?,
                          nonce: String) -> String {
        var context = Context(link: link, shortURL: shortURL)
        context.buttons(openURL: openURL, fallback: iOSFallback, store: link.fallbacks.appStore, copying: true)
        context.webLiteral = web.map(HTML.javaScriptString) ?? "null"
        context.nonce = nonce
        return Template.iPadOrMac.render(context)
    }

    /// Whether a fallback is the App Store (where "Get the app" copies the short link first).
    static func isAppStore(_ url: String) -> Bool {
        let lowered = url.lowercased()
        return lowered.hasPrefix("https://apps.apple.com/") || lowered.hasPrefix("https://itunes.apple.com/")
    }

    /// The page for desktop browsers when the link has no web URL.
    static func interstitial(link: SmartLink, shortURL: String, universalLink: String?) -> String {
        var context = Context(link: link, shortURL: shortURL, title: "Open this link on your phone")
        context.universalLink = universalLink
        return Template.interstitial.render(context)
    }

    /// The page for link-preview crawlers: Open Graph and Twitter tags, no redirect.
    static func preview(link: SmartLink, shortURL: String) -> String {
        Template.preview.render(Context(link: link, shortURL: shortURL))
    }

    /// A page that states one thing: its title and one value.
    struct Notice: Sendable {
        var title: String
        var code: String?
        var detail: String?
    }

    /// 404; the code is shown only when it could be a code (no attacker-chosen text on the page).
    static func notFound(code: String) -> String {
        Template.notFound.render(Notice(title: "Link not found", code: LinkCodes.isPlausible(code) ? code : nil))
    }

    /// 410.
    static func gone(code: String) -> String {
        Template.gone.render(Notice(title: "Link expired", code: code))
    }

    /// 503 (or 429): the store is busy or down.
    static func unavailable(detail: String) -> String {
        Template.unavailable.render(Notice(title: "Try again shortly", detail: detail))
    }

    /// `?d=1`: the explanation's text.
    static func debug(_ text: String) -> String {
        Template.debug.render(Notice(title: "What this link does", detail: text))
    }

    /// A password link's form, with what went wrong with the last try (nil for none). Nothing of
    /// the link but its code is shown: not its preview, not where it goes.
    static func passwordForm(code: String, problem: String?) -> String {
        Template.passwordForm.render(Notice(title: "Protected link", code: code, detail: problem))
    }

    /// 400: a Firebase long link that cannot be opened: what is wrong, no link onwards.
    static func longLinkRefused(detail: String) -> String {
        Template.longLinkRefused.render(Notice(title: "This link cannot be opened", detail: detail))
    }
}

// The link pages' contexts answer the templates' names themselves, not through `Mirror`, which
// swift-mustache uses for any other value: reflecting a context's fields at every `{{name}}` is
// costly on every "Open in the app" page (see BENCHMARKS.md, "The click writer's slices, and what a
// real browser's open costs"). `PageContextTests` checks that each answers every stored property
// by its name, as reflection would.
extension Pages.Context: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "description": description
        case "shortURL": shortURL
        case "image": image
        case "openURL": openURL
        case "appStore": appStore
        case "onTheWeb": onTheWeb
        case "universalLink": universalLink
        case "copies": copies
        case "nonce": nonce
        case "shortURLLiteral": shortURLLiteral
        case "webLiteral": webLiteral
        default: nil
        }
    }
}

extension Pages.Notice: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "code": code
        case "detail": detail
        default: nil
        }
    }
}
