/// Where a rule (or an A/B variant) sends a visitor.
///
/// ```json
/// {"url": "https://shop.example.com/fr"}
/// {"route": "product/:id", "parameters": {"id": "42"}}
/// ```
public enum RuleTarget: Sendable, Hashable {
    /// A redirect to this absolute `http` or `https` URL, on every platform (the service checks
    /// its allowed domains).
    case url(String)
    /// The link opened with another route of the table (its name or its pattern) and these
    /// parameters: the app open path, fallbacks and deferred link stay the link's, with this
    /// route in place of its own (the service checks the route table).
    case route(String, parameters: [String: String])
}
