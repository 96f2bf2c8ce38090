public import Hummingbird
public import NIOCore

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

    /// Who a request's key stands for.
    public enum Caller: Sendable, Hashable {
        /// An admin key, acting for its team.
        case admin(team: String)
        /// The app key (one of them: `app1`, `app2`, ...).
        case app(owner: String)
    }

    /// Creates the context for a request on `source.channel`.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
