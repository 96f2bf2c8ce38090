// Stand-in for Network: the path monitor that Sources/SwitchyardUIKit/NetworkPathReachability.swift
// uses, with the SDK's Swift signatures and availability (Network's Swift overlay declares these
// types in Swift: Network.swiftinterface). Nothing here runs.
public import Dispatch

/// SDK: `final public class NWPathMonitor` (Network.swiftinterface). Docs: network/nwpathmonitor
///
/// Not `Sendable` here: code that hands a monitor to another isolation says why it may.
@available(macOS 10.14, iOS 12.0, watchOS 6.0, tvOS 12.0, *)
final public class NWPathMonitor {
    /// SDK: `public init()`, a monitor of every interface type. Docs: network/nwpathmonitor/init()
    public init() {}

    /// SDK (current): `@preconcurrency final public var pathUpdateHandler: (@Sendable (_ newPath: NWPath) -> Void)?`
    /// Docs: network/nwpathmonitor/pathupdatehandler. Older SDKs declared the closure without
    /// `@Sendable`; the stand-in takes the stricter, current form (as open-source code that mirrors
    /// the type declares it, e.g. Polkadot Vault's `PathMonitorProtocol`, and protocols written in
    /// 2024 for `extension NWPathMonitor`), so glue that passes a non-Sendable closure fails here.
    @preconcurrency final public var pathUpdateHandler: (@Sendable (_ newPath: NWPath) -> Void)?

    /// SDK: `final public func start(queue: DispatchQueue)`. Docs: network/nwpathmonitor/start(queue:)
    final public func start(queue: DispatchQueue) {}

    /// SDK: `final public func cancel()`. Docs: network/nwpathmonitor/cancel()
    final public func cancel() {}
}

/// SDK: `public struct NWPath : Equatable, CustomDebugStringConvertible` (Network.swiftinterface).
/// Docs: network/nwpath
@available(macOS 10.14, iOS 12.0, watchOS 6.0, tvOS 12.0, *)
public struct NWPath: Equatable, CustomDebugStringConvertible {
    /// SDK: `public enum Status : Equatable`. Docs: network/nwpath/status-swift.enum
    public enum Status: Equatable {
        /// The path has a usable route upon which to send and receive data.
        case satisfied
        /// The path does not have a usable route (no network, say).
        case unsatisfied
        /// The path may become satisfied upon a connection being established (a VPN on demand).
        case requiresConnection
    }

    /// SDK: `public let status: NWPath.Status`. Docs: network/nwpath/status-swift.property
    public let status: NWPath.Status

    /// SDK: `public var debugDescription: String { get }`.
    public var debugDescription: String { "" }
}
