import Foundation

/// A ``PendingLinkStore`` that keeps the record as a small JSON file, written atomically (on one line;
/// `metadata` only when the link has some). A held link's metadata can be a coupon, so the file is
/// readable by its owner only (mode 0600) and, on Apple platforms, protected until the device is
/// first unlocked (`completeUntilFirstUserAuthentication`):
///
/// ```json
/// {"createdAt":"2025-01-01T10:00:00Z","expiresAt":"2025-01-01T11:00:00Z",
///  "metadata":{"coupon":"SAVE10"},"source":"push","url":"shop://orders/7"}
/// ```
public struct FilePendingLinkStore: PendingLinkStore {
    /// The file's path.
    public let path: String

    /// Creates a store at `path`; the file is created on the first save (its folder must exist).
    public init(path: String) {
        self.path = path
    }

    /// Writes the record, replacing the file atomically: a new file created with mode 0600 (and
    /// the platform's file protection), then renamed over the old one.
    ///
    /// - Throws: ``FileWriteError`` when the file cannot be written.
    public func save(_ record: PendingLinkRecord) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        try PrivateFile.write(encoder.encode(record), to: path)
    }

    /// Reads the record; nil when the file does not exist.
    /// - Throws: when the file exists but cannot be read or decoded.
    public func load() throws -> PendingLinkRecord? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(PendingLinkRecord.self, from: data)
    }

    /// Deletes the file, if it exists.
    public func clear() throws {
        guard FileManager.default.fileExists(atPath: path) else { return }
        try FileManager.default.removeItem(atPath: path)
    }
}
