import Switchyard
import SwitchyardRules

/// The JSON Schema of an A/B test, as the OpenAPI document gives it (what the reader refuses
/// beyond it, such as weights that do not sum to 100 or a route the table lacks, is a 400 `invalid-rule`).
enum VariantSchemas {
    static let variant = JSONSchema.object([
        "url": .string("Its visitors are redirected to this absolute http or https URL, on an allowed domain.", maxLength: 2048),
        "route": .string("Its visitors open the link with this route of the table (name or pattern) instead of its own (app, "
                             + "fallbacks and deferred link kept).", maxLength: 200),
        "parameters": .map(of: .string(maxLength: 200)).described("The route's parameters."),
        "weight": .integer("Its share of visitors, in percent: 10 at least; the weights sum to 100.", minimum: 10, maximum: 90),
    ], required: ["weight"], additionalProperties: .forbidden, description: "One variant: url, or route with parameters, and its weight.")

    static let test = JSONSchema.object([
        "targets": .array(of: variant).described("2 to 4 variants, in order: a variant is named by its index."),
        "endsAt": .string("When the test ends (RFC 3339): the variant with the most of decideBy becomes the link's target, "
                              + "recorded in the audit log and sent as link.variant_decided; null runs it until it is changed.").nullable(),
        "decideBy": .string("What decides the winner: appOpens (resolves and first opens after install; the default) or redeems.",
                            oneOf: LinkVariants.Measure.allCases.map(\.rawValue)),
        "winner": .integer("The winning variant's index, once the test has ended (written by the service).", minimum: 0, maximum: 3),
        "decidedAt": .string("When the winner was decided (written by the service).").nullable(),
    ], required: ["targets"], additionalProperties: .forbidden,
       description: "An A/B test: each visitor no rule fired for gets one variant, chosen by weight and kept for 7 days by a cookie "
           + "(a browser) or by its install (the app); a deferred link carries the variant its click chose.")
}

extension LinkVariants: APIValue {
    static var valueSchema: JSONSchema { VariantSchemas.test }
}
