import Foundation
import Hummingbird
import HTTPTypes
@_spi(SwitchyardService) import Switchyard
import SwitchyardStore

/// Creating a link from the form: the form becomes the API's ``CreateLinkRequest`` and goes
/// through ``LinksAPI/create(_:team:author:logger:)`` itself, so validation, code generation and its error
/// messages are the API's, written once.
extension Dashboard {
    func newLinkPage(_ request: Request, session: DashboardSessions.Session) -> Response {
        guard let name = request.uri.queryParameters["route"].map(String.init), !name.isEmpty else {
            return DashboardPage.response(DashboardPage.render(
                .routePicker, title: "New link", session: session, page: DashboardForms.routePicker(table: service.table, error: nil)))
        }
        guard let route = service.table.route(name) else { return noRoute(name, session: session) }
        return DashboardPage.response(DashboardPage.render(
            .newLink, title: "New link", session: session,
            page: DashboardForms.newLink(route: route, form: NewLinkForm(), error: nil, domains: domainHosts(session))))
    }

    /// The route picker, saying that there is no route `name` (400).
    func noRoute(_ name: String, session: DashboardSessions.Session) -> Response {
        DashboardPage.response(DashboardPage.render(
            .routePicker, title: "New link", session: session,
            page: DashboardForms.routePicker(table: service.table, error: "There is no route named '\(name)'.")),
            status: .badRequest)
    }

    func createLink(_ form: NewLinkForm, session: DashboardSessions.Session, request: Request,
                    context: ServiceRequestContext) async throws -> Response {
        let name = form["route"] ?? ""
        guard let route = service.table.route(name) else { return noRoute(name, session: session) }
        func failed(_ message: String, status: HTTPResponse.Status) -> Response {
            DashboardPage.response(DashboardPage.render(
                .newLink, title: "New link", session: session,
                page: DashboardForms.newLink(route: route, form: form, error: message, domains: domainHosts(session))), status: status)
        }
        let body: CreateLinkRequest
        do throws(FormError) {
            body = try Self.apiBody(form, route: route)
        } catch {
            return failed(error.message, status: .badRequest)
        }
        // The API's create path, as this session's team.
        let link: SmartLink
        do {
            try await service.spend(.create, caller: "team:" + session.team)
            link = try await LinksAPI(service: service).create(body, team: session.team,
                                                               author: service.auditAuthor(session, request: request, context: context),
                                                               logger: context.logger).link
        } catch {
            // The API's refusals (a link rule's, a body check's, the create rate's) come back on the form.
            guard let problem = Problem(answering: error), problem.status.code < 500 else { throw error }
            return failed(problem.detail, status: problem.status)
        }
        return DashboardPage.redirect(Self.linkPath(link))
    }

    /// The hosts the session's team creates links on, its default first.
    func domainHosts(_ session: DashboardSessions.Session) -> [String] {
        service.domains.domains(team: session.team).map(\.domain.host)
    }

    /// A form mistake the API cannot see (its body is built here).
    struct FormError: Error {
        let message: String
    }

    /// The API's body for the form: empty fields are left out; values the API checks (URLs, the
    /// expiry) are passed on as typed so that its messages apply.
    static func apiBody(_ form: NewLinkForm, route: Route) throws(FormError) -> CreateLinkRequest {
        var body = CreateLinkRequest(route: route.name ?? route.text)
        for name in route.pattern.parameterNames {
            if let value = form["param.\(name)"], !value.isEmpty { body.routeParameters[name] = value }
        }
        if let text = form.trimmed("query") {
            for (index, line) in text.split(whereSeparator: \.isNewline).enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard !trimmed.isEmpty else { continue }
                let parts = trimmed.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, !parts[0].isEmpty else {
                    throw FormError(message: "query parameters: line \(index + 1) must be name=value, got '\(trimmed)'")
                }
                body.queryParameters[String(parts[0])] = String(parts[1])
            }
        }
        if let text = form.trimmed("metadata") {
            let value: JSONValue
            do {
                value = try JSONValue.parse(text)
            } catch {
                throw FormError(message: "'metadata' is not valid JSON: \(error)")
            }
            guard case .object(let members) = value else {
                throw FormError(message: "'metadata' must be an object, got \(value.typeName)")
            }
            body.metadata = members
        }
        if let text = form.trimmed("rules") {
            do {
                body.rules = try JSONValue.parse(text)
            } catch {
                throw FormError(message: "'rules' is not valid JSON: \(error)")
            }
        }
        if let text = form.trimmed("variants") {
            do {
                body.variants = try JSONValue.parse(text)
            } catch {
                throw FormError(message: "'variants' is not valid JSON: \(error)")
            }
        }
        if let text = form.trimmed("redeemLimit") {
            guard let limit = Int(text) else {
                throw FormError(message: BodyFields.outOfRange("'redeemLimit'", CreateLinkRequest.redeemLimits).detail)
            }
            body.redeemLimit = limit
        }
        let fallbacks = FallbackURLs(ios: form.trimmed("fallback.ios"), android: form.trimmed("fallback.android"),
                                     web: form.trimmed("fallback.web"))
        if fallbacks != FallbackURLs() { body.fallbacks = fallbacks }
        body.alias = form.trimmed("alias")
        body.domain = form.trimmed("domain").flatMap { $0.isEmpty ? nil : $0 }
        body.expiresAt = form.trimmed("expiresAt").map(utcDateTime)
        // A password is taken as typed: spaces are characters of it.
        body.password = form.fields["password"].flatMap { $0.isEmpty ? nil : $0 }
        let preview = LinkPreview(title: form.trimmed("preview.title"), description: form.trimmed("preview.description"),
                                  image: form.trimmed("preview.image"))
        if preview != LinkPreview() { body.preview = preview }
        return body
    }

    /// A `datetime-local` value (`2030-01-31T12:00`, read as UTC) as ISO 8601 with `Z`; any
    /// other text unchanged, for the API to judge.
    static func utcDateTime(_ text: String) -> String {
        let bytes = Array(text.utf8)
        let shape = bytes.count == 16 || bytes.count == 19
        guard shape, bytes[10] == UInt8(ascii: "T") else { return text }
        return bytes.count == 16 ? text + ":00Z" : text + "Z"
    }
}
