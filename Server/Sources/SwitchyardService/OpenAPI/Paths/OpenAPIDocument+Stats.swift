import Switchyard

extension OpenAPIDocument {
    /// `/api/v1/links/{code}/stats` and `/api/v1/stats`: a link's and a team's figures.
    static var statsPaths: [String: JSONValue] {
        var paths: [String: JSONValue] = [:]
        let days = parameter("days", in: "query", description: "The last N UTC days, today included (default 30).",
                             schema: .integer(minimum: 1, maximum: 365))
        paths["/api/v1/links/{code}/stats"] = [
            "parameters": [code, domainQuery],
            "get": operation(
                "getLinkStats", "A link's clicks and app-side events, in total and per UTC day", tag: "stats", security: ["adminKey"],
                parameters: [days],
                responses: ["200": json(LinkStatsResponse.self, "The figures."), "400": badRequest, "401": unauthorized,
                            "404": notFound, "429": keyGuesses, "503": unavailable]),
        ]
        paths["/api/v1/stats"] = [
            "get": operation(
                "getTeamStats", "The team's figures, and its live links most clicked first", tag: "stats", security: ["adminKey"],
                parameters: [
                    days,
                    parameter("limit", in: "query", schema: .integer(minimum: 1, maximum: 200)),
                    parameter("cursor", in: "query", schema: .string(minLength: 1, maxLength: 256)),
                ],
                responses: ["200": json(TeamStatsResponse.self, "The figures and a page of links."), "400": badRequest,
                            "401": unauthorized, "429": keyGuesses, "503": unavailable]),
        ]
        return paths
    }
}
