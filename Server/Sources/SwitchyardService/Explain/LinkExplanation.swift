public import SwitchyardRules
import Foundation

/// What a link does on each platform, and why: the answer of `switchyard explain`,
/// `GET /api/v1/links/{code}/explain` and the dashboard's explain panel.
///
/// ```json
/// {"url": "https://go.example.com/Ab3dE9xQ", "kind": "short-link", "code": "Ab3dE9xQ",
///  "route": {"name": "product", "pattern": "product/:id<int>", "parameters": {"id": "42"},
///            "parameterTypes": {"id": "int"}, "plan": [], "webOnly": false},
///  "cases": [{"platform": "ios", "app": "installed", "action": "open-app", "target": "https://go.example.com/Ab3dE9xQ",
///             "claim": {"kind": "association", "file": "apple-app-site-association", "app": "TEAMID.com.example.shop",
///                       "component": "/?*", "position": 14, "comment": "short links: every code and custom alias"},
///             "deferred": {"path": "none", "match": null}, "reason": "...", "userAgent": null, "status": null, "location": null}, ...],
///  "warnings": [{"code": "web-only", "message": "..."}]}
/// ```
public struct LinkExplanation: Codable, Sendable, Hashable {
    /// The URL explained, as given.
    public var url: String
    /// `short-link`, `long-link` (a Firebase Dynamic Links long link, `BASE/?link=...`),
    /// `universal-link`, `custom-scheme` or `internal` (a URN or a path without a scheme).
    public var kind: String
    /// The short link's code; nil for other kinds.
    public var code: String?
    /// The host of the short link's domain (the service's bootstrap domain or a stored one); nil
    /// for other kinds.
    public var domain: String? = nil
    /// The route the app receives; nil when the URL opens no route.
    public var route: RouteInfo?
    /// One case per platform and app state, in a fixed order: iPhone with and without the app,
    /// iPad with and without, Android with and without, desktop, link-preview crawler.
    public var cases: [Case]
    /// What may go wrong.
    public var warnings: [Warning]
    /// The app versions the link needs, one entry per platform that needs one (the stricter of
    /// the route's `since` and the link's own minimum version); empty when every version opens it.
    public var appVersions: [AppVersionCase] = []
    /// The link's redirect rules, and for each platform (with the language, country and query
    /// asked about) the rule that fires and why each earlier one did not; empty without rules.
    public var rules: [RuleCase] = []
    /// The link's A/B variants (for visitors no rule fired for), with their weights and targets;
    /// empty without a test.
    public var variants: [VariantCase] = []
    /// The state of the link's A/B test: how it ends, or which variant won; nil without one.
    public var variantTest: String? = nil

    /// One A/B variant.
    public struct VariantCase: Codable, Sendable, Hashable {
        /// Its index (`~v1` in a deferred link).
        public var index: Int
        /// Its share of visitors, in percent.
        public var weight: Int
        /// Where it sends its visitors: its URL, or `route NAME {parameters}`.
        public var target: String
        /// Whether it won the ended test.
        public var winner: Bool
    }

    /// What the rule cases were asked with: `language`, `country`, `query` (absent: none given).
    public var ruleInputs: [String: String] = [:]

    /// One platform's rule outcome.
    public struct RuleCase: Codable, Sendable, Hashable {
        /// `ios`, `ipados`, `android`, `desktop`, `crawler` (or `you`: the request itself, for `?d=1`).
        public var platform: String
        /// The rule that fires; nil when none does (the link answers as itself).
        public var fired: Int?
        /// Where it sends the visitor: its URL, or `route NAME {parameters}`; nil when none fires.
        public var target: String?
        /// Every rule tried, up to the one that fires.
        public var steps: [RuleExplanation.Step]
    }

    /// What an app of one platform needs to open the link, and what an older one gets.
    public struct AppVersionCase: Codable, Sendable, Hashable {
        /// `ios` or `android`.
        public var platform: String
        /// The oldest version that opens the link: dotted numbers on iOS, a versionCode on Android.
        public var requiredVersion: String
        /// Who asks for it: `route` (its `since`), `link` (its own minimum version) or `route-and-link`.
        public var source: String
        /// Where an older app is sent (the store page to update, else the web fallback); nil when
        /// the link has none.
        public var fallback: String?
        /// What each kind of request gets, in a sentence.
        public var reason: String
    }

    /// The route a link opens, as the app receives it.
    public struct RouteInfo: Codable, Sendable, Hashable {
        /// The route's name; nil when it has none.
        public var name: String?
        /// The pattern as written in the table.
        public var pattern: String
        /// The route parameters the app receives.
        public var parameters: [String: String]
        /// Each parameter's type: its constraint (`int`, `uuid`, ...) or `string`.
        public var parameterTypes: [String: String]
        /// The query parameters the deep link carries.
        public var queryParameters: [String: String]
        /// The screens the navigation plan builds, in order (empty for a route without screens).
        public var plan: [Step]
        /// Whether the table keeps the route on the web.
        public var webOnly: Bool
    }

