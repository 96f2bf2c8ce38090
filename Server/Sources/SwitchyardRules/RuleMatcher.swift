import Foundation
import Switchyard

/// Decides which of a link's rules fires for a request, and explains it.
///
/// ```swift
/// let request = RuleRequest(platform: .ios, acceptLanguage: "fr-FR,fr;q=0.9", now: .now)
/// RuleMatcher.firstMatch(rules, for: request)            // 0: the first rule whose conditions all hold
/// RuleMatcher.explain(rules, for: request).rules[0].fired // true
/// ```
///
/// Both answers come from one reading of the request (``Reading``), so they cannot disagree; the
/// first stops at the rule that fires and writes no reasons.
public enum RuleMatcher {
    /// The index of the first rule whose conditions all hold; nil when none does.
    public static func firstMatch(_ rules: [RedirectRule], for request: RuleRequest) -> Int? {
        guard !rules.isEmpty else { return nil }
        var reading = Reading(request)
        for (index, rule) in rules.enumerated() where rule.conditions.allSatisfy({ reading.holds($0) }) {
            return index
        }
        return nil
    }

    /// Every rule up to the one that fires (all of them when none does), each with whether it
    /// fired and, when it did not, its first condition that failed and why.
    public static func explain(_ rules: [RedirectRule], for request: RuleRequest) -> RuleExplanation {
        var reading = Reading(request)
        var steps: [RuleExplanation.Step] = []
        for (index, rule) in rules.enumerated() {
            if let failed = rule.conditions.firstIndex(where: { !reading.holds($0) }) {
                let condition = rule.conditions[failed]
                steps.append(.init(index: index, name: rule.name, fired: false,
                                   failed: .init(condition: failed, type: condition.type, summary: condition.summary,
                                                 reason: reading.reason(condition))))
            } else {
                steps.append(.init(index: index, name: rule.name, fired: true, failed: nil))
                return RuleExplanation(rules: steps, fired: index)
            }
        }
        return RuleExplanation(rules: steps, fired: nil)
    }
}

/// Why each rule fired or not (`explain` and `?d=1`).
public struct RuleExplanation: Sendable, Hashable, Codable {
    /// One rule's outcome.
    public struct Step: Sendable, Hashable, Codable {
        /// The rule's place in the list (from 0).
        public var index: Int
        public var name: String?
        public var fired: Bool
        /// The first condition that did not hold; nil for the rule that fired.
        public var failed: FailedCondition?
    }

    /// A condition that did not hold, and why.
    public struct FailedCondition: Sendable, Hashable, Codable {
        /// Its place in the rule's conditions (from 0).
        public var condition: Int
        public var type: String
        /// The condition, in words (`language is fr`).
        public var summary: String
        /// Why it does not hold for this request (`Accept-Language 'en-US,en;q=0.9' does not accept fr`).
        public var reason: String
    }

    /// The rules tried, in order, up to the one that fired.
    public var rules: [Step]
    /// The index of the rule that fired; nil when none did (the link's own answer).
    public var fired: Int?
}

/// One request as conditions read it: the details each asks for, read at most once.
struct Reading {
    let request: RuleRequest
    private var agent: UserAgentDetails?
    private var languages: AcceptedLanguages?
    private var countryRead = false
    private var countryCode: String?

    init(_ request: RuleRequest) {
        self.request = request
    }

    mutating func details() -> UserAgentDetails {
        if let agent { return agent }
        let read = UserAgentDetails(request.userAgent)
        agent = read
        return read
    }

    mutating func accepted() -> AcceptedLanguages {
        if let languages { return languages }
        let read = AcceptedLanguages(request.acceptLanguage)
        languages = read
        return read
    }

    mutating func country() -> String? {
        if !countryRead {
            countryRead = true
            countryCode = request.hasCountryDatabase ? request.country()?.uppercased() : nil
        }
        return countryCode
    }

    /// The app release's version as rules compare it: dotted for iOS, the versionCode for Android.
    var appVersion: RuleVersion? {
        switch request.appRelease {
        case .ios(let version)?: RuleVersion(numbers: version.numbers)
        case .android(let code)?: RuleVersion(numbers: [code])
        case nil: nil
        }
    }

