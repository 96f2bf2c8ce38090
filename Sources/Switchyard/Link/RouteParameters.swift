/// A link's route parameters: up to two held as byte ranges of the link's input and decoded
/// only when read, or built (decoded strings inline for up to two, more in a dictionary).
enum RouteParameters: Sendable {
    /// No route matched.
    case unmatched
    case none
    /// The values of a form's one or two named parameters, as segments of the link's `url`; their
    /// names are the matched form's (``MatchedRoute/parameterNames``).
    case captured(RouteCapture, RouteCapture?)
    case one(String, String)
    case two(String, String, String, String)
    case many([String: String])

    init(_ dictionary: [String: String]?) {
        self = dictionary.map { .many($0) } ?? .unmatched
    }

    /// The parameters as the public API shows them: captured values are decoded from `url`
    /// with the names of the form that `matched`.
    func dictionary(in url: String, matched: MatchedRoute?) -> [String: String]? {
        switch self {
        case .unmatched: nil
        case .none: [:]
        case .captured(let first, let second):
            // The names read here, where the dictionary takes them, rather than copied by the caller.
            if let names = matched?.parameterNames {
                if let second, let secondName = names.second {
                    [names.first: first.value(in: url), secondName: second.value(in: url)]
                } else {
                    [names.first: first.value(in: url)]
                }
            } else {
                [:]
            }
        case .one(let name, let value): [name: value]
        case .two(let name1, let value1, let name2, let value2): [name1: value1, name2: value2]
        case .many(let dictionary): dictionary
        }
    }

    /// One parameter's value, without building a dictionary.
    func value(_ name: String, in url: String, names: CapturedNames?) -> String? {
        switch self {
        case .unmatched, .none: nil
        case .captured(let first, let second):
            if names?.first == name { first.value(in: url) } else if names?.second == name { second?.value(in: url) } else { nil }
        case .one(let name1, let value1): name1 == name ? value1 : nil
        case .two(let name1, let value1, let name2, let value2):
            name1 == name ? value1 : (name2 == name ? value2 : nil)
        case .many(let dictionary): dictionary[name]
        }
    }
}
