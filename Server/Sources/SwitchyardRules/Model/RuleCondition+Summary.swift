import Switchyard

extension RuleCondition: CustomStringConvertible {
    /// The condition in words, for explain and the dashboard: `language is fr`, `country is FR`,
    /// `query ref equals spring`, `OS is iOS 17 or later`.
    public var summary: String {
        switch self {
        case .platform(let platform): "platform is \(platform.rawValue)"
        case .device(let device): "device is a \(device.rawValue)"
        case .os(let system, let minimum, let maximum): "OS is \(system.displayName)\(Self.range(minimum, maximum))"
        case .browser(let browser): "browser is \(browser.rawValue)"
        case .language(let tag): "language is \(tag)"
        case .query(let name, .present): "query \(name) is present"
        case .query(let name, .absent): "query \(name) is absent"
        case .query(let name, .equals(let value)): "query \(name) equals \(value)"
        case .address(let range): "address in \(range)"
        case .country(let country): "country is \(country)"
        case .before(let date): "before \(RuleInstant.text(date))"
        case .after(let date): "from \(RuleInstant.text(date))"
        case .appVersion(let minimum, let maximum): "app version\(Self.range(minimum, maximum))"
        case .crawler: "a link-preview crawler"
        }
    }

    /// The ``summary``.
    public var description: String { summary }

    private static func range(_ minimum: DottedVersion?, _ maximum: DottedVersion?) -> String {
        switch (minimum, maximum) {
        case (let low?, let high?): " \(low) to \(high)"
        case (let low?, nil): " \(low) or later"
        case (nil, let high?): " \(high) or earlier"
        case (nil, nil): ""
        }
    }
}
