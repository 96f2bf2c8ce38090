import CommandTestSupport
import Foundation
import SwitchyardGeoIP
import SwitchyardRules
import Testing

/// The country reader on databases a PyPI tool writes in the test (scripts/geoip-fixture).
@Suite struct GeoIPDatabaseTests {
    static let networks = ["81.2.69.0/24": "GB", "2001:db8::/32": "DE", "203.0.113.0/24": "FR"]

    @Test func countriesOfIPv4AndIPv6Addresses() throws {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("GeoLite2-Country.mmdb").path
        try GeoIPFixture.write(to: path, Self.networks, registered: ["198.51.100.0/24": "NL"])
        let database = try GeoIPDatabase(path: path)
        #expect(database.databaseType == "GeoLite2-Country")
        #expect(database.country(of: IPAddress("81.2.69.160")!) == "GB")
        #expect(database.country(of: IPAddress("2001:db8:1234::1")!) == "DE")
        #expect(database.country(of: IPAddress("::ffff:203.0.113.9")!) == "FR", "an IPv4-mapped address reads as its IPv4 address")
        #expect(database.country(of: IPAddress("198.51.100.4")!) == "NL", "registered_country when there is no country")
        #expect(database.country(of: IPAddress("192.0.2.1")!) == nil, "an address in no network")
        #expect(database.country(of: IPAddress("2001:db9::1")!) == nil)
    }

    @Test func aFileThatIsNoDatabaseIsRefusedBySaying() throws {
        let folder = try TemporaryDirectory()
        let text = folder.url.appendingPathComponent("not.mmdb")
        try Data("hello".utf8).write(to: text)
        #expect(throws: GeoIPError.self) { try GeoIPDatabase(path: text.path) }
        do {
            _ = try GeoIPDatabase(path: text.path)
        } catch {
            #expect(error.message.hasPrefix("'\(text.path)' is not a MaxMind database: "), "\(error.message)")
        }
        do {
            _ = try GeoIPDatabase(path: folder.url.appendingPathComponent("missing.mmdb").path)
            Issue.record("a missing file opened")
        } catch {
            #expect(error.message.hasSuffix("cannot be read: No such file or directory"), "\(error.message)")
        }
    }

    @Test func aReplacedFileIsReloadedAndABrokenOneKeepsTheOld() throws {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("country.mmdb").path
        try GeoIPFixture.write(to: path, ["81.2.69.0/24": "GB"])
        let database = try GeoIPDatabase(path: path)
        let address = IPAddress("81.2.69.1")!
        #expect(try database.reloadIfChanged() == false, "unchanged: nothing to do")

        // Replaced by rename, as a download is put in place.
        let next = folder.url.appendingPathComponent("next.mmdb").path
        try GeoIPFixture.write(to: next, ["81.2.69.0/24": "IE"])
        #expect(rename(next, path) == 0)
        #expect(try database.reloadIfChanged() == true)
        #expect(database.country(of: address) == "IE")

        // Rewritten in place (another size).
        try GeoIPFixture.write(to: path, ["81.2.69.0/24": "FR", "10.0.0.0/8": "DE"])
        #expect(try database.reloadIfChanged() == true)
        #expect(database.country(of: address) == "FR")

        // A broken replacement: the error says so, and the last good database answers.
        try Data("broken".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: GeoIPError.self) { try database.reloadIfChanged() }
        #expect(database.country(of: address) == "FR")
    }

    @Test func lookupsFromManyTasksWhileReloading() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("country.mmdb").path
        let gb = folder.url.appendingPathComponent("gb.mmdb").path, ie = folder.url.appendingPathComponent("ie.mmdb").path
        try GeoIPFixture.write(to: gb, ["81.2.69.0/24": "GB"])
        try GeoIPFixture.write(to: ie, ["81.2.69.0/24": "IE"])
        #expect(link(gb, path) == 0)
        let database = try GeoIPDatabase(path: path)
        let address = IPAddress("81.2.69.77")!
        let answers = try await withThrowingTaskGroup(of: Set<String>.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var seen: Set<String> = []
                    for _ in 0..<2_000 { seen.insert(database.country(of: address) ?? "none") }
                    return seen
                }
            }
            group.addTask {
                for round in 0..<40 {
                    let source = round.isMultiple(of: 2) ? ie : gb
                    let staged = path + ".new"
                    unlink(staged)
                    _ = link(source, staged)
                    _ = rename(staged, path)
                    _ = try? database.reloadIfChanged()
                }
                return []
            }
            var all: Set<String> = []
            for try await seen in group { all.formUnion(seen) }
            return all
        }
        #expect(answers.isSubset(of: ["GB", "IE"]), "\(answers)")
        #expect(!answers.isEmpty)
    }
}
