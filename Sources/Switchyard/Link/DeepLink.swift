/// A resolved link: where it came from, which route it matched and with which parameters.
///
/// Every source (URL, universal link, push payload, user activity, shortcut, internal
/// navigation) resolves to a `DeepLink`, which filters, handlers and destinations receive.
///
/// ```swift
/// let link = try table.resolve("shop://product/42?referrer=mail")
/// link.route                        // "product/:id"
/// link.routeParameters?["id"]       // "42"
/// try link.int("id")                // 42
/// link.queryParameters["referrer"]  // "mail"
/// ```
///
/// A resolved link keeps its input once: `scheme`, `host` and `path` are read from `url` when
/// asked for, and so are the query and (for a route with one or two named parameters) the route
/// parameters, decoded when read: resolving allocates nothing for a link whose parts are not read.
public struct DeepLink: Sendable, Hashable {
    /// The input as received.
    public var url: String {
        get { storedURL }
        set {
            // Parts still read from the old input are copied out first.
            schemeText = LinkText(schemeText.value(in: storedURL))
            hostText = LinkText(hostText.value(in: storedURL))
            pathText = LinkText(pathText.value(in: storedURL))
            if case .slice = queryText { queryText = .held(queryText.items(in: storedURL)) }
            heldParameters()
            storedURL = newValue
        }
    }
    /// The scheme, lower-cased (`shop`, `https`); nil for internal paths and URNs.
    public var scheme: String? {
        get { schemeText.value(in: storedURL) }
        set { schemeText = LinkText(newValue) }
    }
    /// A universal link's host, lower-cased; nil otherwise (a custom scheme's "host" is the
    /// route's first segment).
    public var host: String? {
        get { hostText.value(in: storedURL) }
        set { hostText = LinkText(newValue) }
    }
    /// The route path as received, before percent-decoding: after the scheme and host, without
    /// leading or trailing slashes, up to the query.
    public var path: String {
        get { pathText.value(in: storedURL) ?? "" }
        set { pathText = .held(newValue) }
    }
    /// The matched pattern (`product/:id`), or nil when no route matched.
    public var route: String? {
        get { matched?.route }
        set { replaceMatched(MatchedRoute.replacing(matched, route: .some(newValue))) }
    }
    /// The matched route's name, if it has one.
    public var routeName: String? {
        get { matched?.routeName }
        set { replaceMatched(MatchedRoute.replacing(matched, routeName: .some(newValue))) }
    }
    /// The route's parameters, percent-decoded: nil when no route matched, empty when the
    /// matched route has none.
    public var routeParameters: [String: String]? {
        get { parameters.dictionary(in: storedURL, matched: matched) }
        set { parameters = RouteParameters(newValue) }
    }
    /// Every query item, in order, decoded (`+` is a space). A resolved link decodes them from its
    /// input when they are read, not before.
    ///
    /// - Complexity: O(*n*) in the query's length on each read of a resolved link's items.
    public var queryItems: [QueryItem] {
        get { queryText.items(in: storedURL) }
        set { queryText = .held(newValue) }
    }
    /// The first value of each query item by name, derived from ``queryItems``: setting it
    /// rewrites the items (each name's first value replaced, names not given removed, new names
    /// appended), so the two never disagree.
    public var queryParameters: [String: String] {
        get { queryText.firstValues(in: storedURL) }
        set { queryItems = QueryItem.replacingFirstValues(queryItems, with: newValue) }
    }
    /// The fragment, percent-decoded, without `#`.
    public var fragment: String? {
        get { extras?.fragment }
        set { updateExtras { $0.fragment = newValue } }
    }
    /// Where the link came from.
    public var source: LinkSource
    /// Private smart-link data attached by the link service, if any.
    public var metadata: [String: JSONValue]? {
        get { extras?.metadata }
        set { updateExtras { $0.metadata = newValue } }
    }
    /// The short link this link came from, when it came through the link service (HOKO's
    /// `deeplink.redeem`): the screen it opens can redeem it with
    /// ``SmartLinkClient/redeem(code:password:)``.
    public var smartLink: SmartLinkReference? {
        get { extras?.smartLink }
        set { updateExtras { $0.smartLink = newValue } }
    }
    /// The parts most links do not have (fragment, metadata, smart link), in one shared box:
    /// copying or destroying a link then touches one reference for them, not four.
    private var extras: Extras?
    /// The index of the matched route in its table.
    var routeIndex: Int? {
        get { matched?.routeIndex }
        set { replaceMatched(MatchedRoute.replacing(matched, routeIndex: .some(newValue))) }
    }
    /// Which form of the matched route's pattern matched, and how many of its segments (fewer
    /// than all when a screen route's prefix matched).
    var matchedForm: (ordinal: Int, length: Int)? {
        get { matched?.form }
        set { replaceMatched(MatchedRoute.replacing(matched, form: .some(newValue))) }
    }
    /// The route, its name, index and form, as a match left them: the matched form's own box,
    /// shared by every link that matched it (one reference to count, not a string per field).
    var matched: MatchedRoute?
    private var storedURL: String
    // Set in place by `RouteTable.resolve` (ranges of `url`); read through the properties above.
    var schemeText: LinkText
    var hostText: LinkText
    var pathText: LinkText
    var queryText: QueryText
    /// The route parameters: captured ranges of `url` for up to two (named by `matched`), or held.
    var parameters: RouteParameters

