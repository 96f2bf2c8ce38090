import CommandTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files these tests make: country databases through `GeoIPFixture` (CommandTestSupport), and
/// the rest through `scripts/geoip-fixture` directly.
enum GeoIPTestFiles {
    /// `scripts/geoip-fixture`, in the repository.
    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/geoip-fixture")

    /// Writes a GeoLite2-ASN-shaped database (autonomous systems, no countries) at `path`.
    static func writeASNDatabase(to path: String) throws {
        let arguments = [path, "--type", "GeoLite2-ASN", "--asn", "81.2.69.0/24=64496", "--asn", "2001:db8::/32=64497"]
        let run = try Switchyard.run(arguments, executable: script)
        guard run.status == 0 else { throw GeoIPTestFileError(description: "scripts/geoip-fixture failed: \(run)") }
    }

    /// Writes a country database next to `path`, then renames it over `path`, as an operator puts
    /// a download in place.
    static func replace(_ path: String, with networks: [String: String]) throws {
        let staged = path + ".download"
        try GeoIPFixture.write(to: staged, networks)
        try renameOver(path, from: staged)
    }

    /// Renames `source` over `path`.
    static func renameOver(_ path: String, from source: String) throws {
        guard rename(source, path) == 0 else {
            throw GeoIPTestFileError(description: "rename \(source) \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// The inode of the file at `path`.
    static func inode(of path: String) -> UInt64 {
        var info = stat()
        return stat(path, &info) == 0 ? UInt64(info.st_ino) : 0
    }

    struct GeoIPTestFileError: Error, CustomStringConvertible {
        let description: String
    }
}
