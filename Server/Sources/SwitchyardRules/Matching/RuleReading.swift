import Switchyard

/// One request as conditions read it: each header parsed at most once, the country looked up at
/// most once, and only when a condition asks.
struct RuleReading {
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

    /// The client's country, looked up on the first call (never without a country database).
    mutating func country() -> String? {
        if !countryRead {
            countryRead = true
            countryCode = request.hasCountryDatabase ? request.country() : nil
        }
        return countryCode
    }

    /// Whether every condition holds, tested cheapest first: the request's own fields, then
    /// what a header says, then the country (see ``RuleMatcher``).
    mutating func holdsAll(_ conditions: [RuleCondition]) -> Bool {
        // Through the array's buffer, not `for condition in conditions` nor `conditions[index]`:
        // those copy each condition (a retain and a release of its payload) on every open.
        conditions.withUnsafeBufferPointer { conditions in
            var dearest = 0
            for index in conditions.indices {
                let cost = conditions[index].cost
                if cost == 0 {
                    if !holds(conditions[index]) { return false }
                } else {
                    dearest = max(dearest, cost)
                }
            }
            guard dearest > 0 else { return true }
            for cost in 1...dearest {
                for index in conditions.indices where conditions[index].cost == cost {
                    if !holds(conditions[index]) { return false }
                }
            }
            return true
        }
    }

    mutating func holds(_ condition: RuleCondition) -> Bool {
        switch condition {
        case .platform(let platform): return request.platform == platform
        case .device(let device): return details().device == device
        case .os(let system, let minimum, let maximum):
            let details = details()
            guard details.system == system else { return false }
            guard minimum != nil || maximum != nil else { return true }
            guard let version = details.systemNumbers else { return false }
            return Self.isWithin(version, minimum, maximum)
        case .browser(let browser): return details().browser == browser
        case .language(let tag): return accepted().accepts(tag)
        case .query(let name, .present): return request.query.contains { $0.name == name }
        case .query(let name, .absent): return !request.query.contains { $0.name == name }
        case .query(let name, .equals(let value)): return request.query.contains { $0.name == name && $0.value == value }
        case .address(let range): return request.address.map(range.contains) ?? false
        case .country(let code): return country().map { Self.sameLetters($0, code) } ?? false
        case .before(let date): return request.now < date
        case .after(let date): return request.now >= date
        case .appVersion(let minimum, let maximum):
            switch request.appRelease {
            case .ios(let version)?: return Self.isWithin(version.numbers, minimum, maximum)
            case .android(let versionCode)?: return Self.isWithin(CollectionOfOne(versionCode), minimum, maximum)
            case nil: return false
            }
        case .crawler: return request.platform == .crawler
        }
    }

    /// Why `condition` does not hold (asked only of one that does not).
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
                return "the user agent (\(agentText())) runs \(details.system?.displayName ?? "no OS it names"), not \(system.displayName)"
            }
            guard let version = details.systemNumbers else { return "the user agent gives no \(system.displayName) version to compare" }
            return "\(system.displayName) \(version) \(Self.outside(version, minimum, maximum))"
        case .browser(let browser):
            return "the browser is \(details().browser.rawValue), not \(browser.rawValue)"
        case .language(let tag):
            guard let header = request.acceptLanguage, !header.isEmpty else { return "the request has no Accept-Language" }
            return "Accept-Language '\(header.prefix(120))' does not accept \(tag)"
        case .query(let name, .present): return "query \(name) is absent"
        case .query(let name, .absent): return "query \(name) is present"
        case .query(let name, .equals(let value)):
            let values = request.query.lazy.filter { $0.name == name }.prefix(3).map { "'\($0.value.prefix(60))'" }
            return values.isEmpty ? "query \(name) is absent" : "query \(name) is \(values.joined(separator: ", ")), not '\(value)'"
        case .address(let range):
            guard let address = request.address else { return "the client's address is unknown" }
            return "the client address \(address) is not in \(range)"
        case .country(let code):
            guard request.hasCountryDatabase else { return "no country database: start the service with --geoip FILE" }
            guard let actual = country() else { return "the client address's country is unknown" }
            return "the client address's country is \(actual.uppercased()), not \(code.uppercased())"
        case .before(let date): return "\(RuleInstant.text(date)) has passed (it is \(RuleInstant.text(request.now)))"
        case .after(let date): return "\(RuleInstant.text(date)) has not come (it is \(RuleInstant.text(request.now)))"
        case .appVersion(let minimum, let maximum):
            switch request.appRelease {
            case .ios(let version)?: return "app version \(version) \(Self.outside(version.numbers, minimum, maximum))"
            case .android(let versionCode)?: return "app version \(versionCode) \(Self.outside(CollectionOfOne(versionCode), minimum, maximum))"
            case nil: return "the request does not say its app version (Switchyard-App-Version)"
            }
        case .crawler:
            return "the request is not a link-preview crawler's"
        }
    }

    // MARK: Comparing

    /// Whether `numbers`, read as a version, is within the bounds (inclusive; nil is open).
    static func isWithin(_ numbers: some Collection<Int>, _ minimum: DottedVersion?, _ maximum: DottedVersion?) -> Bool {
        if let minimum, order(numbers, minimum.numbers) < 0 { return false }
        if let maximum, order(numbers, maximum.numbers) > 0 { return false }
        return true
    }

    /// `is below 17.0` or `is above 18.2`, for a version outside the bounds.
    static func outside(_ numbers: some Collection<Int>, _ minimum: DottedVersion?, _ maximum: DottedVersion?) -> String {
        if let minimum, order(numbers, minimum.numbers) < 0 { return "is below \(minimum)" }
        return "is above \(maximum.map(\.description) ?? "the bound")"
    }

    /// -1, 0 or 1 as `lhs` is an older, the same or a newer version than `rhs`, number by number
    /// with missing numbers read as 0 (as ``DottedVersion`` compares; an Android versionCode is
    /// one number).
    static func order(_ lhs: some Collection<Int>, _ rhs: some Collection<Int>) -> Int {
        var left = lhs.makeIterator(), right = rhs.makeIterator()
        while true {
            let first = left.next(), second = right.next()
            if first == nil, second == nil { return 0 }
            if (first ?? 0) != (second ?? 0) { return (first ?? 0) < (second ?? 0) ? -1 : 1 }
        }
    }

    /// Whether two strings are the same ASCII letters, whatever their case (`fr` and `FR`).
    static func sameLetters(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.elementsEqual(rhs.utf8) { $0.asciiLowercased == $1.asciiLowercased }
    }
}

extension RuleCondition {
    /// How much testing it costs: 0 for the request's own fields, 1 for a header to parse (once
    /// per request), 2 for the country (a database lookup, once per request).
    var cost: Int {
        switch self {
        case .platform, .query, .address, .before, .after, .appVersion, .crawler: 0
        case .device, .os, .browser, .language: 1
        case .country: 2
        }
    }
}
