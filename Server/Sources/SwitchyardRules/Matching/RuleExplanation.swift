/// Why each rule fired or not: what `explain` and `?d=1` show.
///
/// ```json
/// {"rules": [{"index": 0, "name": "French", "fired": false,
///             "failed": {"condition": 0, "type": "language", "summary": "language is fr",
///                        "reason": "Accept-Language 'en-US,en;q=0.9' does not accept fr"}},
///            {"index": 1, "fired": true}],
///  "fired": 1}
/// ```
public struct RuleExplanation: Sendable, Hashable, Codable {
    /// One rule's outcome.
    public struct Step: Sendable, Hashable, Codable {
        /// The rule's place in the list (from 0).
        public var index: Int
        /// The rule's name, if it has one.
        public var name: String?
        /// Whether every condition held (only the last step's can).
        public var fired: Bool
        /// The first condition that did not hold; nil for the rule that fired.
        public var failed: FailedCondition?

        /// A step.
        public init(index: Int, name: String? = nil, fired: Bool, failed: FailedCondition? = nil) {
            self.index = index
            self.name = name
            self.fired = fired
            self.failed = failed
        }
    }

    /// A condition that did not hold, and why.
    public struct FailedCondition: Sendable, Hashable, Codable {
        /// Its place in the rule's conditions (from 0).
        public var condition: Int
        /// Its type, as the JSON writes it (`language`).
        public var type: String
        /// The condition, in words (`language is fr`).
        public var summary: String
        /// Why it does not hold for this request (`Accept-Language 'en-US,en;q=0.9' does not accept fr`).
        public var reason: String

        /// A failed condition.
        public init(condition: Int, type: String, summary: String, reason: String) {
            self.condition = condition
            self.type = type
            self.summary = summary
            self.reason = reason
        }
    }

    /// The rules tried, in order, up to the one that fired.
    public var rules: [Step]
    /// The index of the rule that fired; nil when none did (the link's own answer).
    public var fired: Int?

    /// An explanation.
    public init(rules: [Step], fired: Int?) {
        self.rules = rules
        self.fired = fired
    }
}
