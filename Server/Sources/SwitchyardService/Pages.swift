import Switchyard
import SwitchyardStore

/// The HTML pages `GET /{code}` answers with. Every value is escaped for its context: HTML text
/// and attributes through ``HTML/escape(_:)``, the inline script's strings through
/// ``HTML/javaScriptString(_:)``. The only script is inline and carries the response's CSP nonce.
enum Pages {
    static let style = """
        body{font-family:-apple-system,system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#222}\
        a.button{display:inline-block;margin:.5rem .5rem 0 0;padding:.6rem 1rem;border-radius:.4rem;background:#0b5fff;\
        color:#fff;text-decoration:none}a.secondary{background:#eee;color:#222}
        """

    static func document(title: String, head: String = "", body: String, nonce: String? = nil, script: String? = nil) -> String {
        var page = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width,initial-scale=1">
            <meta name="robots" content="noindex">
            <title>\(HTML.escape(title))</title>
            \(head)<style>\(style)</style>
            </head><body>
            \(body)
            """
        if let nonce, let script {
            page += "\n<script nonce=\"\(HTML.escape(nonce))\">\(script)</script>"
        }
        return page + "\n</body></html>\n"
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
        let title = link.preview.title ?? "Open in the app"
        let (buttons, copies) = appButtons(openURL: openURL, fallback: fallback, copying: nonce != nil)
        return document(title: title, body: heading(link) + buttons, nonce: copies ? nonce : nil,
                        script: copies ? copyScript(shortURL: shortURL) : nil)
    }

    /// The page for desktop Safari, which is also what an iPad sends (iPadOS asks for the desktop
    /// site): on a touch screen (`navigator.maxTouchPoints > 1`, an iPad) it shows the iOS buttons,
    /// otherwise it goes on to the web fallback (an https URL, never a custom scheme), or shows the
    /// desktop text when there is none.
    static func iPadOrMac(link: SmartLink, openURL: String, shortURL: String, iOSFallback: String?, web: String?,
                          nonce: String) -> String {
        let title = link.preview.title ?? "Open in the app"
        let (buttons, copies) = appButtons(openURL: openURL, fallback: iOSFallback, copying: true)
        var body = heading(link)
        body += "<div id=\"ios\" hidden>\n\(buttons)</div>\n"
        body += "<div id=\"desktop\" hidden>\n<p>This link opens in the app. Open <strong>\(HTML.escape(shortURL))</strong> "
            + "on a phone or tablet with the app installed.</p>\n</div>\n"
        let choose = """
            (function(){var web=\(web.map(HTML.javaScriptString) ?? "null");\
            if(navigator.maxTouchPoints>1){document.getElementById("ios").hidden=false;}\
            else if(web){window.location.replace(web);}\
            else{document.getElementById("desktop").hidden=false;}})();
            """
        return document(title: title, body: body, nonce: nonce, script: choose + (copies ? copyScript(shortURL: shortURL) : ""))
    }

    private static func heading(_ link: SmartLink) -> String {
        var body = "<h1>\(HTML.escape(link.preview.title ?? "Open in the app"))</h1>\n"
        if let description = link.preview.description { body += "<p>\(HTML.escape(description))</p>\n" }
        return body
    }

    /// "Open in the app", then "Get the app" (an App Store fallback, `id="get"`, copying the short
    /// link when `copying`) or "Continue on the web"; whether the copy script is needed.
    private static func appButtons(openURL: String, fallback: String?, copying: Bool) -> (html: String, copies: Bool) {
        var html = "<p><a class=\"button\" id=\"open\" href=\"\(HTML.escape(openURL))\">Open in the app</a>"
        var copies = false
        if let fallback {
            if isAppStore(fallback) {
                html += "<a class=\"button secondary\" id=\"get\" href=\"\(HTML.escape(fallback))\">Get the app</a>"
                copies = copying
            } else {
                html += "<a class=\"button secondary\" id=\"web\" href=\"\(HTML.escape(fallback))\">Continue on the web</a>"
            }
        }
        return (html + "</p>\n", copies)
    }

    /// In the user's own tap on "Get the app": copy the short link, marked with the copy's time
    /// (`?sy_copied=SECONDS`, which the SDK's first-launch check requires and ages), then follow
    /// the button.
    private static func copyScript(shortURL: String) -> String {
        """
        (function(){var get=document.getElementById("get");var link=\(HTML.javaScriptString(shortURL));\
        function go(){window.location.href=get.href;}\
        get.addEventListener("click",function(event){event.preventDefault();\
        var copied=link+(link.indexOf("?")<0?"?":"&")+"\(DeferredLinks.copiedMarker)="+Math.floor(Date.now()/1000);\
        try{if(navigator.clipboard&&navigator.clipboard.writeText){navigator.clipboard.writeText(copied).then(go,go);return;}}catch(e){}\
        go();});})();
        """
    }

    /// Whether a fallback is the App Store (where "Get the app" copies the short link first).
    static func isAppStore(_ url: String) -> Bool {
        let lowered = url.lowercased()
        return lowered.hasPrefix("https://apps.apple.com/") || lowered.hasPrefix("https://itunes.apple.com/")
    }

    /// The page for desktop browsers when the link has no web URL.
    static func interstitial(link: SmartLink, shortURL: String, universalLink: String?) -> String {
        let title = link.preview.title ?? "Open this link on your phone"
        var body = "<h1>\(HTML.escape(title))</h1>\n"
        if let description = link.preview.description { body += "<p>\(HTML.escape(description))</p>\n" }
        body += "<p>This link opens in the app. Open <strong>\(HTML.escape(shortURL))</strong> on a phone with the app installed.</p>\n"
        if let universalLink {
            body += "<p><a class=\"button secondary\" href=\"\(HTML.escape(universalLink))\">Continue in the browser</a></p>\n"
        }
        return document(title: title, body: body)
    }

    /// The page for link-preview crawlers: Open Graph and Twitter tags, no redirect.
    static func preview(link: SmartLink, shortURL: String) -> String {
        let title = link.preview.title ?? "Open in the app"
        var head = """
            <meta property="og:type" content="website">
            <meta property="og:url" content="\(HTML.escape(shortURL))">
            <meta property="og:title" content="\(HTML.escape(title))">
            <meta name="twitter:title" content="\(HTML.escape(title))">

            """
        if let description = link.preview.description {
            head += "<meta property=\"og:description\" content=\"\(HTML.escape(description))\">\n"
            head += "<meta name=\"description\" content=\"\(HTML.escape(description))\">\n"
            head += "<meta name=\"twitter:description\" content=\"\(HTML.escape(description))\">\n"
        }
        if let image = link.preview.image {
            head += "<meta property=\"og:image\" content=\"\(HTML.escape(image))\">\n"
            head += "<meta name=\"twitter:image\" content=\"\(HTML.escape(image))\">\n"
            head += "<meta name=\"twitter:card\" content=\"summary_large_image\">\n"
        } else {
            head += "<meta name=\"twitter:card\" content=\"summary\">\n"
        }
        var body = "<h1>\(HTML.escape(title))</h1>\n"
        if let description = link.preview.description { body += "<p>\(HTML.escape(description))</p>\n" }
        return document(title: title, head: head, body: body)
    }

    /// 404.
    /// 404; the code is shown only when it could be a code (no attacker-chosen text on the page).
    static func notFound(code: String) -> String {
        let named = LinkCodes.isPlausible(code) ? " <strong>\(HTML.escape(code))</strong>" : ""
        return document(title: "Link not found",
                        body: "<h1>Link not found</h1>\n<p>There is no link\(named) here. Check the address and try again.</p>")
    }

    /// 410.
    static func gone(code: String) -> String {
        document(title: "Link expired",
                 body: "<h1>This link has expired</h1>\n<p>The link <strong>\(HTML.escape(code))</strong> was deleted or has expired.</p>")
    }
}