    /// One route parameter's value, without building the dictionary.
    func routeParameter(_ name: String) -> String? {
        parameters.value(name, in: storedURL, names: matched?.parameterNames)
    }

    /// Captured parameters, decoded and held: before the input or the match they are read with changes.
    private mutating func heldParameters() {
        if case .captured = parameters { parameters = RouteParameters(routeParameters) }
    }

    private mutating func replaceMatched(_ box: MatchedRoute?) {
        heldParameters()
        matched = box
    }

    /// Creates a link by hand, for tests and for links that did not come through a table.
    public init(
        url: String, scheme: String? = nil, host: String? = nil, path: String = "", route: String? = nil,
        routeName: String? = nil, routeParameters: [String: String]? = nil, queryItems: [QueryItem] = [],
        fragment: String? = nil, source: LinkSource = .url, metadata: [String: JSONValue]? = nil
    ) {
        self.storedURL = url
        self.schemeText = LinkText(scheme)
        self.hostText = LinkText(host)
        self.pathText = .held(path)
        self.matched = MatchedRoute.replacing(nil, route: .some(route), routeName: .some(routeName))
        self.parameters = RouteParameters(routeParameters)
        self.queryText = queryItems.isEmpty ? .absent : .held(queryItems)
        self.source = source
        self.extras = fragment == nil && metadata == nil ? nil : Extras(fragment: fragment, metadata: metadata)
    }

    /// A link about to be resolved from `url`, which `RouteTable.resolve` fills in place (its
    /// parts become byte ranges of `url`): built once where it is returned, never copied whole.
    init(resolving url: String) {
        self.storedURL = url
        self.schemeText = .absent
        self.hostText = .absent
        self.pathText = .absent
        self.parameters = .unmatched
        self.queryText = .absent
        self.source = .url
    }

    /// Whether a route matched (a link with no route goes to the default route).
    public var isMatched: Bool { route != nil }
}

/// One `name=value` item of a query, decoded.
public struct QueryItem: Sendable, Hashable, CustomStringConvertible {
    /// The item's name.
    public var name: String
    /// The item's value; empty for `?flag`.
    public var value: String

    /// Creates a query item.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// `name=value`.
    public var description: String { "\(name)=\(value)" }

    /// The first value for each name.
    static func firstValues(_ items: [QueryItem]) -> [String: String] {
        var result: [String: String] = [:]
        for item in items where result[item.name] == nil { result[item.name] = item.value }
        return result
    }
}

extension DeepLink {
    /// A link's rarely set parts. Shared between copies of a link and copied before a change
    /// when shared (copy on write), so a link keeps value semantics.
    final class Extras: @unchecked Sendable {
        var fragment: String?
        var metadata: [String: JSONValue]?
        var smartLink: SmartLinkReference?

        init(fragment: String? = nil, metadata: [String: JSONValue]? = nil, smartLink: SmartLinkReference? = nil) {
            self.fragment = fragment
            self.metadata = metadata
            self.smartLink = smartLink
        }

        var isEmpty: Bool { fragment == nil && metadata == nil && smartLink == nil }
    }

    /// Changes the extras, copying them first when another link shares them; none kept when all are nil.
    private mutating func updateExtras(_ change: (Extras) -> Void) {
        if extras == nil {
            extras = Extras()
        } else if !isKnownUniquelyReferenced(&extras!) {
            extras = Extras(fragment: extras!.fragment, metadata: extras!.metadata, smartLink: extras!.smartLink)
        }
        change(extras!)
        if extras!.isEmpty { extras = nil }
    }
}
