// Stand-in for DeviceCheck: only what Sources/SwitchyardAppAttest uses, with the Swift signatures
// of Apple's SDK.
import Foundation

/// SDK: `@interface DCAppAttestService : NSObject` (DeviceCheck/DCAppAttestService.h).
/// Docs: devicecheck/dcappattestservice
@available(iOS 14.0, macOS 11.0, tvOS 15.0, watchOS 9.0, *)
open class DCAppAttestService: NSObject {
    /// SDK: `@property (class, readonly) DCAppAttestService *sharedService` (Swift: `shared`).
    open class var shared: DCAppAttestService { fatalError() }
    /// SDK: `@property (getter=isSupported, readonly) BOOL supported`.
    open var isSupported: Bool { fatalError() }
    /// SDK: `- generateKeyWithCompletionHandler:` (Swift async: `generateKey()`).
    open func generateKey() async throws -> String { fatalError() }
    /// SDK: `- attestKey:clientDataHash:completionHandler:` (Swift async: `attestKey(_:clientDataHash:)`).
    open func attestKey(_ keyId: String, clientDataHash: Data) async throws -> Data { fatalError() }
    /// SDK: `- generateAssertion:clientDataHash:completionHandler:` (Swift async: `generateAssertion(_:clientDataHash:)`).
    open func generateAssertion(_ keyId: String, clientDataHash: Data) async throws -> Data { fatalError() }
}

/// SDK: `typedef NS_ERROR_ENUM(DCErrorDomain, DCError)` (DeviceCheck/DCError.h), imported as a
/// struct whose `code` is a `DCError.Code`. Docs: devicecheck/dcerror
public struct DCError: Error, Hashable {
    /// SDK: the `DCError` enum's cases (`DCErrorInvalidKey`, ...). Docs: devicecheck/dcerror/code
    public enum Code: Int, Sendable {
        case unknownSystemFailure = 0
        case featureUnsupported = 1
        case invalidInput = 2
        case invalidKey = 3
        case serverUnavailable = 4
    }
    /// SDK: `CustomNSError`'s code, as the enum.
    public var code: Code { fatalError() }
}
