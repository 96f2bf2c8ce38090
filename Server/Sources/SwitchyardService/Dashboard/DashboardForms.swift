import Switchyard

/// The sign-in form, the route picker and the new-link form.
enum DashboardForms {
    static func signIn(csrf: String, error: String?) -> String {
        var body = "<h1>Sign in</h1>\n"
        if let error { body += "<p class=\"error\" role=\"alert\" id=\"error\">\(HTML.escape(error))</p>\n" }
        body += """
            <form method="post" action="/dashboard/signin" id="sign-in" class="card">
            <input type="hidden" name="csrf" value="\(HTML.escape(csrf))">
            <label for="key">API key</label>
            <input type="password" id="key" name="key" autocomplete="current-password" required autofocus>
            <button type="submit" class="primary">Sign in</button>
            </form>
            <p class="hint">The admin key the service was started with (<code>SWITCHYARD_API_KEY</code>).</p>
            """
        return DashboardPage.render(title: "Sign in", session: nil, body: body)
    }

    /// The value the route picker sends for a route: its name, or its pattern.
    static func identifier(_ route: Route) -> String { route.name ?? route.text }

    static func routePicker(table: RouteTable, error: String?) -> String {
        var body = "<h1>New link</h1>\n"
        if let error { body += "<p class=\"error\" role=\"alert\" id=\"error\">\(HTML.escape(error))</p>\n" }
        body += "<form method=\"get\" action=\"/dashboard/new\" id=\"pick-route\" class=\"card\">\n"
        body += "<label for=\"route\">Route</label>\n<select id=\"route\" name=\"route\">\n"
        for route in table.routes {
            let label = route.name.map { "\($0) — \(route.text)" } ?? route.text
            body += "<option value=\"\(HTML.escape(identifier(route)))\">\(HTML.escape(label))</option>\n"
        }
        body += "</select>\n<button type=\"submit\" class=\"primary\">Continue</button>\n</form>"
        return body
    }

    static func newLink(route: Route, form: NewLinkForm, session: DashboardSessions.Session, error: String?) -> String {
        func value(_ name: String) -> String { HTML.escape(form[name] ?? "") }
        func input(_ name: String, _ label: String, type: String = "text", hint: String? = nil, extra: String = "") -> String {
            let id = HTML.escape(name.replacingOccurrences(of: ".", with: "-"))
            let hintText = hint.map { " <span class=\"hint\">\(HTML.escape($0))</span>" } ?? ""
            return "<label for=\"\(id)\">\(HTML.escape(label))\(hintText)</label>\n"
                + "<input type=\"\(type)\" id=\"\(id)\" name=\"\(HTML.escape(name))\" value=\"\(value(name))\"\(extra)>\n"
        }
        func textarea(_ name: String, _ label: String, hint: String) -> String {
            "<label for=\"\(name)\">\(HTML.escape(label)) <span class=\"hint\">\(HTML.escape(hint))</span></label>\n"
                + "<textarea id=\"\(name)\" name=\"\(name)\">\(value(name))</textarea>\n"
        }
        var body = "<h1>New link</h1>\n<p>Route <code id=\"route-pattern\">\(HTML.escape(route.text))</code>"
        if let name = route.name { body += " (\(HTML.escape(name)))" }
        body += " · <a href=\"/dashboard/new\">choose another route</a></p>\n"
        if let error { body += "<p class=\"error\" role=\"alert\" id=\"error\">\(HTML.escape(error))</p>\n" }
        body += "<form method=\"post\" action=\"/dashboard/new\" id=\"create-link\">\n"
        body += DashboardPage.csrfField(session)
        body += "<input type=\"hidden\" name=\"route\" value=\"\(HTML.escape(identifier(route)))\">\n"
        body += "<fieldset><legend>Route parameters</legend>\n"
        let names = route.pattern.parameterNames
        if names.isEmpty { body += "<p class=\"hint\">This route takes no parameters.</p>\n" }
        for name in names { body += input("param.\(name)", name) }
        body += "</fieldset>\n<fieldset><legend>Data for the app</legend>\n"
        body += textarea("query", "Query parameters", hint: "one name=value a line")
        body += textarea("metadata", "Metadata", hint: "a JSON object, served only with the app key")
        body += input("redeemLimit", "Redeem limit", type: "number", hint: "how many times the metadata may be redeemed; empty for no limit", extra: " min=\"1\"")
        body += "</fieldset>\n<fieldset><legend>Fallbacks</legend>\n"
        body += input("fallback.ios", "iOS", type: "url", hint: "the App Store page, say")
        body += input("fallback.android", "Android", type: "url", hint: "the Play Store page, say")
        body += input("fallback.web", "Web", type: "url", hint: "where desktop browsers go")
        body += "</fieldset>\n<fieldset><legend>Link</legend>\n"
        body += input("alias", "Custom alias", hint: "optional; letters, digits, - and _")
        body += input("expiresAt", "Expiry", type: "datetime-local", hint: "UTC; empty for never", extra: " step=\"1\"")
        body += "</fieldset>\n<fieldset><legend>Preview (Open Graph)</legend>\n"
        body += input("preview.title", "Title")
        body += input("preview.description", "Description")
        body += input("preview.image", "Image URL", type: "url")
        body += "</fieldset>\n<button type=\"submit\" class=\"primary\" id=\"create\">Create link</button>\n</form>"
        return body
    }
}
