import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Switchyard
@testable import SwitchyardService
import SwitchyardStore
import Synchronization
import Testing

/// Opens of codes not cached: the misses of opens that arrive together are read in batches, each
/// open answered with its own link; with the cache off each open reads for itself.
@Suite struct OpenLinkCacheMissTests {
    /// Opens of many codes not cached, at once, each answered with its own link (the misses are
    /// read in batches, a batch's links handed to the opens of their codes); codes that do not
    /// exist among them are not found.
    @Test(arguments: StoreKind.available)
    func opensOfManyCodesNotCachedEachGetTheirOwnLink(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, _ in
            let codes = (0..<40).map { "burst\($0)" }
            for code in codes {
                _ = try await client.create(#"{"route": "about/team", "alias": "\#(code)", "fallbacks": {"web": "https://shop.example.com/\#(code)"}}"#)
            }
            let asked = codes + ["absent1", "absent2"]
            let answers = try await withThrowingTaskGroup(of: (String, Int, String?).self) { group in
                for code in asked + asked {
                    group.addTask {
                        let response = try await client.open(code, userAgent: nil)
                        return (code, Int(response.status.code), response.headers[.location])
                    }
                }
                return try await group.reduce(into: [(String, Int, String?)]()) { $0.append($1) }
            }
            #expect(answers.count == asked.count * 2)
            for (code, status, location) in answers {
                if code.hasPrefix("absent") {
                    #expect(status == 404, "\(code)")
                } else {
                    #expect(status == 302, "\(code)")
                    #expect(location == "https://shop.example.com/\(code)", "\(code)")
                }
            }
        }
    }

    /// A code not cached is read with the codes other opens missed meanwhile (``BatchedReads``,
    /// tested on its own); with the cache off each open reads for itself, so it sees every change.
    @Test func missesAreReadInBatchesUnlessTheCacheIsOff() async throws {
        for (lifetime, batchSize, batched) in [(Duration.seconds(2), 1, 1), (.seconds(2), 250, 1), (.zero, 250, 0)] {
            let cache = OpenLinkCache(lifetime: lifetime, capacity: 10, missBatchSize: batchSize)
            #expect(cache.misses.batchSize == batchSize)
            let reading = Mutex(-1)
            let opened = try await cache.readMissing(code: "abc") { codes in
                #expect(codes == ["abc"])
                reading.withLock { $0 = cache.misses.reading }
                return [:]
            }
            #expect(opened == nil)
            #expect(reading.withLock { $0 } == batched, "lifetime \(lifetime), batches of \(batchSize)")
            #expect(cache.misses.reading == 0)
        }
    }
}
