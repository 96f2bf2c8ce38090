import CMaxMindDB
public import Foundation
public import Switchyard
public import SwitchyardRules
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The country of a client address, from a MaxMind-format database the operator brings
/// (`--geoip FILE`: GeoLite2 Country, DB-IP's IP to Country Lite, or any database with
/// `country.iso_code`), read with libmaxminddb (memory-mapped, safe from many threads).
///
/// The file is replaced on disk now and then (a monthly download, renamed into place):
/// ``reloadIfChanged()`` opens the new one when the file's identity, size or time has changed, and
/// swaps it in; lookups under way finish on the old one, which is closed after the last.
///
/// ```swift
/// let geoIP = try GeoIPDatabase(path: "/var/lib/geoip/GeoLite2-Country.mmdb")
/// geoIP.country(of: IPAddress("81.2.69.160")!)   // "GB"
/// ```
public final class GeoIPDatabase: CountryLookup, Sendable {
    /// The file read.
    public let path: String
    private let current: Mutex<OpenDatabase>

    /// Opens the database at `path`.
    ///
    /// - Throws: ``GeoIPError`` saying why the file is not one (missing, unreadable, not a MaxMind
    ///   database).
    public init(path: String) throws(GeoIPError) {
        self.path = path
        current = Mutex(try OpenDatabase(path: path))
    }

    /// The database's type as its metadata says (`GeoLite2-Country`, `DBIP-Country-Lite`).
    public var databaseType: String { current.withLock { $0.databaseType } }

    /// When the database was built, as its metadata says.
    public var buildDate: Date { current.withLock { $0.buildDate } }

    /// The address's country (ISO 3166-1 alpha-2, uppercase): the record's `country.iso_code`,
    /// else its `registered_country.iso_code`; nil when the database has no record for it.
    public func country(of address: IPAddress) -> String? {
        let database = current.withLock { $0 }
        return database.country(of: address)
    }

    /// Opens the file again when it has changed since it was opened (another inode, size or
    /// modification time) and swaps it in.
    ///
    /// - Returns: true when a new database was swapped in, false when the file had not changed.
    /// - Throws: ``GeoIPError`` when the changed file does not open; the database in use stays.
    @discardableResult
    public func reloadIfChanged() throws(GeoIPError) -> Bool {
        let stamp = try FileStamp(path: path)
        guard stamp != current.withLock({ $0.stamp }) else { return false }
        let fresh = try OpenDatabase(path: path)
        current.withLock { $0 = fresh }
        return true
    }
}

/// A database file that could not be read, and why.
public struct GeoIPError: CodedError, Sendable, Hashable {
    /// ``ErrorCode/geoIPUnreadable``.
    public var code: Code { .geoIPUnreadable }
    /// What is wrong: `'/x.mmdb' is not a MaxMind database: ...`.
    public let message: String
}

extension ErrorCode<GeoIPError> {
    /// The GeoIP database is missing, unreadable, not a MaxMind database or has no country data.
    public static var geoIPUnreadable: Self { Self(rawValue: "geoip_unreadable") }
}

/// What tells one version of the file from another.
struct FileStamp: Sendable, Hashable {
    let inode: UInt64
    let size: Int64
    let modified: Int64
    let modifiedNanoseconds: Int64

    init(path: String) throws(GeoIPError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw GeoIPError(message: "'\(path)' cannot be read: \(String(cString: strerror(errno)))")
        }
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        #if canImport(Darwin)
        modified = Int64(info.st_mtimespec.tv_sec)
        modifiedNanoseconds = Int64(info.st_mtimespec.tv_nsec)
        #else
        modified = Int64(info.st_mtim.tv_sec)
        modifiedNanoseconds = Int64(info.st_mtim.tv_nsec)
        #endif
    }
}

/// One opened file: libmaxminddb's handle, closed when the last lookup that holds it is done.
final class OpenDatabase: @unchecked Sendable {
    // Written once by MMDB_open, then only read (libmaxminddb's lookups are thread-safe on a
    // memory-mapped database); closed in deinit. Hence @unchecked.
    private let handle: UnsafeMutablePointer<MMDB_s>
    let stamp: FileStamp
    let databaseType: String
    let buildDate: Date

