public import Hummingbird
public import NIOCore
public import SwitchyardStore

/// The request context of every route of the service: Hummingbird's core storage, the address
/// of the peer that opened the connection (the client, or the proxy in front of the service), and
/// who the request's key says it is (set by ``KeyAuthentication`` on the API's routes).
public struct ServiceRequestContext: RequestContext, RemoteAddressRequestContext {
    /// Hummingbird's per-request storage.
    public var coreContext: CoreRequestContextStorage
    /// The connection's peer.
    public let remoteAddress: SocketAddress?
    /// The caller a route's authentication let in; nil on routes that take no key.
    public var caller: Caller?
    /// The largest request body `request.decode(as:context:)` reads (413 beyond); the service's
    /// configured limit, which ``ProblemMiddleware`` puts here.
    public var maxUploadSize = 64 * 1024

    /// Reads the API's JSON bodies with its error messages.
    public var requestDecoder: APIRequestDecoder { APIRequestDecoder(limit: maxUploadSize) }
    /// Writes the API's JSON answers.
    public var responseEncoder: APIResponseEncoder { APIResponseEncoder() }

    /// Who a request's key stands for: its name, role and team.
    public struct Caller: Sendable, Hashable {
        /// The key's name (`environment` for the `SWITCHYARD_API_KEY` bootstrap key, `app1`,
        /// `app2`, ... for the bootstrap app keys).
        public var name: String
        /// What the key may do.
        public var role: AccessKey.Role
        /// The team the key acts for.
        public var team: String
        /// Whether the key reaches only its team's links: false only for a bootstrap app key of a
        /// service whose admin keys name several teams and no app team (every team's links).
        public var teamOnly = true
        /// The key itself, not its name: `env:` and the first 16 hex digits of a bootstrap admin
        /// key's digest, `key:` and those of a named key's, `app:` and a bootstrap app key's name.
        /// Rate buckets are keyed by it, so that two keys never share one.
        public var identity: String

        /// Creates a caller; its identity is its name unless given.
        public init(name: String, role: AccessKey.Role, team: String, teamOnly: Bool = true, identity: String? = nil) {
            self.name = name
            self.role = role
            self.team = team
            self.teamOnly = teamOnly
            self.identity = identity ?? name
        }

        /// Whether this caller may see `link` (its team's, or any for a key not bound to one).
        func reaches(_ link: SmartLink) -> Bool { !teamOnly || link.team == team }
    }

    /// Creates the context for a request on `source.channel`.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