    func queryValues(_ name: String) -> some Sequence<String> {
        request.query.lazy.filter { $0.name == name }.map(\.value)
    }

    mutating func holds(_ condition: RuleCondition) -> Bool {
        switch condition {
        case .platform(let platform): return request.platform == platform
        case .device(let device): return details().device == device
        case .os(let system, let minimum, let maximum):
            let details = details()
            guard details.system == system else { return false }
            guard minimum != nil || maximum != nil else { return true }
            return details.systemVersion?.isWithin(minimum, maximum) ?? false
        case .browser(let browser): return details().browser == browser
        case .language(let tag): return accepted().accepts(tag)
        case .query(let name, .present): return request.query.contains { $0.name == name }
        case .query(let name, .absent): return !request.query.contains { $0.name == name }
        case .query(let name, .equals(let value)): return request.query.contains { $0.name == name && $0.value == value }
        case .address(let range): return request.address.map(range.contains) ?? false
        case .country(let code): return country() == code
        case .before(let date): return request.now < date
        case .after(let date): return request.now >= date
        case .appVersion(let minimum, let maximum): return appVersion?.isWithin(minimum, maximum) ?? false
        case .crawler: return request.platform == .crawler
        }
    }

    /// Why `condition` does not hold (called only for one that does not).
    mutating func reason(_ condition: RuleCondition) -> String {
        func agentText() -> String { request.userAgent.map { "'\($0.prefix(120))'" } ?? "no user agent" }
        switch condition {
        case .platform(let platform):
            return "the request is from \(request.platform == .crawler ? "a link-preview crawler" : request.platform.rawValue), not \(platform.rawValue)"
        case .device(let device):
            return "the user agent (\(agentText())) is a \(details().device.rawValue), not a \(device.rawValue)"
        case .os(let system, let minimum, let maximum):
            let details = details()
            guard let actual = details.system, actual == system else {
                return "the user agent (\(agentText())) runs \(details.system?.rawValue ?? "no OS it names"), not \(system.rawValue)"
            }
            guard let version = details.systemVersion else { return "the user agent gives no \(system.rawValue) version to compare" }
            if let minimum, version < minimum { return "\(system.rawValue) \(version) is below \(minimum)" }
            return "\(system.rawValue) \(version) is above \(maximum.map(\.description) ?? "")"
        case .browser(let browser):
            return "the browser is \(details().browser.rawValue), not \(browser.rawValue)"
        case .language(let tag):
            guard let header = request.acceptLanguage, !header.isEmpty else { return "the request has no Accept-Language" }
            return "Accept-Language '\(header.prefix(120))' does not accept \(tag)"
        case .query(let name, .present): return "query \(name) is absent"
        case .query(let name, .absent): return "query \(name) is present"
        case .query(let name, .equals(let value)):
            let values = Array(queryValues(name).prefix(3))
            return values.isEmpty ? "query \(name) is absent"
                : "query \(name) is \(values.map { "'\($0.prefix(60))'" }.joined(separator: ", ")), not '\(value)'"
        case .address(let range):
            guard let address = request.address else { return "the client's address is unknown" }
            return "the client address \(address.description) is not in \(range)"
        case .country(let code):
            guard request.hasCountryDatabase else { return "no country database: start the service with --geoip FILE" }
            guard let actual = country() else { return "the client address's country is unknown" }
            return "the client address's country is \(actual), not \(code)"
        case .before(let date): return "\(RuleInstant.text(date)) has passed (it is \(RuleInstant.text(request.now)))"
        case .after(let date): return "\(RuleInstant.text(date)) has not come (it is \(RuleInstant.text(request.now)))"
        case .appVersion(let minimum, let maximum):
            guard let version = appVersion else { return "the request does not say its app version (Switchyard-App-Version)" }
            if let minimum, version < minimum { return "app version \(version) is below \(minimum)" }
            return "app version \(version) is above \(maximum.map(\.description) ?? "")"
        case .crawler:
            return "the request is not a link-preview crawler's"
        }
    }
}
