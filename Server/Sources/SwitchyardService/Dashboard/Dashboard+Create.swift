import Foundation
import Hummingbird
import HTTPTypes
import Switchyard

/// Creating a link from the form: the form becomes the API's JSON body and goes through
/// ``AdminAPI/create(_:context:)`` itself, so validation, code generation and its error messages
/// are the API's, written once.
extension Dashboard {
    func newLinkPage(_ request: Request, session: DashboardSessions.Session) -> Response {
        guard let name = request.uri.queryParameters["route"].map(String.init), !name.isEmpty else {
            return DashboardPage.response(DashboardPage.render(
                .routePicker, title: "New link", session: session, page: DashboardForms.routePicker(table: service.table, error: nil)))
        }
        guard let route = service.table.route(name) else { return noRoute(name, session: session) }
        return DashboardPage.response(DashboardPage.render(
            .newLink, title: "New link", session: session, page: DashboardForms.newLink(route: route, form: NewLinkForm(), error: nil)))
    }

    /// The route picker, saying that there is no route `name` (400).
    func noRoute(_ name: String, session: DashboardSessions.Session) -> Response {
        DashboardPage.response(DashboardPage.render(
            .routePicker, title: "New link", session: session,
            page: DashboardForms.routePicker(table: service.table, error: "There is no route named '\(name)'.")),
            status: .badRequest)
    }

    func createLink(_ form: NewLinkForm, session: DashboardSessions.Session, context: ServiceRequestContext) async throws -> Response {
        let name = form["route"] ?? ""
        guard let route = service.table.route(name) else { return noRoute(name, session: session) }
        func failed(_ message: String, status: HTTPResponse.Status) -> Response {
            DashboardPage.response(DashboardPage.render(
                .newLink, title: "New link", session: session,
                page: DashboardForms.newLink(route: route, form: form, error: message)), status: status)
        }
        let body: String
        do throws(FormError) {
            body = try Self.apiBody(form, route: route)
        } catch {
            return failed(error.message, status: .badRequest)
        }
        // The API's create path, as this session's team (the caller its authentication would set).
        var head = HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/api/v1/links")
        head.headerFields[.contentType] = "application/json"
        let apiRequest = Request(head: head, body: RequestBody(buffer: ByteBuffer(string: body)))
        var apiContext = context
        apiContext.caller = .admin(team: session.team)
        let response: Response
        do {
            response = try await AdminAPI(service: service).create(apiRequest, context: apiContext)
        } catch let problem as Problem where problem.status.code < 500 {
            return failed(problem.detail, status: problem.status)
        }
        guard let location = response.headers[.location], let code = location.split(separator: "/").last else {
            throw Problem(.internalServerError, kind: "internal", title: "Internal error", detail: "the link was created without a code")
        }
        return DashboardPage.redirect("/dashboard/links/\(PercentEncoding.encode(String(code)))")
    }

    /// A form mistake the API cannot see (its JSON is built here).
    struct FormError: Error {
        let message: String
    }

    /// The API's JSON body for the form: empty fields are left out; values the API checks (the
    /// redeem limit, URLs, the expiry) are passed on as typed so that its messages apply.
    static func apiBody(_ form: NewLinkForm, route: Route) throws(FormError) -> String {
        var object: [String: JSONValue] = ["route": .string(route.name ?? route.text)]
        var parameters: [String: JSONValue] = [:]
        for name in route.pattern.parameterNames {
            if let value = form["param.\(name)"], !value.isEmpty { parameters[name] = .string(value) }
        }
        if !parameters.isEmpty { object["routeParameters"] = .object(parameters) }
        if let text = form.trimmed("query") {
            var query: [String: JSONValue] = [:]
            for (index, line) in text.split(whereSeparator: \.isNewline).enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard !trimmed.isEmpty else { continue }
                let parts = trimmed.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, !parts[0].isEmpty else {
                    throw FormError(message: "query parameters: line \(index + 1) must be name=value, got '\(trimmed)'")
                }
                query[String(parts[0])] = .string(String(parts[1]))
            }
            if !query.isEmpty { object["queryParameters"] = .object(query) }
        }
        if let text = form.trimmed("metadata") {
            do {
                object["metadata"] = try JSONValue.parse(text)
            } catch {
                throw FormError(message: "'metadata' is not valid JSON: \(error)")
            }
        }
        if let text = form.trimmed("redeemLimit") {
            object["redeemLimit"] = Int(text).map { .number(Double($0)) } ?? .string(text)
        }
        var fallbacks: [String: JSONValue] = [:]
        for platform in ["ios", "android", "web"] {
            if let url = form.trimmed("fallback.\(platform)") { fallbacks[platform] = .string(url) }
        }
        if !fallbacks.isEmpty { object["fallbacks"] = .object(fallbacks) }
        if let alias = form.trimmed("alias") { object["alias"] = .string(alias) }
        if let expiry = form.trimmed("expiresAt") { object["expiresAt"] = .string(utcDateTime(expiry)) }
        var preview: [String: JSONValue] = [:]
        for field in ["title", "description", "image"] {
            if let value = form.trimmed("preview.\(field)") { preview[field] = .string(value) }
        }
        if !preview.isEmpty { object["preview"] = .object(preview) }
        return JSONValue.object(object).serialized()
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
