import Foundation
import Switchyard
import SwitchyardStore

/// The body of `POST /api/v1/links` (the `CreateLink` schema), and what the dashboard's form
/// becomes: a route of the table with its parameters, and the link's options.
///
/// ```json
/// {"route": "product", "routeParameters": {"product_id": "42"}, "redeemLimit": 1}
/// ```
@dynamicMemberLookup
struct CreateLinkRequest: Codable, Sendable, Hashable {
    /// The link's content as the body sets it, read into directly (its `route` is the route's
    /// name or pattern until ``LinkRules`` resolves it); its fields read as the body's own.
    var content = LinkContent(route: "")
    /// A custom code instead of a generated one.
    var alias: String?
    /// The host of the domain the link lives on (one of the key's team's); nil: the team's default.
    var domain: String?
    /// When the link stops opening: ISO 8601, in the future (checked, then kept in the content,
    /// by ``LinkRules/draft(_:by:now:)``).
    var expiresAt: String?
    /// When the link starts opening: ISO 8601, before `expiresAt` (kept in the content by the draft).
    var validSince: String?
    /// The link's password: kept only as a salted hash (``LinkPassword``) by the draft.
    var password: String?
    /// The redirect rules as the body gives them, read and checked by the draft (their errors name their path).
    var rules: JSONValue?
    /// The A/B test as the body gives it, read and checked by the draft.
    var variants: JSONValue?
    /// The install that creates it, with the app key only (required there): the identifier the
    /// SDK generates once per install, whose creations are limited as well as its address's.
    var install: String?

    /// A field of the content, as the body's own.
    subscript<Value>(dynamicMember field: WritableKeyPath<LinkContent, Value>) -> Value {
        get { content[keyPath: field] }
        set { content[keyPath: field] = newValue }
    }

    /// Where each platform goes without the app, as the body gives them; nil when it sets none.
    var fallbacks: FallbackURLs? {
        get { content.fallbacks == SmartLink.Fallbacks() ? nil : FallbackURLs(content.fallbacks) }
        set { content.fallbacks = newValue?.stored ?? SmartLink.Fallbacks() }
    }

    /// The link preview's card as the body gives it; nil when it sets none.
    var preview: LinkPreview? {
        get { content.preview == SmartLink.Preview() ? nil : LinkPreview(content.preview) }
        set { content.preview = newValue?.stored ?? SmartLink.Preview() }
    }

    /// The fields the app key may not set (each declared `adminOnly` in ``requestFields``): the
    /// app key creates links from a route and its parameters only (campaign parameters such as
    /// `utm_source` go in `queryParameters`), so a key extracted from the app cannot mint coupons,
    /// take aliases, send users elsewhere, or put its own words and image on the brand's domain
    /// (a preview reading "Account locked: call ...").
    static let adminOnlyKeys = requestFields.filter(\.adminOnly).map(\.name)

    /// How deeply `metadata` may nest (objects and arrays): every answer that carries it must
    /// encode it, so it is bounded when written.
    static let maximumMetadataDepth = 32

    /// How deeply `value` nests, when that is over `limit`; nil otherwise. Stops descending past
    /// the limit, so the cost is bounded by the value's size.
    static func depth(of value: JSONValue, over limit: Int) -> Int? {
        var deepest = 0
        var stack: [(JSONValue, Int)] = [(value, 1)]
        while let (current, level) = stack.popLast() {
            switch current {
            case .object(let members):
                deepest = max(deepest, level)
                if level <= limit { stack += members.values.map { ($0, level + 1) } }
            case .array(let items):
                deepest = max(deepest, level)
                if level <= limit { stack += items.map { ($0, level + 1) } }
            default: continue
            }
        }
        return deepest > limit ? deepest : nil
    }

    /// The redeem limits allowed.
    static let redeemLimits = 1...1_000_000_000

    /// An empty body.
    init() {}

    /// Creates a body.
    init(route: String) {
        content.route = route
    }

    /// The first field the app key may not set that this body sets.
    var adminOnlyField: String? {
        Self.requestFields.first { $0.adminOnly && $0.isSet(self) }?.name
    }

