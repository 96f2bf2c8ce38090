import Switchyard

/// The link pages' templates: see ``Pages`` for when each is served and its context.
extension Templates {
    static let pageStyle = """
        body{font-family:-apple-system,system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#222}\
        a.button{display:inline-block;margin:.5rem .5rem 0 0;padding:.6rem 1rem;border-radius:.4rem;background:#0b5fff;\
        color:#fff;text-decoration:none}a.secondary{background:#eee;color:#222}
        """

    /// The frame every link page inherits: `title`; blocks `head`, `body`, and `script` (inline,
    /// shown only when the context has a CSP `nonce`).
    static let page = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width,initial-scale=1">
        <meta name="robots" content="noindex">
        <title>{{title}}</title>
        {{$head}}{{/head}}<style>\(pageStyle)</style>
        </head><body>
        {{$body}}{{/body}}{{#nonce}}<script nonce="{{.}}">{{$script}}{{/script}}</script>
        {{/nonce}}</body></html>

        """

    /// The link's title and description.
    static let heading = """
        <h1>{{title}}</h1>
        {{#description}}<p>{{.}}</p>
        {{/description}}
        """

    /// "Open in the app", then "Get the app" (`appStore`) or "Continue on the web" (`onTheWeb`).
    static let appButtons = """
        <p><a class="button" id="open" href="{{openURL}}">Open in the app</a>\
        {{#appStore}}<a class="button secondary" id="get" href="{{.}}">Get the app</a>{{/appStore}}\
        {{#onTheWeb}}<a class="button secondary" id="web" href="{{.}}">Continue on the web</a>{{/onTheWeb}}</p>

        """

    /// In the user's own tap on "Get the app": copy the short link, marked with the copy's time,
    /// then follow the button. `shortURLLiteral` is unescaped on purpose: it is
    /// ``HTML/javaScriptString(_:)``'s output, a quoted literal in which everything but letters,
    /// digits and `.,-_:? ` is a `\uXXXX` escape, so it cannot end the string, the script or the page.
    static let copyScript = """
        (function(){var get=document.getElementById("get");var link={{{shortURLLiteral}}};\
        function go(){window.location.href=get.href;}\
        get.addEventListener("click",function(event){event.preventDefault();\
        var copied=link+(link.indexOf("?")<0?"?":"&")+"\(DeferredLinks.copiedMarker)="+Math.floor(Date.now()/1000);\
        try{if(navigator.clipboard&&navigator.clipboard.writeText){navigator.clipboard.writeText(copied).then(go,go);return;}}catch(e){}\
        go();});})();
        """

    static let openInApp = """
        {{<page}}
        {{$body}}
        {{>heading}}
        {{>appButtons}}
        {{/body}}
        {{$script}}{{#copies}}{{>copyScript}}{{/copies}}{{/script}}
        {{/page}}
        """

    /// `webLiteral` is unescaped on purpose: ``HTML/javaScriptString(_:)``'s output or `null` (see
    /// ``copyScript``).
    static let iPadOrMac = """
        {{<page}}
        {{$body}}
        {{>heading}}
        <div id="ios" hidden>
        {{>appButtons}}
        </div>
        <div id="desktop" hidden>
        <p>This link opens in the app. Open <strong>{{shortURL}}</strong> on a phone or tablet with the app installed.</p>
        </div>
        {{/body}}
        {{$script}}(function(){var web={{{webLiteral}}};\
        if(navigator.maxTouchPoints>1){document.getElementById("ios").hidden=false;}\
        else if(web){window.location.replace(web);}\
        else{document.getElementById("desktop").hidden=false;}})();\
        {{#copies}}{{>copyScript}}{{/copies}}{{/script}}
        {{/page}}
        """

    static let interstitial = """
        {{<page}}
        {{$body}}
        {{>heading}}
        <p>This link opens in the app. Open <strong>{{shortURL}}</strong> on a phone with the app installed.</p>
        {{#universalLink}}
        <p><a class="button secondary" href="{{.}}">Continue in the browser</a></p>
        {{/universalLink}}
        {{/body}}
        {{/page}}
        """

    static let preview = """
        {{<page}}
        {{$head}}
        <meta property="og:type" content="website">
        <meta property="og:url" content="{{shortURL}}">
        <meta property="og:title" content="{{title}}">
        <meta name="twitter:title" content="{{title}}">
        {{#description}}
        <meta property="og:description" content="{{.}}">
        <meta name="description" content="{{.}}">
        <meta name="twitter:description" content="{{.}}">
        {{/description}}
        {{#image}}
        <meta property="og:image" content="{{.}}">
        <meta name="twitter:image" content="{{.}}">
        <meta name="twitter:card" content="summary_large_image">
        {{/image}}
        {{^image}}
        <meta name="twitter:card" content="summary">
        {{/image}}
        {{/head}}
        {{$body}}
        {{>heading}}
        {{/body}}
        {{/page}}
        """

    static let notFound = """
        {{<page}}
        {{$body}}
        <h1>Link not found</h1>
        <p>There is no link{{#code}} <strong>{{.}}</strong>{{/code}} here. Check the address and try again.</p>
        {{/body}}
        {{/page}}
        """

    static let gone = """
        {{<page}}
        {{$body}}
        <h1>This link has expired</h1>
        <p>The link <strong>{{code}}</strong> was deleted or has expired.</p>
        {{/body}}
        {{/page}}
        """

    static let unavailable = """
        {{<page}}
        {{$body}}
        <h1>Try again shortly</h1>
        <p>{{detail}}</p>
        {{/body}}
        {{/page}}
        """

    /// `GET /{code}?d=1`: what the link does, as `switchyard explain` prints it.
    static let debug = """
        {{<page}}
        {{$body}}
        <h1>What this link does</h1>
        <pre id="explanation">{{detail}}</pre>
        {{/body}}
        {{/page}}
        """

    /// A password link's form: it posts `password` back to the link's own address.
    static let passwordForm = """
        {{<page}}
        {{$body}}
        <h1>This link is protected</h1>
        <p>Enter the password to open <strong>{{code}}</strong>.</p>
        {{#detail}}<p id="problem" role="alert">{{.}}</p>
        {{/detail}}<form method="post"><input type="password" name="password" autocomplete="current-password" required \
        minlength="4" maxlength="128" autofocus> <button type="submit">Open</button></form>
        {{/body}}
        {{/page}}
        """

    static let longLinkRefused = """
        {{<page}}
        {{$body}}
        <h1>This link cannot be opened</h1>
        <p id="reason">{{detail}}</p>
        {{/body}}
        {{/page}}
        """
}
