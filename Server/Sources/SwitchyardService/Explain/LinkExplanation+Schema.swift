import Switchyard

extension LinkExplanation: OpenAPISchema {
    static let schemaName = "LinkExplanation"

    static var schema: JSONSchema {
        let text = JSONSchema.string().nullable()
        let strings = JSONSchema.map(of: .string())
        let step = JSONSchema.object(["screen": .string(), "presentation": .string(oneOf: ["push", "modal"]), "parameters": strings],
                                     required: ["screen", "presentation", "parameters"])
        let route = JSONSchema.object([
            "name": text, "pattern": .string(), "parameters": strings,
            "parameterTypes": strings.described("Each parameter's constraint (int, uuid, ...) or string."),
            "queryParameters": strings, "plan": .array(of: step), "webOnly": .boolean,
        ], required: ["name", "pattern", "parameters", "parameterTypes", "queryParameters", "plan", "webOnly"])
        let claim = JSONSchema.object([
            "kind": .string(oneOf: ["association", "scheme"]), "file": text, "app": .string(),
            "component": .string(), "position": JSONSchema.integer(minimum: 1).nullable(), "comment": text,
        ], required: ["kind", "file", "app", "component", "position", "comment"])
        let deferred = JSONSchema.object([
            "path": .string(oneOf: ["clipboard", "install-referrer", "heuristic", "none"]),
            "match": JSONSchema.string(oneOf: ["deterministic", "heuristic"]).nullable(),
        ], required: ["path", "match"])
        let platformCase = JSONSchema.object([
            "platform": .string(oneOf: ["ios", "ipados", "android", "desktop", "crawler"]),
            "app": JSONSchema.string(oneOf: ["installed", "absent"]).nullable(),
            "action": .string(oneOf: ["open-app", "page", "redirect", "preview", "refuse"]),
            "target": text, "claim": claim.nullable(), "deferred": deferred, "reason": .string(),
            "userAgent": text.described("The User-Agent of the open the service answers; null when it sees none."),
            "status": JSONSchema.integer(minimum: 100, maximum: 599).nullable(), "location": text,
        ], required: ["platform", "app", "action", "target", "claim", "deferred", "reason", "userAgent", "status", "location"])
        let warning = JSONSchema.object(["code": .string(), "message": .string()], required: ["code", "message"])
        return .object([
            "url": .string(), "kind": .string(oneOf: ["short-link", "long-link", "universal-link", "custom-scheme", "internal"]),
            "code": text, "route": route.nullable(), "cases": .array(of: platformCase), "warnings": .array(of: warning),
        ], required: ["url", "kind", "code", "route", "cases", "warnings"],
           description: "What a link does on each platform (iPhone and iPad with and without the app, Android with and without, desktop, link-preview crawler), computed by the code that serves it.")
    }
}