    /// The expiry (or another field's instant) as a date.
    ///
    /// - Throws: `'expiresAt' must be an ISO 8601 date-time such as 2030-01-31T12:00:00Z, got 'tomorrow'`.
    static func date(_ text: String, field: String = "expiresAt") throws(Problem) -> Date {
        guard let date = APIDates.parse(text) else {
            throw .malformed("'\(field)' must be an ISO 8601 date-time such as 2030-01-31T12:00:00Z, got '\(text)'")
        }
        return date
    }

    /// The most clicks a link may answer.
    static let clickLimits = 1...1_000_000_000
}

extension CreateLinkRequest: APIRequestBody, OpenAPISchema {
    static let schemaName = "CreateLink"

    /// Read with the API's messages (`unknown field 'colour'`, `'route' must be a string, got
    /// number`, `'redeemLimit' must be an integer from 1 to 1000000000`); checked by
    /// ``validate()``, for bodies read from JSON and built by the dashboard alike, after the route.
    static let requestFields: [BodyField<Self>] = [
        .requiredString("route", \.content.route, .string("A route of the table, by name or pattern.", maxLength: 2048),
                        check: { route throws(Problem) in try BodyFields.check(route, "route", maxLength: 2048) }),
        BodyField("routeParameters", \.content.routeParameters, parameters, read: { members, key in try members.stringMap(key) }),
        BodyField("queryParameters", \.content.queryParameters, parameters, read: { members, key in try members.stringMap(key) }),
        BodyField("metadata", \.content.metadata, JSONSchema.object().nullable().described(
            "Private data for the app; served only with the app key. Nested at most \(maximumMetadataDepth) levels deep."), adminOnly: true,
                  read: { members, key in try members.object(key) },
                  check: { metadata throws(Problem) in
                      if let metadata, Self.depth(of: .object(metadata), over: maximumMetadataDepth) != nil {
                          throw Problem.invalid("invalid-field", "Invalid field",
                                                "'metadata' is nested more than \(maximumMetadataDepth) levels deep")
                      }
                  }),
        BodyField("redeemLimit", \.content.redeemLimit,
                  JSONSchema.integer(minimum: redeemLimits.lowerBound, maximum: redeemLimits.upperBound).nullable(), adminOnly: true,
                  read: { members, key in try members.integer(key, in: redeemLimits) },
                  check: { limit throws(Problem) in
                      if let limit, !redeemLimits.contains(limit) { throw BodyFields.outOfRange("'redeemLimit'", redeemLimits) }
                  }),
        .nested("fallbacks", \.fallbacks, FallbackURLs.requestSchema.nullable(), adminOnly: true),
        .nested("preview", \.preview, LinkPreview.requestSchema.nullable(), adminOnly: true),
        BodyField("expiresAt", \.expiresAt, JSONSchema.string("Must be in the future.", format: "date-time").nullable(), adminOnly: true,
                  read: { members, key in try members.string(key) },
                  check: { text throws(Problem) in if let text { _ = try date(text) } }),
        BodyField("validSince", \.validSince, JSONSchema.string(
            "When the link starts opening; before it, GET /{code} and resolve answer as if it did not exist (404). Before expiresAt.",
            format: "date-time").nullable(), adminOnly: true,
                  read: { members, key in try members.string(key) },
                  check: { text throws(Problem) in if let text { _ = try date(text, field: "validSince") } }),
        BodyField("maxClicks", \.content.maxClicks, JSONSchema.integer(
            minimum: clickLimits.lowerBound, maximum: clickLimits.upperBound).described(
                "How many clicks the link answers: GET /{code} opens by people (link-preview crawlers and HEAD requests do not "
                    + "count), counted exactly across instances; then it is expired (expiredURL, else 410).").nullable(),
                  adminOnly: true,
                  read: { members, key in try members.integer(key, in: clickLimits) },
                  check: { limit throws(Problem) in
                      if let limit, !clickLimits.contains(limit) { throw BodyFields.outOfRange("'maxClicks'", clickLimits) }
                  }),
        .string("expiredURL", \.content.expiredURL, JSONSchema.string(
            "Where the link sends every visitor once expiresAt has passed or maxClicks are spent, instead of answering 410: an absolute http or https URL "
                + "on an allowed domain.", maxLength: 2048, pattern: APIPatterns.httpURL).nullable(), maxLength: 2048, adminOnly: true),
        BodyField("rules", \.rules, RuleSchemas.rules.nullable(), adminOnly: true,
                  read: { members, key in try members.value(key) }),
        BodyField("variants", \.variants, VariantSchemas.test.nullable(), adminOnly: true,
                  read: { members, key in try members.value(key) }),
        BodyField("password", \.password, JSONSchema.string(
            "A password the link asks for: a browser gets a form, the app's resolve and redeem send it in Switchyard-Link-Password. "
                + "Kept only as a salted scrypt hash; answers say passwordProtected.", minLength: LinkPassword.lengths.lowerBound,
            maxLength: LinkPassword.lengths.upperBound).nullable(), adminOnly: true,
                  read: { members, key in try members.string(key) },
                  check: { text throws(Problem) in if let text { try LinkPassword.checkLength(text, field: "password") } }),
        .string("alias", \.alias, JSONSchema.string("A custom code; reserved words are refused.", pattern: "^[A-Za-z0-9_-]{3,64}$")
                    .nullable(), maxLength: 256, adminOnly: true),
        .string("domain", \.domain, JSONSchema.string(
            "The host of the domain the link lives on, one of the team's (GET /api/v1/domains); absent: the team's default "
                + "domain. Another team's domain is a 403 naming it.", maxLength: 253).nullable(), maxLength: 253, adminOnly: true),
        .string("label", \.content.label, JSONSchema.string("What people call the link; the list's q searches it.", maxLength: 256).nullable(),
                maxLength: 256),
        BodyField("deferredMatch", \.content.deferredMatch, JSONSchema.string(
            "Which deferred claims may hand the link out: only one that carries the code (exact), or a heuristic one too (any). "
                + "Default: exact for a link with metadata or a redeem limit, any otherwise.", oneOf: ["exact", "any"]).nullable(),
                  read: { members, key in
                      guard let match = try members.string(key) else { return nil }
                      guard let parsed = DeferredMatch(rawValue: match) else {
                          throw Problem.invalid("invalid-field", "Invalid field", "'deferredMatch' must be \"exact\" or \"any\", got '\(match)'")
                      }
                      return parsed
                  }),
        BodyField("installProof", \.content.installProof, JSONSchema.string(
            "What an install must prove before it spends a redemption: an App Attest assertion (attested) or nothing (none). "
                + "Default: the service's default for a redeem-limited link (--install-proof), none otherwise.",
            oneOf: ["attested", "none"]).nullable(), adminOnly: true,
                  read: { members, key in
                      guard let proof = try members.string(key) else { return nil }
                      guard let parsed = InstallProof(rawValue: proof) else {
                          throw Problem.invalid("invalid-field", "Invalid field", "'installProof' must be \"attested\" or \"none\", got '\(proof)'")
                      }
                      return parsed
                  }),
        BodyField("installProofFor", \.content.installProofFor, InstallProofAction.requestSchema.nullable(), adminOnly: true,
                  read: { members, key in try members.value(key).map(InstallProofAction.parse) }),
        BodyField("install", \.install, JSONSchema.string(
            "With the app key, required: the install identifier the SDK generates once per install (its creations are limited "
                + "per install as well as per address). Not sent with an admin key.",
            minLength: RedeemRequest.lengths.lowerBound, maxLength: RedeemRequest.lengths.upperBound,
            pattern: "^[A-Za-z0-9._-]+$").nullable(),
                  read: { members, key in try members.string(key) },
                  check: { install throws(Problem) in if let install { try RedeemRequest.check(install) } }),
    ]

    static var checksWhenRead: Bool { false }

    /// The fields in the order they are checked: the install before the label, so that a body
    /// with both wrong is answered about its install.
    static let checkedFields: [BodyField<Self>] = {
        var fields = requestFields
        let install = fields.remove(at: fields.firstIndex { $0.name == "install" }!)
        fields.insert(install, at: fields.firstIndex { $0.name == "label" }!)
        return fields
    }()

    /// The route's and the query's parameters: strings, numbers and Booleans.
    private static let parameters = JSONSchema.object(additionalProperties: .schema(JSONSchema(types: ["string", "number", "boolean"])))
        .nullable()
}
