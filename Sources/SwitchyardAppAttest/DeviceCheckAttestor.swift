#if canImport(DeviceCheck) && canImport(CryptoKit) && canImport(Security)
public import Foundation
public import Switchyard
import CryptoKit
import DeviceCheck
import Security

/// App Attest on this device for ``SmartLinkClient``: `DCAppAttestService` makes and attests the
/// install's key and signs its redeems; the key id is kept in the keychain (this device only,
/// after first unlock), so the install attests once.
///
/// ```swift
/// let client = SmartLinkClient(service: service, appKey: key, table: table, attestor: DeviceCheckAttestor())
/// if !client.attestsInstall { print("App Attest is not supported here: redeems carry no proof") }
/// ```
///
/// What leaves the device: the key id, the attestation object (Apple's certificate chain for the
/// key, with the app id and a receipt) once, and for each redeem an assertion (a signature and a
/// counter). No device identifier, no user data.
public struct DeviceCheckAttestor: InstallAttestor {
    /// The keychain service under which the key id is kept.
    public let keychainService: String

    /// An attestor keeping its key id under `keychainService`.
    public init(keychainService: String = "io.switchyard.appattest") {
        self.keychainService = keychainService
    }

    /// Whether `DCAppAttestService` works here (false on the simulator).
    public var isSupported: Bool { DCAppAttestService.shared.isSupported }

    /// A new Secure Enclave key's id.
    public func generateKey() async throws -> String {
        try await DCAppAttestService.shared.generateKey()
    }

    /// The attestation object for `keyID` over SHA-256 of `clientData`.
    public func attestKey(_ keyID: String, clientData: Data) async throws -> Data {
        try await DCAppAttestService.shared.attestKey(keyID, clientDataHash: Data(SHA256.hash(data: clientData)))
    }

    /// An assertion of `keyID` over SHA-256 of `clientData`. A key the device no longer has
    /// (`DCError.invalidKey`: after a reinstall the keychain keeps the id, not the key) is
    /// forgotten here; ``SmartLinkClient`` then attests a new one.
    public func generateAssertion(_ keyID: String, clientData: Data) async throws -> Data {
        do {
            return try await DCAppAttestService.shared.generateAssertion(keyID, clientDataHash: Data(SHA256.hash(data: clientData)))
        } catch let error as DCError where error.code == .invalidKey {
            if storedKeyID() == keyID { try storeKeyID(nil) }
            throw error
        }
    }

    /// The key id in the keychain, or nil.
    public func storedKeyID() -> String? {
        var query = itemQuery
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var item: CFTypeRef?
        guard SecItemCopyMatching(query as CFDictionary, &item) == errSecSuccess, let data = item as? Data else { return nil }
        return String(data: data, encoding: .utf8)
    }

    /// Replaces the key id in the keychain (nil deletes it).
    /// - Throws: ``KeychainError`` with the `OSStatus` when the keychain refuses the delete or the add.
    public func storeKeyID(_ keyID: String?) throws {
        let deleted = SecItemDelete(itemQuery as CFDictionary)
        guard deleted == errSecSuccess || deleted == errSecItemNotFound else {
            throw KeychainError(operation: "SecItemDelete", status: deleted)
        }
        guard let keyID else { return }
        var attributes = itemQuery
        attributes[kSecValueData as String] = Data(keyID.utf8)
        attributes[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
        let added = SecItemAdd(attributes as CFDictionary, nil)
        guard added == errSecSuccess else { throw KeychainError(operation: "SecItemAdd", status: added) }
    }

    /// A keychain call that failed: which one, and the `OSStatus` it answered.
    public struct KeychainError: LocalizedError, Sendable, Hashable {
        /// The call: `SecItemAdd` or `SecItemDelete`.
        public let operation: String
        /// The `OSStatus` it answered (`errSecInteractionNotAllowed` while the device is locked, say).
        public let status: Int32

        /// `SecItemAdd failed with OSStatus -25308`.
        public var errorDescription: String? { "\(operation) failed with OSStatus \(status)" }
    }

    private var itemQuery: [String: Any] {
        [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: keychainService,
         kSecAttrAccount as String: "app-attest-key-id"]
    }
}
#endif