    /// Opens a private copy of the file at `path`: libmaxminddb maps the file it opens, and an
    /// operator who rewrites the database in place (rather than renaming a new one into place)
    /// would change the mapped bytes under running lookups (a crash, or wrong answers). The copy
    /// is unlinked once open, so it goes away with the handle.
    init(path: String) throws(GeoIPError) {
        stamp = try FileStamp(path: path)
        let copy = try Self.privateCopy(of: path)
        defer { unlink(copy) }
        handle = UnsafeMutablePointer<MMDB_s>.allocate(capacity: 1)
        let status = MMDB_open(copy, UInt32(MMDB_MODE_MMAP), handle)
        guard status == MMDB_SUCCESS else {
            handle.deallocate()
            throw GeoIPError(message: "'\(path)' is not a MaxMind database: \(String(cString: MMDB_strerror(status)))")
        }
        databaseType = handle.pointee.metadata.database_type.map { String(cString: $0) } ?? "unknown"
        buildDate = Date(timeIntervalSince1970: TimeInterval(handle.pointee.metadata.build_epoch))
    }

    deinit {
        MMDB_close(handle)
        handle.deallocate()
    }

    /// Copies `path` to a new file in the temporary directory and returns the copy's path.
    static func privateCopy(of path: String) throws(GeoIPError) -> String {
        let contents: Data
        do {
            contents = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw GeoIPError(message: "'\(path)' cannot be read: \(error.localizedDescription)")
        }
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-geoip-\(UUID().uuidString).mmdb")
        do {
            try contents.write(to: copy)
        } catch {
            throw GeoIPError(message: "'\(path)' could not be copied to \(copy.path): \(error.localizedDescription)")
        }
        return copy.path
    }

    func country(of address: IPAddress) -> String? {
        var error: Int32 = 0
        var result: MMDB_lookup_result_s
        if address.isIPv6 {
            var socket = sockaddr_in6()
            socket.sin6_family = sa_family_t(AF_INET6)
            withUnsafeMutableBytes(of: &socket.sin6_addr) { raw in
                for (index, byte) in address.bytes.enumerated() { raw[index] = byte }
            }
            result = withUnsafePointer(to: &socket) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { MMDB_lookup_sockaddr(handle, $0, &error) }
            }
        } else {
            var socket = sockaddr_in()
            socket.sin_family = sa_family_t(AF_INET)
            withUnsafeMutableBytes(of: &socket.sin_addr) { raw in
                for (index, byte) in address.bytes.enumerated() { raw[index] = byte }
            }
            result = withUnsafePointer(to: &socket) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { MMDB_lookup_sockaddr(handle, $0, &error) }
            }
        }
        guard error == MMDB_SUCCESS, result.found_entry else { return nil }
        return isoCode(&result.entry, "country") ?? isoCode(&result.entry, "registered_country")
    }

    /// `<map>.iso_code` of the record, if it is a two-letter string.
    private func isoCode(_ entry: inout MMDB_entry_s, _ map: String) -> String? {
        var data = MMDB_entry_data_s()
        let status = map.withCString { mapName in
            "iso_code".withCString { key in
                var path: [UnsafePointer<CChar>?] = [mapName, key, nil]
                return path.withUnsafeMutableBufferPointer { MMDB_aget_value(&entry, &data, $0.baseAddress) }
            }
        }
        guard status == MMDB_SUCCESS, data.has_data, data.type == UInt32(MMDB_DATA_TYPE_UTF8_STRING), data.data_size == 2,
              let text = data.utf8_string else { return nil }
        let bytes = UnsafeRawBufferPointer(start: text, count: 2)
        guard bytes.allSatisfy({ ($0 | 0x20) >= 97 && ($0 | 0x20) <= 122 }) else { return nil }
        return String(decoding: bytes.map { $0 & ~0x20 }, as: UTF8.self)
    }
}
