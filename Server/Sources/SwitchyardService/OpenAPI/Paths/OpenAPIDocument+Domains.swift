import Switchyard

extension OpenAPIDocument {
    /// `/api/v1/domains`: a team's link domains.
    static var domainPaths: [String: JSONValue] {
        let host = parameter("host", in: "path", required: true, description: "The domain's host (links.example.com).",
                             schema: .string(minLength: 1, maxLength: 253))
        return [
            "/api/v1/domains": [
                "post": operation(
                    "addDomain", "Add a link domain to the team", tag: "domains", security: ["adminKey"],
                    description: "The team's keys then create links on it (the domain in a create's body; the default one when none is named), and GET /{code} answers its links on requests to that host (from a trusted proxy, its X-Forwarded-Host). Every instance serves it within a second. Codes are unique per domain. Recorded in the audit log as domain.added.",
                    body: DomainRequest.self,
                    responses: [
                        "201": json(DomainResponse.self, "Added.", headers: ["Location": "The domain's API URL."]),
                        "400": problem("invalid-domain (not a host name), redirect-refused, or a body that is not the schema's."),
                        "401": unauthorized,
                        "409": problem("domain-taken: the host is another domain of the service (any team's) or its bootstrap domain."),
                        "413": tooLarge, "415": unsupported,
                        "429": keyGuesses, "503": unavailable,
                    ]),
                "get": operation(
                    "listDomains", "The domains the team creates links on, its default first", tag: "domains", security: ["adminKey"],
                    description: "Team default, and a team that holds no domain, also create on the bootstrap domain (--base-url).",
                    responses: ["200": json(DomainListResponse.self, "The domains."), "401": unauthorized, "429": keyGuesses,
                                "503": unavailable]),
            ],
            "/api/v1/domains/{host}": [
                "parameters": [host],
                "patch": operation(
                    "updateDomain", "Change a domain's redirects or make it the team's default", tag: "domains", security: ["adminKey"],
                    description: "A member left out is kept; \"\" removes a redirect. Recorded in the audit log as domain.updated.",
                    body: DomainRequest.self,
                    responses: ["200": json(DomainResponse.self, "The domain."),
                                "400": problem("redirect-refused, invalid-domain, or a body that is not the schema's."), "401": unauthorized,
                                "404": problem("The team has no such domain."), "413": tooLarge, "415": unsupported,
                                "429": keyGuesses, "503": unavailable]),
                "delete": operation(
                    "removeDomain", "Remove a domain", tag: "domains", security: ["adminKey"],
                    description: "Refused (409 domain-in-use, counting them) while live links use it, unless force=true, which disables them (410) in the same transaction. Recorded in the audit log as domain.removed.",
                    parameters: [parameter("force", in: "query", description: "true: disable the domain's live links and remove it.",
                                           schema: .string(oneOf: ["true", "false"]))],
                    responses: ["204": ["description": "Removed."], "401": unauthorized,
                                "404": problem("The team has no such domain."), "409": problem("domain-in-use."),
                                "429": keyGuesses, "503": unavailable]),
            ],
        ]
    }
}

extension OpenAPIDocument {
    /// `/api/v1/team/rules`: a team's default redirect rules.
    static var teamRulePaths: [String: JSONValue] {
        [
            "/api/v1/team/rules": [
                "get": operation(
                    "getTeamRules", "The team's default redirect rules", tag: "links", security: ["adminKey"],
                    description: "Tried on every link of the team after the link's own rules, in GET /{code}, the app's resolve, explain and ?d=1.",
                    responses: ["200": json(TeamRulesResponse.self, "The rules."), "401": unauthorized, "429": keyGuesses,
                                "503": unavailable]),
                "put": operation(
                    "replaceTeamRules", "Replace the team's default redirect rules", tag: "links", security: ["adminKey"],
                    description: "Checked as a link's rules are (at most 20, each refusal a 400 invalid-rule naming its path); null or [] removes them. This instance uses them at once, the others within a second. Recorded in the audit log as team.rules_updated.",
                    body: TeamRulesRequest.self,
                    responses: ["200": json(TeamRulesResponse.self, "The rules now."),
                                "400": problem("invalid-rule, or a body that is not the schema's."), "401": unauthorized,
                                "413": tooLarge, "415": unsupported, "429": keyGuesses, "503": unavailable]),
            ],
        ]
    }
}
