/// One route as an app or a route-table file declares it: a pattern plus what the router,
/// navigation plans and the link service need to know about it.
///
/// ```swift
/// let product = RouteDefinition("product/:product_id", name: "product")
/// ```
public struct RouteDefinition: Sendable, Hashable {
    /// The pattern, in Switchyard's pattern language (`product/:id`, `post:{postId}`, `list/*`, ...).
    public var pattern: String
    /// An optional name, used by reverse routing (`url(for: "product", ...)`) and in tool output.
    public var name: String?
    /// Names the route had before (file key `"formerNames"`): a stored smart link made under one
    /// of them opens this route. A former name may not be any route's name, nor repeat.
    public var formerNames: [String]
    /// A route that stays in the browser: universal-link and App-Link files exclude it.
    public var webOnly: Bool
    /// Static default parameters, merged below route and query parameters in navigation plans.
    public var defaults: [String: String]
    /// When set, query parameters not in this list are dropped from navigation plans.
    public var allowedParameters: [String]?
    /// A container (such as a tab) that the route selects before building its stack.
    public var container: String?
    /// Whether the route's plan replaces the app's root instead of building on what is shown
    /// (Compass's logout route, HOKO's `setRootViewController:`): everything shown is dropped and
    /// the first screen becomes the new root, or, without screens, the app's own root comes back.
    /// File key `"root": true`. With a ``container`` the table refuses it when it loads
    /// (``RouteTableBuildError/Issue/Code/invalidPlanSetting``).
    public var replacesRoot: Bool
    /// The container that presents the route's first modal step (WAAppRouting's
    /// `presentingController`), such as a tab identifier; nil presents it from the root. A later
    /// modal step is presented over the one before it. File key `"presenter"`. On a route
    /// without a modal step the table refuses it when it loads
    /// (``RouteTableBuildError/Issue/Code/invalidPlanSetting``).
    public var presenter: String?
    /// The oldest app versions that have the route (file key `"since"`: `{"ios": "2.3", "android":
    /// 230}`): the link service answers an older app with a link's fallback instead of a deep link
    /// it cannot open. Empty by default: every version has it.
    public var since: AppVersionRequirement

    /// Creates a route definition.
    public init(
        _ pattern: String,
        name: String? = nil,
        webOnly: Bool = false,
        defaults: [String: String] = [:],
        allowedParameters: [String]? = nil,
        container: String? = nil,
        replacesRoot: Bool = false,
        presenter: String? = nil,
        formerNames: [String] = [],
        since: AppVersionRequirement = AppVersionRequirement()
    ) {
        self.pattern = pattern
        self.name = name
        self.formerNames = formerNames
        self.webOnly = webOnly
        self.defaults = defaults
        self.allowedParameters = allowedParameters
        self.container = container
        self.replacesRoot = replacesRoot
        self.presenter = presenter
        self.since = since
    }
}

/// The app identifiers a route-table file names, used by the link service to write
/// `apple-app-site-association` and `assetlinks.json`.
public struct AppIdentifiers: Sendable, Hashable {
    /// An Android app and the SHA-256 fingerprints of its signing certificates.
    public struct AndroidApp: Sendable, Hashable {
        /// The application's package name, such as `com.example.shop`.
        public var package: String
        /// Upper-case, colon-separated SHA-256 certificate fingerprints.
        public var sha256CertFingerprints: [String]
        /// Creates an Android app identifier.
        public init(package: String, sha256CertFingerprints: [String]) {
            self.package = package
            self.sha256CertFingerprints = sha256CertFingerprints
        }
    }

    /// iOS app identifiers in the `TEAMID.bundle.id` form.
    public var ios: [String]
    /// Android apps.
    public var android: [AndroidApp]

    /// Creates a set of app identifiers.
    public init(ios: [String] = [], android: [AndroidApp] = []) {
        self.ios = ios
        self.android = android
    }
}

/// Everything a route table declares: how URLs are read (schemes, hosts, delimiter, case) and
/// the routes. A route-table file decodes into this value; ``RouteTable/init(_:constraints:)``
/// compiles it.
public struct RouteTableConfiguration: Sendable, Hashable {
    /// Custom schemes the app answers (`shop`), compared case-insensitively. When empty, any
    /// custom scheme other than `http` and `https` is accepted.
    public var schemes: [String]
    /// Hosts whose `https` (and `http`) URLs are universal links for the app.
    public var hosts: [String]
    /// The segment delimiter: `/` by default, `:` for Compass-style URNs (`post:{postId}`).
    public var delimiter: Character
    /// Whether static segments compare case-sensitively (the default).
    public var caseSensitive: Bool
    /// App identifiers for the association files.
    public var apps: AppIdentifiers
    /// The routes, in declaration order (which never decides precedence).
    public var routes: [RouteDefinition]

    /// Creates a configuration.
    public init(
        schemes: [String] = [],
        hosts: [String] = [],
        delimiter: Character = "/",
        caseSensitive: Bool = true,
        apps: AppIdentifiers = AppIdentifiers(),
        routes: [RouteDefinition] = []
    ) {
        self.schemes = schemes
        self.hosts = hosts
        self.delimiter = delimiter
        self.caseSensitive = caseSensitive
        self.apps = apps
        self.routes = routes
    }
}