    /// One step of the navigation plan.
    public struct Step: Codable, Sendable, Hashable {
        /// The screen's identifier.
        public var screen: String
        /// `push` or `modal`.
        public var presentation: String
        /// The screen's parameters.
        public var parameters: [String: String]
    }

    /// What happens on one platform.
    public struct Case: Codable, Sendable, Hashable {
        /// `ios`, `ipados`, `android`, `desktop` or `crawler`.
        public var platform: String
        /// `installed` or `absent` on phones and tablets; nil on desktop and for crawlers.
        public var app: String?
        /// `open-app`, `page`, `redirect`, `preview` or `refuse`.
        public var action: String
        /// Where it leads: the URL the app receives (`open-app`), the page's main button
        /// (`page`), the redirect's `Location` (`redirect`), the previewed short link (`preview`).
        public var target: String?
        /// The claim that opens the app (`open-app` only).
        public var claim: Claim?
        /// How the link survives an install.
        public var deferred: Deferred
        /// Why, in a sentence.
        public var reason: String
        /// The `User-Agent` of the open the service answers; nil when the service sees no request
        /// (the system opens the app, or the URL is not the service's).
        public var userAgent: String?
        /// The HTTP status the service answers that open with; nil when it sees no request.
        public var status: Int?
        /// The `Location` of that answer, when it redirects.
        public var location: String?
    }

    /// What opens the app.
    public struct Claim: Codable, Sendable, Hashable {
        /// `association` (a component of an association file) or `scheme` (the app's custom scheme).
        public var kind: String
        /// `apple-app-site-association` or `assetlinks.json`; nil for a scheme.
        public var file: String?
        /// The app ID or Android package.
        public var app: String
        /// The component's patterns (`/?*`), or the scheme (`shop://`).
        public var component: String
        /// The component's position in its file, from 1.
        public var position: Int?
        /// The component's comment.
        public var comment: String?
    }

    /// The deferred deep link of a case.
    public struct Deferred: Codable, Sendable, Hashable {
        /// `clipboard`, `install-referrer`, `heuristic` or `none`.
        public var path: String
        /// `deterministic`, `heuristic`, or nil for none.
        public var match: String?

        /// No deferred deep link.
        public static let none = Deferred(path: "none", match: nil)
    }

    /// Something that may go wrong.
    public struct Warning: Codable, Sendable, Hashable {
        /// A stable code: `unclaimed-path`, `web-only`, `no-ios-app`, `no-android-app`,
        /// `fallback-not-allowed`, `expired`, `deleted`, `exhausted`, `no-route`, `no-deep-link`.
        public var code: String
        /// The explanation.
        public var message: String
    }
}

// Every optional field is written, as `null` when absent, so that the JSON's shape does not depend
// on the case: each type's fields (``APIObject``, in `LinkExplanation+Schema.swift`) say so, and
// these public witnesses of `Encodable` write them.
extension LinkExplanation {
    /// Writes every field, `null` for the missing ones.
    public func encode(to encoder: any Encoder) throws { try encodeFields(to: encoder) }
}

extension LinkExplanation.RouteInfo {
    /// Writes every field, `null` for the missing ones.
    public func encode(to encoder: any Encoder) throws { try encodeFields(to: encoder) }
}

extension LinkExplanation.Step {
    /// Writes every field.
    public func encode(to encoder: any Encoder) throws { try encodeFields(to: encoder) }
}

extension LinkExplanation.Case {
    /// Writes every field, `null` for the missing ones.
    public func encode(to encoder: any Encoder) throws { try encodeFields(to: encoder) }
}

extension LinkExplanation.Claim {
    /// Writes every field, `null` for the missing ones.
    public func encode(to encoder: any Encoder) throws { try encodeFields(to: encoder) }
}

extension LinkExplanation.Deferred {
    /// Writes every field, `null` for the missing ones.
    public func encode(to encoder: any Encoder) throws { try encodeFields(to: encoder) }
}

extension LinkExplanation.AppVersionCase {
    /// Writes every field, `null` for the missing ones.
    public func encode(to encoder: any Encoder) throws { try encodeFields(to: encoder) }
}

extension LinkExplanation.Warning {
    /// Writes every field.
    public func encode(to encoder: any Encoder) throws { try encodeFields(to: encoder) }
}

extension LinkExplanation.RuleCase {
    /// Writes every field, `null` for the missing ones.
    public func encode(to encoder: any Encoder) throws { try encodeFields(to: encoder) }
}

extension LinkExplanation.VariantCase {
    /// Writes every field.
    public func encode(to encoder: any Encoder) throws { try encodeFields(to: encoder) }
}
