public import Hummingbird
public import NIOCore

/// The request context of every route of the service: Hummingbird's core storage and the address
/// of the peer that opened the connection (the client, or the proxy in front of the service).
public struct ServiceRequestContext: RequestContext, RemoteAddressRequestContext {
    /// Hummingbird's per-request storage.
    public var coreContext: CoreRequestContextStorage
    /// The connection's peer.
    public let remoteAddress: SocketAddress?

    /// Creates the context for a request on `source.channel`.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
