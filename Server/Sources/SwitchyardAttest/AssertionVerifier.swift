import Crypto
import struct Foundation.Data

/// Verifies an App Attest assertion: the signature over SHA-256 of authenticator data and client
/// data hash with the attested key, the app id, and a counter that only grows.
///
/// ```swift
/// let counter = try AssertionVerifier(appID: "TEAMID.com.example.shop")
///     .verify(assertion, clientDataHash: hash, publicKey: key.publicKey, previousCounter: stored)
/// ```
public struct AssertionVerifier: Sendable {
    /// The app id the key belongs to: `TEAMID.bundle`.
    public var appID: String

    /// A verifier for one app.
    public init(appID: String) { self.appID = appID }

    /// Checks `assertion` (its CBOR bytes) and returns its counter, which the caller stores.
    /// - Parameters:
    ///   - clientDataHash: SHA-256 of the request data the device signed.
    ///   - publicKey: the attested key, X9.63 uncompressed.
    ///   - previousCounter: the highest counter accepted so far for this key (0 after attestation).
    /// - Throws: ``AttestFailure`` at `format`, `signature`, `app-id` or `counter` (a replay or a
    ///   counter that did not grow).
    public func verify(
        _ assertion: [UInt8], clientDataHash: [UInt8], publicKey: [UInt8], previousCounter: UInt32
    ) throws(AttestFailure) -> UInt32 {
        try verifyAssertion(assertion, clientDataHash: clientDataHash, publicKey: publicKey, previousCounter: previousCounter).counter
    }

    /// Checks `assertion` as ``verify(_:clientDataHash:publicKey:previousCounter:)`` does and
    /// returns what it states: its counter, and Apple's extensions when current iOS wrote them.
    /// - Throws: ``AttestFailure``, as ``verify(_:clientDataHash:publicKey:previousCounter:)``.
    public func verifyAssertion(
        _ assertion: [UInt8], clientDataHash: [UInt8], publicKey: [UInt8], previousCounter: UInt32
    ) throws(AttestFailure) -> VerifiedAssertion {
        let decoded: CBORValue
        do { decoded = try CBORReader.read(assertion) } catch { throw AttestFailure(.format, "\(error)") }
        guard let signatureBytes = decoded["signature"]?.byteString,
            let authDataBytes = decoded["authenticatorData"]?.byteString
        else {
            throw AttestFailure(.format, "signature or authenticatorData is missing")
        }
        guard let key = try? P256.Signing.PublicKey(x963Representation: publicKey) else {
            throw AttestFailure(.format, "the stored key is not a P-256 point")
        }
        guard let signature = try? P256.Signing.ECDSASignature(derRepresentation: signatureBytes) else {
            throw AttestFailure(.signature, "the signature is not a DER ECDSA signature")
        }
        let nonce = Data(SHA256.hash(data: authDataBytes + clientDataHash))
        guard key.isValidSignature(signature, for: nonce) else {
            throw AttestFailure(.signature, "the signature does not verify over this request with the attested key")
        }
        let authData = try AuthenticatorData(authDataBytes, withCredential: false)
        guard authData.rpIDHash == Array(SHA256.hash(data: Array(appID.utf8))) else {
            throw AttestFailure(.appIdentifier, "the RP ID hash is not SHA-256 of \(appID)")
        }
        guard authData.counter > previousCounter else {
            throw AttestFailure(
                .counter, "the counter \(authData.counter) is not above \(previousCounter): a replayed assertion")
        }
        return VerifiedAssertion(counter: authData.counter, extensions: authData.extensions)
    }
}

/// An assertion that verified: its counter (which the caller stores) and what current iOS states
/// in it about the running app.
public struct VerifiedAssertion: Sendable, Equatable {
    /// The assertion's counter.
    public let counter: UInt32
    /// Apple's extensions after the 37 fixed bytes, when present.
    public let extensions: AppleExtensions?
}
