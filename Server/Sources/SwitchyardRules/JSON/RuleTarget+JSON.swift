import Foundation
@_spi(SwitchyardService) public import Switchyard

extension RuleTarget {
    /// Reads `{"url": ...}` or `{"route": ..., "parameters": {...}}` at `path`: exactly one of
    /// `url` and `route`. A URL is an absolute `http` or `https` URL with a host (the service
    /// checks its allowed domains); a route is a non-empty name or pattern (the service checks the
    /// route table), its `parameters` optional.
    ///
    /// - Throws: ``RuleError``: `rules[0].target: has both 'url' and 'route'; give one`, and the like.
    public init(from value: JSONValue, at path: String) throws(RuleError) {
        let members = try RedirectRule.object(value, at: path, allowed: ["url", "route", "parameters"])
        switch (members["url"], members["route"]) {
        case (let url?, nil):
            guard members["parameters"] == nil else { throw RuleError(path + ".parameters", "goes with a route, not a URL") }
            let text = try RedirectRule.text(url, at: path + ".url", maximum: RedirectRule.maximumURL)
            guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
                  scheme == "https" || scheme == "http", let host = components.host, !host.isEmpty else {
                throw RuleError(path + ".url", "'\(text.prefix(200))' is not an absolute http or https URL")
            }
            self = .url(text)
        case (nil, let route?):
            let name = try RedirectRule.text(route, at: path + ".route")
            var parameters: [String: String] = [:]
            if let given = members["parameters"], !given.isNull {
                guard case .object(let pairs) = given else {
                    throw RuleError(path + ".parameters", "must be an object of strings, got \(given.kindName)")
                }
                let most = RedirectRule.maximumParameters, longest = RedirectRule.maximumParameterName
                guard pairs.count <= most else { throw RuleError(path + ".parameters", "has \(pairs.count) parameters; \(most) at most") }
                // In name order, so that the first problem named is the same on every run.
                for (key, value) in pairs.sorted(by: { $0.key < $1.key }) {
                    guard key.unicodeScalars.count <= longest else {
                        throw RuleError(path + ".parameters", "has a name over \(longest) characters")
                    }
                    parameters[key] = try RedirectRule.text(value, at: "\(path).parameters.\(key)")
                }
            }
            self = .route(name, parameters: parameters)
        case (nil, nil):
            throw RuleError(path, "needs 'url' or 'route'")
        case (.some, .some):
            throw RuleError(path, "has both 'url' and 'route'; give one")
        }
    }

    /// The target as the API writes it (a route's `parameters` always, `{}` for none).
    public var json: JSONValue {
        switch self {
        case .url(let url): ["url": .string(url)]
        case .route(let route, let parameters):
            .object(["route": .string(route), "parameters": .object(parameters.mapValues(JSONValue.string))])
        }
    }
}
