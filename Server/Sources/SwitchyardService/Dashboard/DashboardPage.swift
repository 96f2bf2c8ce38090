import Hummingbird
import HTTPTypes

/// The dashboard's page frame and response headers. Every page is built from strings in which
/// each value goes through ``HTML/escape(_:)``, and every URL put in an `href` through
/// ``DashboardPage/href(_:)``, which admits only absolute http and https URLs.
enum DashboardPage {
    static let style = """
        body{font-family:system-ui,-apple-system,sans-serif;margin:0;color:#1d1d1f;background:#f6f7f9}\
        header{display:flex;align-items:center;gap:1rem;padding:.7rem 1.5rem;background:#12263f;color:#fff}\
        header a{color:#fff;text-decoration:none}header .brand{font-weight:700;margin-right:auto}\
        header form{margin:0}header button{background:none;border:1px solid #fff8;color:#fff;border-radius:.3rem;padding:.3rem .7rem;cursor:pointer}\
        main{max-width:60rem;margin:1.5rem auto;padding:0 1.5rem}\
        table{border-collapse:collapse;width:100%;background:#fff}th,td{text-align:left;padding:.45rem .6rem;border-bottom:1px solid #e3e5e8;vertical-align:top}\
        label{display:block;margin:.7rem 0 .2rem;font-weight:600}input,select,textarea{width:100%;box-sizing:border-box;padding:.45rem;border:1px solid #bbb;border-radius:.3rem;font:inherit}\
        textarea{font-family:ui-monospace,monospace;min-height:5rem}fieldset{border:1px solid #d5d8dc;border-radius:.4rem;margin:1rem 0;background:#fff}\
        button.primary{margin-top:1rem;padding:.55rem 1.2rem;background:#0b5fff;color:#fff;border:0;border-radius:.3rem;font:inherit;cursor:pointer}\
        .error{background:#fde8e8;border:1px solid #e0a0a0;padding:.6rem .8rem;border-radius:.3rem}\
        .notice{background:#e6f4ea;border:1px solid #9fd0ab;padding:.6rem .8rem;border-radius:.3rem}\
        .hint{color:#666;font-size:.85rem;font-weight:400}.cards{display:flex;gap:1.5rem;flex-wrap:wrap;align-items:flex-start}\
        .card{background:#fff;border:1px solid #e3e5e8;border-radius:.4rem;padding:1rem}pre{white-space:pre-wrap;word-break:break-all}\
        code{font-family:ui-monospace,monospace}
        """

    /// A complete page. `session` adds the navigation and the sign-out form.
    static func render(title: String, session: DashboardSessions.Session?, body: String) -> String {
        var header = #"<header><a class="brand" href="/">Switchyard</a>"#
        if let session {
            header += #"<a href="/">Links</a><a href="/dashboard/new">New link</a><a href="/dashboard/import">Import</a>"#
            header += "<span>Team <strong>\(HTML.escape(session.team))</strong></span>"
            header += #"<form method="post" action="/dashboard/signout">\#(csrfField(session))<button type="submit" id="sign-out">Sign out</button></form>"#
        }
        header += "</header>"
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width,initial-scale=1">
            <meta name="robots" content="noindex">
            <title>\(HTML.escape(title)) · Switchyard</title>
            <style>\(style)</style>
            </head><body>
            \(header)
            <main>
            \(body)
            </main>
            </body></html>

            """
    }

    /// The hidden field carrying the session's CSRF token.
    static func csrfField(_ session: DashboardSessions.Session) -> String {
        #"<input type="hidden" name="csrf" value="\#(HTML.escape(session.csrf))">"#
    }

    /// An escaped `href` value for an absolute http(s) URL, or nil for anything else.
    static func href(_ url: String) -> String? {
        FallbackPolicy.host(of: url) == nil ? nil : HTML.escape(url)
    }

    /// The URL as a link when it is http(s), as plain escaped text otherwise.
    static func link(_ url: String) -> String {
        guard let href = href(url) else { return "<code>\(HTML.escape(url))</code>" }
        return #"<a href="\#(href)" rel="noopener noreferrer">\#(HTML.escape(url))</a>"#
    }

    /// An HTML response with the dashboard's headers: no caching, no framing, no script at all.
    static func response(_ html: String, status: HTTPResponse.Status = .ok, cookies: [Cookie] = []) -> Response {
        var fields = HTTPFields()
        fields[.contentType] = "text/html; charset=utf-8"
        fields[.cacheControl] = "no-store"
        fields[.xContentTypeOptions] = "nosniff"
        fields[.referrerPolicy] = "same-origin"
        fields[.xFrameOptions] = "DENY"
        fields[.contentSecurityPolicy] = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
        var response = Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
        for cookie in cookies { response.setCookie(cookie) }
        return response
    }

    /// A 303 to a path on this service.
    static func redirect(_ path: String, cookies: [Cookie] = []) -> Response {
        var fields = HTTPFields()
        fields[.location] = path
        fields[.cacheControl] = "no-store"
        var response = Response(status: .seeOther, headers: fields)
        for cookie in cookies { response.setCookie(cookie) }
        return response
    }

    /// A page that only states a problem (403 for a bad CSRF token, 404, 503 ...).
    static func problem(_ status: HTTPResponse.Status, title: String, detail: String,
                        session: DashboardSessions.Session?) -> Response {
        let body = "<h1>\(HTML.escape(title))</h1>\n<p class=\"error\" role=\"alert\">\(HTML.escape(detail))</p>\n<p><a href=\"/\">Back to the dashboard</a></p>"
        return response(render(title: title, session: session, body: body), status: status)
    }
}

extension HTTPField.Name {
    /// `X-Frame-Options`, which swift-http-types does not name.
    static var xFrameOptions: Self { Self("X-Frame-Options")! }
}
