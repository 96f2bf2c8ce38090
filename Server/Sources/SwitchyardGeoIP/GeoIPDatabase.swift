public import Foundation
public import SwitchyardRules
import Synchronization

/// The country of a client address, from a MaxMind-format database the operator brings
/// (`--geoip FILE`: GeoLite2 Country or City, DB-IP's IP to Country Lite, or any database whose
/// records have `country.iso_code`), read with libmaxminddb: memory-mapped, safe from many tasks.
///
/// The file is replaced on disk now and then (a monthly download renamed into place, sometimes a
/// rewrite in place): ``reloadIfChanged()`` opens the new version and swaps it in. Lookups under
/// way finish on the old one, which is closed after the last of them.
///
/// ```swift
/// let geoIP = try GeoIPDatabase(path: "/var/lib/geoip/GeoLite2-Country.mmdb")
/// geoIP.country(of: IPAddress("81.2.69.160")!)   // "GB"
/// ```
public final class GeoIPDatabase: CountryLookup, Sendable {
    /// The file read.
    public let path: String
    private let state: Mutex<State>
    /// Held through a whole reload, so that two callers never open the same file twice or swap an
    /// older version in after a newer one. Lookups never take it.
    private let reloading = Mutex(())

    private struct State: Sendable {
        /// The version in use.
        var database: OpenDatabase
        /// The last version of the file refused for its contents, so that it is reported once.
        var refused: FileStamp?
    }

    /// Opens the database at `path`.
    ///
    /// libmaxminddb maps a private copy of the file, made in the temporary folder and unlinked at
    /// once, so that a rewrite in place cannot change the bytes under a lookup; it takes the file's
    /// size there (or in memory, where the temporary folder is a tmpfs) while the database is open.
    ///
    /// - Throws: ``GeoIPError`` saying why the file is not one: `'/x.mmdb' cannot be read: No such
    ///   file or directory`, `'/x.mmdb' is not a MaxMind database: ...`, `'/x.mmdb' has no country
    ///   data: ...` (an ASN database, say), `'/x.mmdb' could not be copied to the temporary folder: ...`.
    public init(path: String) throws(GeoIPError) {
        self.path = path
        state = Mutex(State(database: try OpenDatabase(path: path)))
    }

    /// The database's type as its metadata says (`GeoLite2-Country`, `DBIP-Country-Lite`).
    public var databaseType: String { state.withLock { $0.database.databaseType } }

    /// When the database in use was built, as its metadata says (`build_epoch`).
    public var buildDate: Date { state.withLock { $0.database.buildDate } }

    /// The address's country (ISO 3166-1 alpha-2, uppercase): the record's `country.iso_code`,
    /// else its `registered_country.iso_code`; nil when the database has no record for it, or none
    /// with a two-letter code.
    ///
    /// - Complexity: O(1): a walk of at most 128 tree nodes and two map look-ups, with no text
    ///   formatting and one brief lock to take the database in use.
    public func country(of address: IPAddress) -> String? {
        let database = state.withLock { $0.database }
        return database.country(of: address)
    }

    /// Opens the file again when it has changed since the version in use was read (another inode,
    /// size or modification time), and swaps the new version in; lookups under way finish on the
    /// old one. Call it every few seconds from a background task.
    ///
    /// A version that does not open keeps the database in use, and is reported by throwing, once:
    /// the same version refused for its contents (not a database, no country data) reads as
    /// unchanged on later calls, until the file changes again. A file that cannot be read (missing,
    /// say) throws on every call.
    ///
    /// - Returns: true when a new version was swapped in, false when there was nothing new.
    /// - Throws: ``GeoIPError`` when the file changed and does not open.
    @discardableResult
    public func reloadIfChanged() throws(GeoIPError) -> Bool {
        try reloading.withLock { _ throws(GeoIPError) -> Bool in
            let stamp = try FileStamp(path: path)
            guard !state.withLock({ $0.database.stamp == stamp || $0.refused == stamp }) else { return false }
            let fresh: OpenDatabase
            do throws(GeoIPError) {
                fresh = try OpenDatabase(path: path)
            } catch {
                if error.isAboutContents { state.withLock { $0.refused = stamp } }
                throw error
            }
            let old = state.withLock { state in
                defer { state = State(database: fresh) }
                return state.database
            }
            // The old version is released here, out of the lock: closed now, or by the last lookup
            // that still holds it.
            _ = old
            return true
        }
    }
}
