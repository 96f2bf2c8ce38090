public import Foundation

/// What App Attest needs from the device, behind a protocol so that ``SmartLinkClient``'s flow is
/// the same (and tested) everywhere: on iOS, `SwitchyardAppAttest`'s `DeviceCheckAttestor` wraps
/// `DCAppAttestService` and keeps the key id in the keychain.
///
/// The client hands over client data, never a hash: the attestor signs SHA-256 of it, as
/// `DCAppAttestService` takes a client data hash.
public protocol InstallAttestor: Sendable {
    /// Whether this device can attest keys (false on the simulator and devices without the Secure Enclave).
    var isSupported: Bool { get }
    /// Makes a new key pair in the Secure Enclave and returns its key id.
    func generateKey() async throws -> String
    /// Attests `keyID` with Apple's servers over SHA-256 of `clientData`: the attestation object.
    func attestKey(_ keyID: String, clientData: Data) async throws -> Data
    /// Signs SHA-256 of `clientData` with `keyID`: the assertion object.
    func generateAssertion(_ keyID: String, clientData: Data) async throws -> Data
    /// The key id this install attested, kept across launches; nil before the first attestation.
    func storedKeyID() -> String?
    /// Keeps `keyID` across launches; nil forgets it (the next redeem attests a new key).
    /// - Throws: when the store (the keychain) refuses the write: ``SmartLinkClient`` reports it.
    func storeKeyID(_ keyID: String?) throws
}
