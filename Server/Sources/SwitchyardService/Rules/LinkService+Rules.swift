import Foundation
import Hummingbird
import Switchyard
import SwitchyardRules
import SwitchyardStore

extension LinkService {
    /// What the link's rules read of `request`: its platform (the browser's, or `appPlatform` for
    /// the app's own client), headers, the time, and of the rest only what `reads` names (the
    /// ones `rules` read: ``RuleReads``): the client address and its country (looked up only when
    /// a country condition is reached), the app version it says, and — `readsQuery`, for the short
    /// link itself — its query. The app's resolve carries the API's query (`domain`), not the
    /// short link's, so query conditions read none there.
    func ruleRequest(_ request: Request, context: ServiceRequestContext, platform: Click.Platform, readsQuery: Bool,
                     now: Date, reads: RuleReads) -> RuleRequest {
        let address = reads.contains(.address) ? clientIPAddress(request, context: context) : nil
        var ruleRequest = RuleRequest(
            platform: RulePlatform(platform), userAgent: request.headers[.userAgent],
            acceptLanguage: request.headers[.acceptLanguage], address: address, now: now)
        if readsQuery, reads.contains(.query), request.uri.query != nil {
            ruleRequest.query = request.uri.queryParameters.map { (name: String($0.key), value: String($0.value)) }
        }
        if reads.contains(.appRelease) {
            ruleRequest.appRelease = request.headers[AppVersionGate.header].flatMap(AppRelease.init(headerValue:))
        }
        if let lookup = geoIP {
            ruleRequest.hasCountryDatabase = true
            if reads.contains(.country), let address { ruleRequest.country = { lookup.country(of: address) } }
        }
        return ruleRequest
    }

    /// The link as a route rule (or variant) opens it: the target's route and parameters in
    /// place of its own, everything else kept; nil when the route table no longer builds the
    /// target (the rule is then passed over, and the link answers as itself).
    func opened(_ link: SmartLink, as target: RuleTarget) -> OpenLinkCache.Opened? {
        guard case .route(let route, let parameters) = target,
              let built = try? builder.target(route: route, parameters: parameters) else { return nil }
        var changed = link
        changed.content.route = built.route
        changed.content.routeName = built.routeName
        changed.content.routeParameters = parameters
        return OpenLinkCache.Opened(link: changed, urls: builder.urls(path: built.path, query: changed.queryParameters))
    }
}

extension RulePlatform {
    /// The service's platform of a request.
    init(_ platform: Click.Platform) {
        self = switch platform {
        case .ios: .ios
        case .android: .android
        case .desktop: .desktop
        case .other: .other
        case .crawler: .crawler
        }
    }
}

/// What an open chose besides the link itself (a redirect rule, or an A/B variant), carried
/// through a deferred deep link as a suffix of the remembered code (`promo.example.com/spring~r2`,
/// `spring~v1`), and in Android's install referrer (`switchyard_code=spring~v1`). Codes and hosts
/// never hold `~`, so a key with a choice cannot be taken for another key; and `~` is unreserved in
/// a URL, so a referrer read as a URL's query keeps it (a `#`, which the previous release wrote
/// in remembered opens, starts a fragment there and would be cut off: it is still read).
enum OpenChoice: Sendable, Hashable {
    case rule(Int)
    case variant(Int)

    /// `key~r2`, `key~v1`.
    func code(_ key: String) -> String {
        switch self {
        case .rule(let index): "\(key)~r\(index)"
        case .variant(let index): "\(key)~v\(index)"
        }
    }

    /// A remembered code and its choice: `("key", .rule(2))` for `key~r2` (or `key#r2`),
    /// `("key", .variant(1))` for `key~v1`; the code and nil for a plain one (or one whose suffix
    /// is no choice: `key~x`).
    static func split(_ code: String) -> (key: String, choice: OpenChoice?) {
        guard let mark = code.lastIndex(where: { $0 == "~" || $0 == "#" }) else { return (code, nil) }
        let key = String(code[..<mark])
        let rest = code[code.index(after: mark)...]
        // A suffix that is no choice leaves the code whole (a code the store has no link under).
        guard let kind = rest.first, rest.count <= 3, let index = Int(rest.dropFirst()), (0..<100).contains(index) else { return (code, nil) }
        switch kind {
        case "r": return (key, .rule(index))
        case "v": return (key, .variant(index))
        default: return (code, nil)
        }
    }
}

extension LinkService {
    /// The link as its rules decide it for an app request: the link with a route rule's route,
    /// the rule's index, and a URL rule's URL (the link itself then).
    func ruled(_ link: SmartLink, request: Request, context: ServiceRequestContext,
               platform: Click.Platform) -> (link: SmartLink, rule: Int?, redirect: String?) {
        let rules = effectiveRules(link)
        guard !rules.isEmpty,
              let index = RuleMatcher.firstMatch(rules, for: ruleRequest(request, context: context, platform: platform,
                                                                         readsQuery: false, now: now(), reads: RuleReads(reading: rules)))
        else { return (link, nil, nil) }
        switch rules[index].target {
        case .url(let url): return (link, index, url)
        case .route: return (opened(link, as: rules[index].target)?.link ?? link, index, nil)
        }
    }
}
