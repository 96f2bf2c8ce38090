import Foundation
import Switchyard
import Testing

/// How sure the link service was of a link travels with it: exact references carry the code,
/// heuristic ones carry nothing to redeem, and references written before `match` existed read as exact.
@Suite struct SmartLinkReferenceTests {
    @Test func exactReferencesCarryTheCodeAndHeuristicOnesNothing() {
        let exact = SmartLinkReference(code: "Ab3dE9xQ", url: "https://go.example.com/Ab3dE9xQ")
        #expect(exact.match == .exact && exact.code == "Ab3dE9xQ")
        #expect(SmartLinkReference.heuristic.match == .heuristic)
        #expect(SmartLinkReference.heuristic.code == nil && SmartLinkReference.heuristic.url == nil)
    }

    @Test func referencesRoundTripAndOldOnesReadAsExact() throws {
        for reference in [SmartLinkReference(code: "Ab3dE9xQ", url: "https://go.example.com/Ab3dE9xQ"), .heuristic] {
            let data = try JSONEncoder().encode(reference)
            #expect(try JSONDecoder().decode(SmartLinkReference.self, from: data) == reference)
        }
        let old = Data(#"{"code": "Ab3dE9xQ", "url": "https://go.example.com/Ab3dE9xQ"}"#.utf8)
        #expect(try JSONDecoder().decode(SmartLinkReference.self, from: old)
                == SmartLinkReference(code: "Ab3dE9xQ", url: "https://go.example.com/Ab3dE9xQ"))
    }

    /// A held heuristic link keeps its confidence through the pending-link file.
    @Test func aHeldHeuristicLinkStaysHeuristic() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-heuristic-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = FilePendingLinkStore(path: path)
        let record = PendingLinkRecord(url: "shop://product/42", source: .deferred, smartLink: .heuristic,
                                       createdAt: Date(timeIntervalSince1970: 1000), expiresAt: Date(timeIntervalSince1970: 5000))
        try store.save(record)
        #expect(try store.load()?.smartLink == .heuristic)
    }

    @Test func theStandardInstallIDIsGeneratedOnceAndKept() {
        UserDefaults.standard.removeObject(forKey: SmartLinkClient.installIDDefaultsKey)
        let first = SmartLinkClient.standardInstallID()
        #expect(UUID(uuidString: first) != nil)
        #expect(SmartLinkClient.standardInstallID() == first)
        UserDefaults.standard.removeObject(forKey: SmartLinkClient.installIDDefaultsKey)
        #expect(SmartLinkClient.standardInstallID() != first)
    }
}
