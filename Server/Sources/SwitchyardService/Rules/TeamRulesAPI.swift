import Foundation
import Hummingbird
import Switchyard
import SwitchyardRules
import SwitchyardStore

/// The body of `PUT /api/v1/team/rules` (the `TeamRulesRequest` schema): the team's new default rules.
///
/// ```json
/// {"rules": [{"conditions": [{"type": "country", "value": "GB"}], "target": {"url": "https://shop.example.com/uk"}}]}
/// ```
struct TeamRulesRequest: Sendable, Hashable {
    /// The rules as the body gives them, read and checked as a link's are; null or `[]` removes them.
    var rules: JSONValue?
}

extension TeamRulesRequest: APIRequestBody, OpenAPISchema {
    static let schemaName = "TeamRulesRequest"

    static let requestFields: [BodyField<Self>] = [
        BodyField("rules", \.rules, RuleSchemas.rules.described(
            "The team's default rules, tried on every link of the team after the link's own; null or [] removes them.").nullable(),
                  required: true, read: { members, key in
                      guard members.contains(key) else { return nil }
                      return try members.value(key) ?? .null
                  }),
    ]
}

/// A team's default rules (the `TeamRules` schema).
struct TeamRulesResponse: Sendable, Hashable, ResponseEncodable {
    var team: String
    var rules: [RedirectRule]
}

extension TeamRulesResponse: APIObject, OpenAPISchema {
    static let schemaName = "TeamRules"

    static let fields: [APIField<Self>] = [
        APIField("team", \.team),
        APIField("rules", \.rules, "The team's default rules, in order: tried on every link of the team after the link's own rules "
                     + "(their indices follow the link's in explain and the app's rule); empty for none."),
    ]
}

/// `/api/v1/team/rules`: the caller's team's default redirect rules.
struct TeamRulesAPI: Sendable {
    let service: LinkService

    /// The routes, under `api/v1/team/rules`.
    var routes: ServiceRoutes {
        let rules = service.keyedRoutes()
        rules.get { request, context in try await read(request, context: context) }
        rules.put { request, context in try await replace(request, context: context) }
        return rules
    }

    /// `GET /api/v1/team/rules`.
    func read(_ request: Request, context: ServiceRequestContext) async throws -> TeamRulesResponse {
        let team = try context.team
        try await service.storage { try await service.teamRules.refresh(from: service.store) }
        return TeamRulesResponse(team: team, rules: service.teamRules.rules(of: team))
    }

    /// `PUT /api/v1/team/rules`: replaces them (checked as a link's rules are), recorded in the
    /// audit log as `team.rules_updated`; this instance uses them at once, the others within the
    /// domain refresh interval.
    func replace(_ request: Request, context: ServiceRequestContext) async throws -> TeamRulesResponse {
        let team = try context.team
        let body = try await request.decode(as: TeamRulesRequest.self, context: context)
        // A body without 'rules' is refused, not read as "remove them".
        guard let given = body.rules else { throw Problem.malformed("the body must set 'rules' (null or [] removes them)") }
        let rules: [RedirectRule]?
        do { rules = try service.rules.redirectRules(given) } catch { throw Problem(error) }
        let entry = service.auditEntry("team.rules_updated", target: team, detail: rules.map { "\($0.count) rules" } ?? "removed",
                                       request: request, context: context)
        try await service.storage {
            try await service.store.setTeamRules(rules, team: team, at: service.now(), audit: entry)
            try await service.teamRules.refresh(from: service.store)
        }
        context.logger.info("team rules replaced", metadata: ["team": "\(team)", "count": "\(rules?.count ?? 0)"])
        return TeamRulesResponse(team: team, rules: rules ?? [])
    }
}
