import Foundation
import Hummingbird
import Switchyard
import SwitchyardStore

/// `GET /dashboard/domains`: the team's link domains with their redirects, a form to add one and a
/// button to remove each (with "disable its links" for one in use): for admins. The changes go
/// through the admin API's own checks and messages (``DomainsAPI``).
extension Dashboard {
    func domainsPage(session: DashboardSessions.Session, error: String? = nil, status: HTTPResponse.Status = .ok) async throws -> Response {
        try await service.storage { try await service.domains.refresh(from: service.store) }
        let domains = service.domains.domains(team: session.team)
        let page = DomainsView(rows: domains.enumerated().map { index, served in
            let redirects = served.domain.redirects
            return DomainsView.Row(host: served.domain.host, isDefault: index == 0, bootstrap: served.isBootstrap,
                                   root: redirects.root ?? "", notFound: redirects.notFound ?? "", expired: redirects.expired ?? "")
        }, error: error)
        return DashboardPage.response(DashboardPage.render(.domains, title: "Domains", session: session, page: page), status: status)
    }

    /// `POST /dashboard/domains`: adds a domain to the session's team.
    func addDomain(_ form: NewLinkForm, session: DashboardSessions.Session, request: Request,
                   context: ServiceRequestContext) async throws -> Response {
        var body = DomainRequest()
        body.host = form.trimmed("host")
        body.isDefault = form["default"] == "on"
        body.rootRedirect = form.trimmed("rootRedirect")
        body.notFoundRedirect = form.trimmed("notFoundRedirect")
        body.expiredRedirect = form.trimmed("expiredRedirect")
        do {
            // The API's own field checks (lengths), then its host and redirect rules.
            try body.validate()
            guard let text = body.host, !text.isEmpty else { throw Problem.invalid("invalid-field", "Invalid field", "'host' is required") }
            let host = try DomainsAPI.host(text)
            try DomainsAPI(service: service).checkRedirects(body)
            let domain = LinkDomain(host: host, team: session.team, isDefault: body.isDefault ?? false,
                                    redirects: body.redirects(over: .init()), createdAt: service.now())
            let entry = service.auditAuthor(session, request: request, context: context)
                .entry("domain.added", target: host, detail: domain.isDefault ? "default" : "", at: service.now())
            try await service.addDomain(domain, audit: entry)
        } catch {
            guard let problem = Problem(answering: error), problem.status.code < 500 else { throw error }
            return try await domainsPage(session: session, error: problem.detail, status: problem.status)
        }
        return DashboardPage.redirect("/dashboard/domains")
    }

    /// `POST /dashboard/domains/remove`: removes a domain of the session's team (`force`: and
    /// disables its live links).
    func removeDomain(_ form: NewLinkForm, session: DashboardSessions.Session, request: Request,
                      context: ServiceRequestContext) async throws -> Response {
        let force = form["force"] == "on"
        do {
            let host = try DomainsAPI.host(form["host"] ?? "")
            let entry = service.auditAuthor(session, request: request, context: context)
                .entry("domain.removed", target: host, detail: force ? "force" : "", at: service.now())
            _ = try await service.removeDomain(host: host, team: session.team, force: force, audit: entry)
        } catch {
            guard let problem = Problem(answering: error), problem.status.code < 500 else { throw error }
            return try await domainsPage(session: session, error: problem.detail, status: problem.status)
        }
        return DashboardPage.redirect("/dashboard/domains")
    }

    /// The `domains` template's page.
    struct DomainsView: Sendable {
        struct Row: Sendable {
            let host: String
            let isDefault: Bool
            let bootstrap: Bool
            let root, notFound, expired: String
        }

        let rows: [Row]
        let error: String?
    }
}

extension Templates {
    /// `GET /dashboard/domains`: see ``Dashboard/DomainsView``.
    static let domains = """
        {{<dashboard}}
        {{$body}}
        {{#page}}
        <h1>Domains</h1>
        {{#error}}<p class="error" role="alert">{{.}}</p>{{/error}}
        <div class="scroll"><table id="domains"><thead><tr><th>Host</th><th></th><th>Root</th><th>Not found</th><th>Expired</th>\
        <th></th></tr></thead><tbody>
        {{#rows}}
        <tr data-host="{{host}}"><td><code>{{host}}</code></td><td>{{#isDefault}}default{{/isDefault}}{{#bootstrap}} (the service's own){{/bootstrap}}</td>\
        <td>{{root}}</td><td>{{notFound}}</td><td>{{expired}}</td><td>{{^bootstrap}}<form method="post" action="/dashboard/domains/remove">\
        {{>csrfField}}<input type="hidden" name="host" value="{{host}}"><label><input type="checkbox" name="force"> disable its links</label> \
        <button type="submit" class="remove">Remove</button></form>{{/bootstrap}}</td></tr>
        {{/rows}}
        </tbody></table></div>
        <h2>Add a domain</h2>
        <p class="hint">Point its DNS at the service first. Codes are unique per domain; the team's links go to its default domain \
        unless a create names another.</p>
        <form method="post" action="/dashboard/domains" id="new-domain" class="card">{{>csrfField}}
        <label for="domain-host">Host</label><input id="domain-host" name="host" required maxlength="253" placeholder="links.example.com">
        <label><input type="checkbox" name="default" id="domain-default"> the team's default</label>
        <label for="domain-root">Root redirect (optional)</label><input id="domain-root" name="rootRedirect" type="url">
        <label for="domain-not-found">Not-found redirect (optional)</label><input id="domain-not-found" name="notFoundRedirect" type="url">
        <label for="domain-expired">Expired-link redirect (optional)</label><input id="domain-expired" name="expiredRedirect" type="url">
        <button type="submit">Add the domain</button></form>
        {{/page}}
        {{/body}}
        {{/dashboard}}
        """
}
