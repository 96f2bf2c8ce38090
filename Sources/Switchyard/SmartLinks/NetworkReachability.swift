/// Tells when the network comes back: the seam through which ``DeferredLinks`` tries a kept short
/// link again (``DeferredLinks/retryWhenNetworkReturns(_:)``) without the core observing the
/// network itself. `NetworkPathReachability` in SwitchyardUIKit adapts Network's `NWPathMonitor`;
/// tests give their own.
///
/// ```swift
/// struct TestNetwork: NetworkReachability {
///     let returns: AsyncStream<Void>
///     func becameReachable() -> AsyncStream<Void> { returns }
/// }
/// ```
public protocol NetworkReachability: Sendable {
    /// A stream that yields once each time the network becomes reachable after it was not (the
    /// state when the stream starts is not an event: a network reachable then has not returned).
    /// Each call starts watching anew; ending the iteration (its task cancelled, say) stops it.
    /// Events that arrive while the consumer is busy should collapse into one
    /// (`bufferingPolicy: .bufferingNewest(1)`), so a consumer acts once per return.
    func becameReachable() -> AsyncStream<Void>
}
