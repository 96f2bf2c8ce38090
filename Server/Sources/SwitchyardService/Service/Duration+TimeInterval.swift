package import Foundation

extension Duration {
    /// The duration in seconds, as a `TimeInterval`: `.milliseconds(1500)` is 1.5. (For NIO's
    /// `TimeAmount`, NIOCore's `TimeAmount(_:)` takes a `Duration`.)
    package var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
