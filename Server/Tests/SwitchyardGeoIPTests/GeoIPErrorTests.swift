import CommandTestSupport
import Foundation
import Switchyard
import SwitchyardGeoIP
import Testing

/// What a file that is no country database is told: the message names the file and the reason.
@Suite struct GeoIPErrorTests {
    @Test func aMissingFile() throws {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("missing.mmdb").path
        let error = #expect(throws: GeoIPError.self) { try GeoIPDatabase(path: path) }
        #expect(error?.message == "'\(path)' cannot be read: No such file or directory")
        #expect(error?.code == .geoIPUnreadable)
        #expect(error?.code.rawValue == "geoip_unreadable")
    }

    @Test func aFolder() throws {
        let folder = try TemporaryDirectory()
        let error = #expect(throws: GeoIPError.self) { try GeoIPDatabase(path: folder.url.path) }
        #expect(error?.message == "'\(folder.url.path)' cannot be read: Is a directory")
    }

    @Test(arguments: [
        (Data("hello, this is no database\n".utf8), "The MaxMind DB file contains invalid metadata"),
        (Data(repeating: 0xAB, count: 100_000), "The MaxMind DB file contains invalid metadata"),
        (Data(), "the file is empty"),
    ])
    func aFileThatIsNoMaxMindDatabase(_ contents: Data, _ reason: String) throws {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("GeoLite2-Country.mmdb").path
        try contents.write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: GeoIPError.self) { try GeoIPDatabase(path: path) }
        #expect(error?.message == "'\(path)' is not a MaxMind database: \(reason)")
    }

    @Test func aDatabaseWithoutCountries() throws {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("GeoLite2-ASN.mmdb").path
        try GeoIPTestFiles.writeASNDatabase(to: path)
        let error = #expect(throws: GeoIPError.self) { try GeoIPDatabase(path: path) }
        #expect(error?.message
            == "'\(path)' has no country data: its records have no country.iso_code (database type 'GeoLite2-ASN')")
    }

    @Test func anErrorMatchesItsCode() throws {
        do {
            _ = try GeoIPDatabase(path: "/nonexistent/GeoLite2-Country.mmdb")
            Issue.record("a missing file opened")
        } catch GeoIPError.Code.geoIPUnreadable {
            // matched
        } catch {
            Issue.record("\(error)")
        }
    }
}
