import Foundation

/// Writes small files that hold something of the user's (a held link's coupon, the deferred-link
/// check): atomically (a new file, then renamed over the old one), readable by the owner only
/// (mode 0600) and, on iOS, tvOS, watchOS and visionOS, protected until the device is first
/// unlocked after a restart.
enum PrivateFile {
    /// Replaces the file at `path` with `data`.
    /// - Throws: ``FileWriteError`` naming the file and what went wrong.
    static func write(_ data: Data, to path: String) throws(FileWriteError) {
        var attributes: [FileAttributeKey: Any] = [.posixPermissions: 0o600]
        #if canImport(Darwin) && !os(macOS)
        attributes[.protectionKey] = FileProtectionType.completeUntilFirstUserAuthentication
        #endif
        let temporary = path + ".\(UUID().uuidString).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: attributes) else {
            throw FileWriteError(path: path, message: "could not create \(temporary)")
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(atPath: temporary)
            throw FileWriteError(path: path, message: String(cString: strerror(code)))
        }
    }
}
