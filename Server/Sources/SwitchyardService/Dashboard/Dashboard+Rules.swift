import Foundation
import Hummingbird
@_spi(SwitchyardService) import Switchyard
import SwitchyardStore

/// The rule editor on a link's page: its rules and A/B test as JSON, saved as `PATCH` saves them
/// (the same reader, route table and fallback domains, so it refuses what the API refuses, with
/// the API's message), recorded in the audit log as `link.updated`.
extension Dashboard {
    /// What the editor was given, and why it was refused.
    struct RuleEdit: Sendable {
        var rules: String
        var variants: String
        var error: String
    }

    /// `POST /dashboard/links/{code}/rules`: editors and admins.
    func saveRules(_ form: NewLinkForm, code: String, session: DashboardSessions.Session, request: Request,
                   context: ServiceRequestContext) async throws -> Response {
        guard LinkCodes.isPlausibleKey(code),
              let link = try await service.storage({ try await service.store.link(code: code) }),
              link.team == session.team, link.deletedAt == nil else {
            throw Problem.linkNotFound(code)
        }
        let rulesText = form.trimmed("rules") ?? ""
        let variantsText = form.trimmed("variants") ?? ""
        var body = UpdateLinkRequest()
        var changes = LinkChanges()
        do {
            body.rules = try Self.json(rulesText, field: "rules")
            body.variants = try Self.json(variantsText, field: "variants")
            changes.rules = .some(try service.rules.redirectRules(body.rules ?? .null))
            changes.variants = .some(try service.rules.variantTest(body.variants ?? .null, now: service.now()))
        } catch {
            let message = (error as? LinkRuleError)?.message ?? (error as? FormError)?.message ?? "\(error)"
            return try await linkPage(code: code, session: session, edit: RuleEdit(rules: rulesText, variants: variantsText, error: message),
                                      status: .badRequest)
        }
        // Only what changed is written, and named in the audit entry.
        if (changes.rules ?? nil) ?? [] == link.content.rules ?? [] { changes.rules = nil; body.rules = nil }
        if changes.variants ?? nil == link.content.variants { changes.variants = nil; body.variants = nil }
        if !changes.isEmpty {
            let entry = service.auditAuthor(session, request: request, context: context)
                .entry("link.updated", target: code, detail: LinksAPI.changedFields(body), at: service.now())
            guard try await service.storage({
                try await service.store.update(code: code, team: session.team, changes: changes, audit: entry)
            }) != nil else { throw Problem.linkNotFound(code) }
            service.openCache.evict(code: code)
        }
        return DashboardPage.redirect(Self.linkPath(link))
    }

    /// A textarea's JSON: empty is null (remove).
    static func json(_ text: String, field: String) throws -> JSONValue {
        guard !text.isEmpty else { return .null }
        do {
            return try JSONValue.parse(text)
        } catch {
            throw FormError(message: "'\(field)' is not valid JSON: \(error)")
        }
    }
}
