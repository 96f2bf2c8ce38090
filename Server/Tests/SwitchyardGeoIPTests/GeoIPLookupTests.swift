import CommandTestSupport
import Foundation
import SwitchyardGeoIP
import SwitchyardRules
import Testing

/// Country lookups and the database's metadata, on a database a PyPI tool writes (scripts/geoip-fixture).
@Suite struct GeoIPLookupTests {
    /// One database for the whole suite, opened once: the reader maps a private copy, so the file
    /// written is removed at once.
    static let database = Result { () throws -> GeoIPDatabase in
        let folder = try TemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let path = folder.url.appendingPathComponent("GeoLite2-Country.mmdb").path
        try GeoIPFixture.write(
            to: path, ["81.2.69.0/24": "GB", "2001:db8::/32": "DE", "203.0.113.0/24": "FR", "10.0.0.0/8": "it"],
            registered: ["198.51.100.0/24": "NL"])
        return try GeoIPDatabase(path: path)
    }

    @Test(arguments: [
        ("81.2.69.160", "GB"),
        ("81.2.69.0", "GB"),
        ("81.2.69.255", "GB"),
        ("81.2.70.1", nil), // next to a network: in none
        ("192.0.2.1", nil),
        ("2001:db8:1234::1", "DE"),
        ("2001:db8::", "DE"),
        ("2001:db9::1", nil),
        ("::ffff:203.0.113.9", "FR"), // IPv4-mapped: the IPv4 address's country
        ("203.0.113.9", "FR"),
        ("198.51.100.4", "NL"), // registered_country when the record has no country
        ("10.20.30.40", "IT"), // uppercased
        ("::", nil),
    ] as [(String, String?)])
    func countryOfAnAddress(_ text: String, _ expected: String?) throws {
        let database = try Self.database.get()
        #expect(database.country(of: try #require(IPAddress(text))) == expected)
    }

    @Test func metadata() throws {
        let database = try Self.database.get()
        #expect(database.databaseType == "GeoLite2-Country")
        #expect(abs(database.buildDate.timeIntervalSinceNow) < 3_600, "\(database.buildDate)")
    }

    @Test func lookupsFromManyTasks() async throws {
        let database = try Self.database.get()
        let answers = await withTaskGroup(of: [String?].self) { group in
            for task in 0..<8 {
                group.addTask {
                    (0..<1_000).map { round in
                        let text = round.isMultiple(of: 2) ? "81.2.69.\(task)" : "2001:db8::\(task)"
                        return database.country(of: IPAddress(text)!)
                    }
                }
            }
            return await group.reduce(into: [String?]()) { $0 += $1 }
        }
        #expect(answers.count == 8_000)
        #expect(Set(answers) == ["GB", "DE"])
    }
}
