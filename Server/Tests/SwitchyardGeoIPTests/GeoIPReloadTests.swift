import CommandTestSupport
import Foundation
import SwitchyardGeoIP
import SwitchyardRules
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A database file replaced on disk while the service runs: by rename, in place, by a broken file.
@Suite struct GeoIPReloadTests {
    let folder: TemporaryDirectory
    let path: String
    let address = IPAddress("81.2.69.1")!

    init() throws {
        folder = try TemporaryDirectory()
        path = folder.url.appendingPathComponent("GeoLite2-Country.mmdb").path
        try GeoIPFixture.write(to: path, ["81.2.69.0/24": "GB"])
    }

    @Test func anUnchangedFileIsNotReopened() throws {
        let database = try GeoIPDatabase(path: path)
        #expect(try database.reloadIfChanged() == false)
        #expect(try database.reloadIfChanged() == false)
        #expect(database.country(of: address) == "GB")
    }

    @Test func aFileRenamedIntoPlace() throws {
        let database = try GeoIPDatabase(path: path)
        try GeoIPTestFiles.replace(path, with: ["81.2.69.0/24": "IE"])
        #expect(try database.reloadIfChanged() == true)
        #expect(database.country(of: address) == "IE")
        #expect(try database.reloadIfChanged() == false, "once read, the new file is the known one")
    }

    @Test func aFileRewrittenInPlace() throws {
        let database = try GeoIPDatabase(path: path)
        let inode = GeoIPTestFiles.inode(of: path)
        try GeoIPFixture.write(to: path, ["81.2.69.0/24": "FR"])
        #expect(GeoIPTestFiles.inode(of: path) == inode, "the same file, rewritten")
        #expect(try database.reloadIfChanged() == true)
        #expect(database.country(of: address) == "FR")
    }

    /// The reader maps a private copy: a file truncated in place under it changes no answer
    /// (mapping the original, the lookup finds nothing, or faults with SIGBUS past the first page).
    @Test func aFileTruncatedUnderAnOpenDatabase() throws {
        let database = try GeoIPDatabase(path: path)
        #expect(truncate(path, 16) == 0)
        #expect(database.country(of: address) == "GB")
        #expect(unlink(path) == 0)
        #expect(database.country(of: address) == "GB")
    }

    @Test func aBrokenReplacementKeepsTheDatabaseInUseAndIsReportedOnce() throws {
        let database = try GeoIPDatabase(path: path)
        let broken = path + ".download"
        try Data("not a database".utf8).write(to: URL(fileURLWithPath: broken))
        try GeoIPTestFiles.renameOver(path, from: broken)
        let error = #expect(throws: GeoIPError.self) { try database.reloadIfChanged() }
        #expect(error?.message == "'\(path)' is not a MaxMind database: The MaxMind DB file contains invalid metadata")
        #expect(database.country(of: address) == "GB")
        #expect(try database.reloadIfChanged() == false, "the same broken file is reported once")
        #expect(database.country(of: address) == "GB")

        try GeoIPTestFiles.replace(path, with: ["81.2.69.0/24": "IE"])
        #expect(try database.reloadIfChanged() == true, "a good file after a broken one")
        #expect(database.country(of: address) == "IE")
    }

    @Test func aDatabaseWithoutCountriesIsNoReplacement() throws {
        let database = try GeoIPDatabase(path: path)
        let asn = path + ".download"
        try GeoIPTestFiles.writeASNDatabase(to: asn)
        try GeoIPTestFiles.renameOver(path, from: asn)
        #expect(throws: GeoIPError.self) { try database.reloadIfChanged() }
        #expect(database.country(of: address) == "GB")
        #expect(database.databaseType == "GeoLite2-Country")
    }

    @Test func aMissingFileIsReportedEachTimeUntilItIsBack() throws {
        let database = try GeoIPDatabase(path: path)
        let aside = path + ".aside"
        try GeoIPTestFiles.renameOver(aside, from: path)
        for _ in 0..<2 {
            let error = #expect(throws: GeoIPError.self) { try database.reloadIfChanged() }
            #expect(error?.message == "'\(path)' cannot be read: No such file or directory")
            #expect(database.country(of: address) == "GB")
        }
        try GeoIPTestFiles.renameOver(path, from: aside)
        #expect(try database.reloadIfChanged() == false, "the same file back: nothing new")
    }

    @Test func lookupsFromManyTasksWhileReloading() async throws {
        let gb = path + ".gb", ie = path + ".ie"
        try GeoIPFixture.write(to: gb, ["81.2.69.0/24": "GB"])
        try GeoIPFixture.write(to: ie, ["81.2.69.0/24": "IE"])
        let database = try GeoIPDatabase(path: path)
        let (path, address) = (path, address)
        let (answers, reloads) = try await withThrowingTaskGroup(of: (Set<String?>, Int).self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var seen: Set<String?> = []
                    for _ in 0..<5_000 { seen.insert(database.country(of: address)) }
                    return (seen, 0)
                }
            }
            group.addTask {
                // Hard links renamed into place: each round is another inode, so always a change.
                var reloads = 0
                for round in 0..<40 {
                    let staged = path + ".staged"
                    unlink(staged)
                    guard link(round.isMultiple(of: 2) ? ie : gb, staged) == 0 else { throw CancellationError() }
                    try GeoIPTestFiles.renameOver(path, from: staged)
                    if try database.reloadIfChanged() { reloads += 1 }
                }
                return ([], reloads)
            }
            return try await group.reduce(into: (Set<String?>(), 0)) { $0.0.formUnion($1.0); $0.1 += $1.1 }
        }
        #expect(reloads == 40)
        #expect(!answers.isEmpty && answers.isSubset(of: ["GB", "IE"]), "\(answers)")
        #expect(database.country(of: address) == "GB", "the last file renamed into place")
    }
}
