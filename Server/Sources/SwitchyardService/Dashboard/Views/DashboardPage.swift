import Hummingbird
import HTTPTypes

/// The dashboard's page frame and response headers. Every page is a ``Template`` that inherits the
/// `dashboard` frame (`Templates+Dashboard.swift`), where every value is escaped, and every URL put
/// in an `href` has gone through ``DashboardPage/href(_:)``, which admits only absolute http and
/// https URLs.
enum DashboardPage {
    /// What every dashboard page's template sees: the frame's `title` and `session` (the navigation
    /// and the sign-out form when signed in), and the page's own values under `page`.
    struct Context<Page>: Sendable where Page: Sendable {
        let title: String
        let session: DashboardSessions.Session?
        let page: Page
    }

    /// A complete page: `template` with `page`'s values, in the frame.
    static func render<Page: Sendable>(_ template: Template, title: String, session: DashboardSessions.Session?,
                                       page: Page) -> String {
        template.render(Context(title: title, session: session, page: page))
    }

    /// One value of a link (a row of its details, or its short URL): a link when `href` is set, else
    /// `text` as code or plain text; then a parenthesized `note`, and whether the app made it.
    struct Cell: Sendable {
        var name = ""
        var text: String
        var href: String?
        var isCode = false
        var note: String?
        var byApp = false

        /// Plain text.
        static func text(_ name: String, _ text: String) -> Cell { Cell(name: name, text: text) }
    }

    /// The `href` value for an absolute http(s) URL (the template escapes it), or nil for anything else.
    static func href(_ url: String) -> String? {
        FallbackPolicy.host(of: url) == nil ? nil : url
    }

    /// The URL as a link when it is http(s), as code otherwise.
    static func link(_ url: String, name: String = "") -> Cell {
        Cell(name: name, text: url, href: href(url), isCode: href(url) == nil)
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
        struct ProblemPage: Sendable { let heading: String, detail: String }
        return response(render(.problem, title: title, session: session, page: ProblemPage(heading: title, detail: detail)),
                        status: status)
    }
}

extension HTTPField.Name {
    /// `X-Frame-Options`, which swift-http-types does not name.
    static var xFrameOptions: Self { Self("X-Frame-Options")! }
}
