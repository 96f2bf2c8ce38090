/// One of a link's redirect rules: conditions that must all hold, and where the visitor goes
/// when they do. A link's rules are tried in order; the first whose conditions all hold fires
/// (``RuleMatcher``).
///
/// ```json
/// {"name": "French iPhones",
///  "conditions": [{"type": "platform", "value": "ios"}, {"type": "language", "value": "fr"}],
///  "target": {"url": "https://shop.example.com/fr"}}
/// ```
///
/// Rules come from the API's JSON through ``rules(from:at:countryDatabase:)``, which refuses
/// anything out of shape with its path; rules built in Swift go through
/// ``validate(_:at:countryDatabase:)``, the same checks.
public struct RedirectRule: Sendable, Hashable {
    /// What people call the rule (shown by explain and the dashboard); nil for none.
    public var name: String?
    /// The conditions, all required (one at least).
    public var conditions: [RuleCondition]
    /// Where the visitor goes when every condition holds.
    public var target: RuleTarget

    /// Creates a rule (unchecked: see ``validate(_:at:countryDatabase:)``).
    ///
    /// ```swift
    /// let rule = RedirectRule(name: "French", conditions: [.language("fr")], target: .url("https://shop.example.com/fr"))
    /// ```
    public init(name: String? = nil, conditions: [RuleCondition], target: RuleTarget) {
        self.name = name
        self.conditions = conditions
        self.target = target
    }

    /// The most rules a link or a team default carries.
    public static let maximumRules = 20
    /// The most conditions a rule has.
    public static let maximumConditions = 10
    /// The longest name, condition value or route (characters), as the API's schema says too.
    public static let maximumText = 200
    /// The longest query parameter name in a condition, or route parameter name in a target.
    public static let maximumParameterName = 100
    /// The longest URL target (bytes of its text).
    public static let maximumURL = 2048
    /// The most parameters a route target gives.
    public static let maximumParameters = 20
}
