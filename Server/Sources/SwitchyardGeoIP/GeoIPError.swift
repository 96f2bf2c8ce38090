public import Switchyard

/// A country database that could not be opened, and why: the file is missing or unreadable, is no
/// MaxMind database, or holds no country data.
///
/// ```swift
/// do {
///     let geoIP = try GeoIPDatabase(path: path)
/// } catch {
///     print(error.message)   // '/x.mmdb' is not a MaxMind database: The MaxMind DB file contains invalid metadata
/// }
/// ```
public struct GeoIPError: CodedError, Sendable, Hashable {
    /// ``ErrorCode/geoIPUnreadable``.
    public var code: Code { .geoIPUnreadable }
    /// What is wrong, naming the file: `'/x.mmdb' cannot be read: No such file or directory`.
    public let message: String

    /// Whether the file itself is at fault (not a database, no country data), rather than reading
    /// it (a missing file, a full temporary folder): a reload reports the former once per version
    /// of the file, and retries the latter.
    let isAboutContents: Bool

    init(message: String, isAboutContents: Bool = false) {
        self.message = message
        self.isAboutContents = isAboutContents
    }
}

extension ErrorCode<GeoIPError> {
    /// The GeoIP database is missing, unreadable, not a MaxMind database or has no country data.
    public static var geoIPUnreadable: Self { Self(rawValue: "geoip_unreadable") }
}
