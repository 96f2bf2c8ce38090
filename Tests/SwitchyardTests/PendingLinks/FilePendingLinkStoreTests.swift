import Foundation
import Switchyard
import Testing

@Suite struct FilePendingLinkStoreTests {
    static func record() -> PendingLinkRecord {
        PendingLinkRecord(url: "shop://orders/7", source: .push, metadata: ["coupon": "SAVE10"],
                          createdAt: Date(timeIntervalSince1970: 1_700_000_000), expiresAt: Date(timeIntervalSince1970: 1_700_003_600))
    }

    static func folder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pending-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aHeldLinkIsReadableByItsOwnerOnly() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = FilePendingLinkStore(path: folder + "/pending.json")
        try store.save(Self.record())
        try store.save(Self.record())   // replaced, still 0600
        let attributes = try FileManager.default.attributesOfItem(atPath: store.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try store.load() == Self.record())
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["pending.json"], "no temporary file left")
    }

    @Test func aFailureToSaveIsReportedWithThePath() throws {
        let store = FilePendingLinkStore(path: "/nonexistent-\(UUID().uuidString)/pending.json")
        #expect(throws: FileWriteError.self) { try store.save(Self.record()) }
        do {
            try store.save(Self.record())
        } catch let error as FileWriteError {
            #expect(error.path == store.path)
            #expect(error.description.hasPrefix("could not write \(store.path): "))
        }
    }
}

extension FilePendingLinkStoreTests {
    @Test func aHeldSmartLinkKeepsItsShortLinkAndOldRecordsStillRead() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = FilePendingLinkStore(path: folder + "/pending.json")
        var record = Self.record()
        record.smartLink = SmartLinkReference(code: "Ab3dE9xQ", url: "https://go.example.com/Ab3dE9xQ")
        try store.save(record)
        #expect(try store.load()?.smartLink == record.smartLink)
        // A record written before the field existed.
        try Data(#"{"createdAt":"2023-11-14T22:13:20Z","expiresAt":"2023-11-14T23:13:20Z","source":"push","url":"shop://orders/7"}"#.utf8)
            .write(to: URL(fileURLWithPath: store.path))
        #expect(try store.load()?.smartLink == nil)
        #expect(try store.load()?.url == "shop://orders/7")
    }
}
