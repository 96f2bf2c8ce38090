import SwitchyardRules
import Switchyard

extension LinkExplanation: APIObject, OpenAPISchema {
    static let schemaName = "LinkExplanation"

    static let fields: [APIField<Self>] = [
        APIField("url", \.url),
        APIField("kind", \.kind, oneOf: ["short-link", "long-link", "universal-link", "custom-scheme", "internal"]),
        APIField("code", \.code),
        APIField("domain", \.domain, "The host of the short link's domain; null for other kinds."),
        APIField("route", \.route),
        APIField("cases", \.cases),
        APIField("warnings", \.warnings),
        APIField("appVersions", \.appVersions,
                 "The app versions the link needs per platform (the stricter of the route's since and the link's own minimum version); empty when every version opens it."),
        APIField("rules", \.rules,
                 "The link's redirect rules per platform (ios, ipados, android, desktop, crawler) with the language, country and query asked about (?language=, ?country=, ?query=): the rule that fires and why each earlier one did not; empty without rules."),
        APIField("ruleInputs", \.ruleInputs, "What the rule cases were asked with (language, country, query)."),
        APIField("variants", \.variants, "The link's A/B variants, for visitors no rule fired for: each browser gets one by weight "
                     + "(kept 7 days by a cookie), each install one by its id; empty without a test."),
        APIField("variantTest", \.variantTest, "How the A/B test ends, or which variant won; null without one."),
    ]

    static var schema: JSONSchema {
        objectSchema.refined("What a link does on each platform (iPhone and iPad with and without the app, Android with and without, desktop, link-preview crawler), computed by the code that serves it.")
    }
}

extension LinkExplanation.RouteInfo: APIObject {
    static let fields: [APIField<Self>] = [
        APIField("name", \.name),
        APIField("pattern", \.pattern),
        APIField("parameters", \.parameters),
        APIField("parameterTypes", \.parameterTypes, "Each parameter's constraint (int, uuid, ...) or string."),
        APIField("queryParameters", \.queryParameters),
        APIField("plan", \.plan),
        APIField("webOnly", \.webOnly),
    ]
}

extension LinkExplanation.Step: APIObject {
    static let fields: [APIField<Self>] = [
        APIField("screen", \.screen), APIField("presentation", \.presentation, oneOf: ["push", "modal"]),
        APIField("parameters", \.parameters),
    ]
}

extension LinkExplanation.Case: APIObject {
    static let fields: [APIField<Self>] = [
        APIField("platform", \.platform, oneOf: ["ios", "ipados", "android", "desktop", "crawler"]),
        APIField("app", \.app, oneOf: ["installed", "absent"]),
        APIField("action", \.action, oneOf: ["open-app", "page", "redirect", "preview", "refuse"]),
        APIField("target", \.target),
        APIField("claim", \.claim),
        APIField("deferred", \.deferred),
        APIField("reason", \.reason),
        APIField("userAgent", \.userAgent, "The User-Agent of the open the service answers; null when it sees none."),
        APIField("status", \.status, minimum: 100, maximum: 599),
        APIField("location", \.location),
    ]
}

extension LinkExplanation.Claim: APIObject {
    static let fields: [APIField<Self>] = [
        APIField("kind", \.kind, oneOf: ["association", "scheme"]),
        APIField("file", \.file),
        APIField("app", \.app),
        APIField("component", \.component),
        APIField("position", \.position, minimum: 1),
        APIField("comment", \.comment),
    ]
}

extension LinkExplanation.Deferred: APIObject {
    static let fields: [APIField<Self>] = [
        APIField("path", \.path, oneOf: ["clipboard", "install-referrer", "heuristic", "none"]),
        APIField("match", \.match, oneOf: ["deterministic", "heuristic"]),
    ]
}

extension LinkExplanation.AppVersionCase: APIObject {
    static let fields: [APIField<Self>] = [
        APIField("platform", \.platform, oneOf: ["ios", "android"]),
        APIField("requiredVersion", \.requiredVersion, "Dotted numbers on iOS, a versionCode on Android."),
        APIField("source", \.source, oneOf: ["route", "link", "route-and-link"]),
        APIField("fallback", \.fallback, "Where an older app is sent; null when the link has none."),
        APIField("reason", \.reason),
    ]
}

extension LinkExplanation.Warning: APIObject {
    static let fields: [APIField<Self>] = [APIField("code", \.code), APIField("message", \.message)]
}

extension LinkExplanation.RuleCase: APIObject {
    static let fields: [APIField<Self>] = [
        APIField("platform", \.platform),
        APIField("fired", \.fired, "The index of the rule that fires; null when none does.", minimum: 0),
        APIField("target", \.target, "Where the rule that fires sends the visitor; null when none does."),
        APIField("steps", \.steps, "Each rule tried, up to the one that fires."),
    ]
}

extension RuleExplanation.Step: APIObject {
    static let fields: [APIField<Self>] = [
        APIField("index", \.index, minimum: 0),
        APIField("name", \.name, whenAbsent: .omitted),
        APIField("fired", \.fired),
        APIField("failed", \.failed, "The first condition that did not hold; absent for the rule that fired.", whenAbsent: .omitted),
    ]
}

extension RuleExplanation.FailedCondition: APIObject {
    static let fields: [APIField<Self>] = [
        APIField("condition", \.condition, minimum: 0),
        APIField("type", \.type),
        APIField("summary", \.summary),
        APIField("reason", \.reason),
    ]
}

extension LinkExplanation.VariantCase: APIObject {
    static let fields: [APIField<Self>] = [
        APIField("index", \.index, minimum: 0, maximum: 3),
        APIField("weight", \.weight, "Its share of visitors, in percent.", minimum: 10, maximum: 90),
        APIField("target", \.target, "Its URL, or route NAME {parameters}."),
        APIField("winner", \.winner, "Whether it won the ended test."),
    ]
}
