import Switchyard
import SwitchyardRules

/// The JSON Schema of redirect rules, as the OpenAPI document gives them (what the reader refuses
/// beyond it, such as a country code's shape or a route the table lacks, is a 400 `invalid-rule`).
enum RuleSchemas {
    static let condition = JSONSchema.object([
        "type": .string("What the condition reads.", oneOf: RuleCondition.types),
        "value": .string("platform (ios, android, desktop, other), device (phone, tablet, desktop), os (ios, android, macos, "
                             + "windows, linux, chromeos), browser (safari, chrome, firefox, edge, opera, samsung, other), language "
                             + "(fr, fr-CA), address (a CIDR range or an address), country (ISO 3166-1 alpha-2), before/after (ISO 8601), "
                             + "query (with match equals).", maxLength: 200),
        "name": .string("query: the parameter's name.", maxLength: 100),
        "match": .string("query: present, equals (value) or absent.", oneOf: ["present", "equals", "absent"]),
        "minVersion": .string("os and appVersion: the lowest version that holds (inclusive).", maxLength: 40),
        "maxVersion": .string("os and appVersion: the highest version that holds (inclusive).", maxLength: 40),
    ], required: ["type"], additionalProperties: .forbidden,
       description: "One condition; each type takes the members it names. A country condition needs the service's GeoIP database (--geoip).")

    static let target = JSONSchema.object([
        "url": .string("A redirect to this absolute http or https URL, on an allowed domain.", maxLength: 2048),
        "route": .string("A route of the table (name or pattern): the link opens with it instead of its own (app, fallbacks and deferred link kept).",
                         maxLength: 200),
        "parameters": .map(of: .string(maxLength: 200)).described("The route's parameters."),
    ], additionalProperties: .forbidden, description: "Where the visitor goes: url, or route with parameters.")

    static let rule = JSONSchema.object([
        "name": .string("What people call the rule.", maxLength: 200).nullable(),
        "conditions": .array(of: condition).described("All required; 1 to 10."),
        "target": target,
    ], required: ["conditions", "target"], additionalProperties: .forbidden,
       description: "A redirect rule: the first of a link's rules whose conditions all hold decides where the visitor goes.")

    static let rules = JSONSchema.array(of: rule).described(
        "Redirect rules, tried in order (at most 20); the first whose conditions all hold fires, and a visitor none fires for "
            + "gets the link's own answer. Link-preview crawlers are tried too (the crawler condition names them).")
}

extension RedirectRule: APIValue {
    static var valueSchema: JSONSchema { RuleSchemas.rule }
}
