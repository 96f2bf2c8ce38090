import CMaxMindDB
import Foundation
import SwitchyardRules
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One opened version of the database file: libmaxminddb's handle, closed when the last lookup
/// that holds it is done.
final class OpenDatabase: @unchecked Sendable {
    // @unchecked: the handle is written once by MMDB_open, then only read (libmaxminddb's lookups
    // on a memory-mapped database are thread-safe), and closed in deinit, after the last reader.
    private let handle: UnsafeMutablePointer<MMDB_s>
    /// The version of the file these bytes are.
    let stamp: FileStamp
    /// The metadata's `database_type`.
    let databaseType: String
    /// The metadata's `build_epoch`.
    let buildDate: Date

    /// Opens a private copy of the file at `path` (see ``PrivateCopy``), refusing a file that is no
    /// MaxMind database or holds no country data.
    init(path: String) throws(GeoIPError) {
        let copy = try PrivateCopy(of: path)
        defer { unlink(copy.path) }
        guard copy.stamp.size > 0 else {
            // libmaxminddb says "An attempt to read data from the MaxMind DB file failed" (it cannot map 0 bytes).
            throw GeoIPError(message: "'\(path)' is not a MaxMind database: the file is empty", isAboutContents: true)
        }
        let handle = UnsafeMutablePointer<MMDB_s>.allocate(capacity: 1)
        let status = MMDB_open(copy.path, UInt32(MMDB_MODE_MMAP), handle)
        guard status == MMDB_SUCCESS else {
            handle.deallocate()
            throw GeoIPError(
                message: "'\(path)' is not a MaxMind database: \(String(cString: MMDB_strerror(status)))",
                isAboutContents: true)
        }
        let type = handle.pointee.metadata.database_type.map { String(cString: $0) } ?? ""
        guard Self.hasCountryData(handle) else {
            MMDB_close(handle)
            handle.deallocate()
            throw GeoIPError(
                message: "'\(path)' has no country data: its records have no country.iso_code (database type '\(type)')",
                isAboutContents: true)
        }
        self.handle = handle
        stamp = copy.stamp
        databaseType = type
        buildDate = Date(timeIntervalSince1970: TimeInterval(handle.pointee.metadata.build_epoch))
    }

    deinit {
        MMDB_close(handle)
        handle.deallocate()
    }

    /// The country of `address`: `country.iso_code`, else `registered_country.iso_code`.
    ///
    /// The address goes to libmaxminddb as a socket address built from its bytes (no text on this
    /// path); an IPv4 one is found in an IPv6 database's IPv4 subtree, as libmaxminddb does for a
    /// `sockaddr_in`.
    func country(of address: IPAddress) -> String? {
        var error: Int32 = 0
        var result: MMDB_lookup_result_s
        if address.isIPv6 {
            var socket = sockaddr_in6()
            socket.sin6_family = sa_family_t(AF_INET6)
            withUnsafeMutableBytes(of: &socket.sin6_addr) { $0.copyBytes(from: address.bytes) }
            result = withUnsafePointer(to: socket) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { MMDB_lookup_sockaddr(handle, $0, &error) }
            }
        } else {
            var socket = sockaddr_in()
            socket.sin_family = sa_family_t(AF_INET)
            withUnsafeMutableBytes(of: &socket.sin_addr) { $0.copyBytes(from: address.bytes) }
            result = withUnsafePointer(to: socket) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { MMDB_lookup_sockaddr(handle, $0, &error) }
            }
        }
        // An IPv6 address in an IPv4-only database is an error here, and has no country.
        guard error == MMDB_SUCCESS, result.found_entry else { return nil }
        return Self.countryCode(&result.entry)
    }

    /// `country.iso_code`, else `registered_country.iso_code`, when it is two ASCII letters; uppercased.
    private static func countryCode(_ entry: inout MMDB_entry_s) -> String? {
        isoCode(&entry, in: "country") ?? isoCode(&entry, in: "registered_country")
    }

    private static func isoCode(_ entry: inout MMDB_entry_s, in map: String) -> String? {
        var data = MMDB_entry_data_s()
        let status = map.withCString { map in
            "iso_code".withCString { key in
                withUnsafeTemporaryAllocation(of: UnsafePointer<CChar>?.self, capacity: 3) { path in
                    path[0] = map
                    path[1] = key
                    path[2] = nil
                    return MMDB_aget_value(&entry, &data, path.baseAddress)
                }
            }
        }
        guard status == MMDB_SUCCESS, data.has_data, data.type == UInt32(MMDB_DATA_TYPE_UTF8_STRING),
              data.data_size == 2, let text = data.utf8_string else { return nil }
        let letters = UnsafeRawBufferPointer(start: text, count: 2)
        guard letters.allSatisfy({ (0x61...0x7A).contains($0 | 0x20) }) else { return nil }
        return String(decoding: letters.map { $0 & ~0x20 }, as: UTF8.self)
    }

    /// Whether any record near the start of the search tree has a country: a depth-first walk
    /// (lowest addresses first) that gives up after 100,000 nodes or 1,000 distinct records, so
    /// opening stays quick on any file. A GeoLite2 City or Country file, or DB-IP's, passes at its
    /// first record; an ASN database never does.
    private static func hasCountryData(_ handle: UnsafeMutablePointer<MMDB_s>) -> Bool {
        var pending: [UInt32] = [0]
        var visited = 0
        var records: Set<UInt32> = []
        while let number = pending.popLast(), visited < 100_000, records.count < 1_000 {
            visited += 1
            var node = MMDB_search_node_s()
            guard MMDB_read_node(handle, number, &node) == MMDB_SUCCESS else { continue }
            // Right first, so that the left (lower addresses) is walked first.
            let children = [
                (node.right_record_type, node.right_record, node.right_record_entry),
                (node.left_record_type, node.left_record, node.left_record_entry),
            ]
            for (type, record, entry) in children {
                switch Int32(type) {
                case MMDB_RECORD_TYPE_SEARCH_NODE:
                    pending.append(UInt32(truncatingIfNeeded: record))
                case MMDB_RECORD_TYPE_DATA:
                    guard records.insert(entry.offset).inserted else { continue }
                    var entry = entry
                    if countryCode(&entry) != nil { return true }
                default:
                    continue
                }
            }
        }
        return false
    }
}
