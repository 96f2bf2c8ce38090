import Switchyard

/// The sign-in form, the route picker and the new-link form: their templates' contexts.
enum DashboardForms {
    struct SignIn: Sendable {
        /// The double-submit token, also set as the sign-in cookie.
        let csrf: String
        let error: String?
    }

    static func signIn(csrf: String, error: String?) -> String {
        DashboardPage.render(.signIn, title: "Sign in", session: nil, page: SignIn(csrf: csrf, error: error))
    }

    /// The value the route picker sends for a route: its name, or its pattern.
    static func identifier(_ route: Route) -> String { route.name ?? route.text }

    struct RoutePicker: Sendable {
        struct Option: Sendable {
            let value: String
            let label: String
        }

        let routes: [Option]
        let error: String?
    }

    static func routePicker(table: RouteTable, error: String?) -> RoutePicker {
        RoutePicker(routes: table.routes.map { route in
            .init(value: identifier(route), label: route.name.map { "\($0) — \(route.text)" } ?? route.text)
        }, error: error)
    }

    struct NewLink: Sendable {
        struct Field: Sendable {
            let id: String
            let name: String
            let label: String
            var type = "text"
            var hint: String?
            var value: String
            var min: String?
            var step: String?
            var isTextarea = false
        }

        struct Fieldset: Sendable {
            let legend: String
            var noFields = false
            let fields: [Field]
        }

        /// The route's pattern and name, and the identifier the form posts back.
        let pattern: String
        let routeName: String?
        let route: String
        let error: String?
        let fieldsets: [Fieldset]
    }

    /// The new-link form for `route`, filled with `form`'s values (empty at first, what was posted
    /// when shown again after an error).
    static func newLink(route: Route, form: NewLinkForm, error: String?, domains: [String] = []) -> NewLink {
        func input(_ name: String, _ label: String, type: String = "text", hint: String? = nil,
                   min: String? = nil, step: String? = nil) -> NewLink.Field {
            NewLink.Field(id: name.replacingOccurrences(of: ".", with: "-"), name: name, label: label, type: type, hint: hint,
                          value: type == "password" ? "" : form[name] ?? "", min: min, step: step) // a password is never echoed
        }
        func textarea(_ name: String, _ label: String, hint: String) -> NewLink.Field {
            NewLink.Field(id: name, name: name, label: label, hint: hint, value: form[name] ?? "", isTextarea: true)
        }
        let names = route.pattern.parameterNames
        return NewLink(pattern: route.text, routeName: route.name, route: identifier(route), error: error, fieldsets: [
            .init(legend: "Route parameters", noFields: names.isEmpty, fields: names.map { input("param.\($0)", $0) }),
            .init(legend: "Data for the app", fields: [
                textarea("query", "Query parameters", hint: "one name=value a line"),
                textarea("metadata", "Metadata", hint: "a JSON object, served only with the app key"),
                input("redeemLimit", "Redeem limit", type: "number",
                      hint: "how many times the metadata may be redeemed; empty for no limit", min: "1"),
            ]),
            .init(legend: "Fallbacks", fields: [
                input("fallback.ios", "iOS", type: "url", hint: "the App Store page, say"),
                input("fallback.android", "Android", type: "url", hint: "the Play Store page, say"),
                input("fallback.web", "Web", type: "url", hint: "where desktop browsers go"),
            ]),
            .init(legend: "Link", fields: [
                input("alias", "Custom alias", hint: "optional; letters, digits, - and _"),
                input("domain", "Domain", hint: domains.isEmpty ? "empty: the team's default"
                      : "empty: \(domains[0])" + (domains.count > 1 ? "; or " + domains.dropFirst().joined(separator: ", ") : "")),
                input("expiresAt", "Expiry", type: "datetime-local", hint: "UTC; empty for never", step: "1"),
                input("password", "Password", type: "password",
                      hint: "optional; 4 to 128 characters: browsers get a form, the app sends it with resolve and redeem"),
            ]),
            .init(legend: "Redirect rules", fields: [
                textarea("rules", "Rules", hint: #"a JSON array, tried in order: [{"name": "French", "conditions": [{"type": "language", "value": "fr"}], "target": {"url": "https://..."}}]; conditions: platform, device, os, browser, language, query, address, country, before, after, appVersion, crawler; targets: url, or route with parameters"#),
                textarea("variants", "A/B variants", hint: #"a JSON object: {"targets": [{"route": "product/:id", "parameters": {"id": "42"}, "weight": 50}, {"url": "https://...", "weight": 50}], "endsAt": "2026-12-24T00:00:00Z", "decideBy": "appOpens"}; 2 to 4 variants, each 10% at least, summing to 100; decideBy appOpens or redeems"#),
            ]),
            .init(legend: "Preview (Open Graph)", fields: [
                input("preview.title", "Title"),
                input("preview.description", "Description"),
                input("preview.image", "Image URL", type: "url"),
            ]),
        ])
    }
}
