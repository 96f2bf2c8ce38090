// Stand-in for CryptoKit: only what Sources/SwitchyardAppAttest uses, with the Swift signatures of
// Apple's SDK (CryptoKit.swiftinterface).
import Foundation

/// SDK: `public struct SHA256 : CryptoKit.HashFunction`. Docs: cryptokit/sha256
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct SHA256 {
    /// SDK: `public static func hash<D>(data: D) -> SHA256.Digest where D : Foundation.DataProtocol`.
    public static func hash<D: DataProtocol>(data: D) -> SHA256Digest { fatalError() }
}

/// SDK: `public struct SHA256Digest : CryptoKit.Digest` (a `Sequence` of `UInt8`). Docs: cryptokit/sha256digest
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct SHA256Digest: Sequence {
    public func makeIterator() -> Array<UInt8>.Iterator { fatalError() }
}
