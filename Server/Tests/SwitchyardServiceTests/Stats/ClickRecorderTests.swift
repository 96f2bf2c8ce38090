import Foundation
import Logging
import Synchronization
import Testing
@testable import SwitchyardService
@testable import SwitchyardStore

/// The click recorder against the in-memory store: every click recorded from many tasks at once
/// is written, a batch at a time, and clicks wait in the buffer while the store is down.
@Suite struct ClickRecorderTests {
    static let start = Date(timeIntervalSince1970: 1_700_000_000)

    /// The sizes of the batches written, in order.
    final class Batches: Sendable {
        let sizes = Mutex<[Int]>([])
    }

    /// Runs `body` with a recorder whose writer is running, then stops the writer.
    func withRunningRecorder(store: InMemoryLinkStore, batchSize: Int, capacity: Int = 100_000,
                             _ body: (ClickRecorder, Batches) async throws -> Void) async throws {
        let recorder = ClickRecorder(store: store, logger: Logger(label: "test"), batchSize: batchSize,
                                     interval: .seconds(3600), capacity: capacity)
        let batches = Batches()
        recorder.observeWrites { count in batches.sizes.withLock { $0.append(count) } }
        let writer = Task { try await recorder.run() }
        defer { writer.cancel() }
        try await body(recorder, batches)
    }

    func total(_ store: InMemoryLinkStore, code: String) async throws -> Int {
        try await store.clicksPerDay(code: code, since: Self.start - 86_400).reduce(0) { $0 + $1.count }
    }

    @Test func clicksFromManyTasksAreAllWrittenInBatchesOfAtMostTheBatchSize() async throws {
        let store = InMemoryLinkStore()
        try await withRunningRecorder(store: store, batchSize: 50) { recorder, batches in
            await withTaskGroup(of: Void.self) { group in
                for task in 0..<8 {
                    group.addTask {
                        for index in 0..<500 {
                            recorder.record(Click(code: "many", at: Self.start + Double(task * 500 + index) / 1000,
                                                  platform: .ios))
                        }
                    }
                }
            }
            await recorder.flush()
            let written = try await total(store, code: "many")
            #expect(written == 4_000)
            let sizes = batches.sizes.withLock { $0 }
            #expect(sizes.reduce(0, +) == 4_000)
            #expect(sizes.allSatisfy { $0 >= 1 && $0 <= 50 }, "batch sizes \(sizes)")
        }
    }

    /// The write observer used to gain a reabstraction thunk per call: each batch's call was
    /// slower than the last (120,000 batches took 69 s instead of 0.3 s) until the writer
    /// overflowed its stack, and a long-running server crashed. 200,000 batches now take about a
    /// second; before, they crashed or ran past the limit.
    @Test(.timeLimit(.minutes(1)))
    func theWriteObserverIsCalledForEveryBatchOfALongRun() async throws {
        let store = InMemoryLinkStore()
        try await withRunningRecorder(store: store, batchSize: 1) { recorder, batches in
            for index in 0..<200_000 {
                recorder.record(Click(code: "long", at: Self.start + Double(index) / 1000, platform: .ios))
            }
            await recorder.flush()
            let written = try await total(store, code: "long")
            #expect(written == 200_000)
            #expect(batches.sizes.withLock { $0.count } == 200_000)
        }
    }

    @Test func clicksWaitWhileTheStoreIsDownAndTheOldestAreDroppedBeyondTheCapacity() async throws {
        let store = InMemoryLinkStore()
        try await withRunningRecorder(store: store, batchSize: 10, capacity: 25) { recorder, _ in
            await store.setAvailable(false)
            for index in 0..<40 {
                recorder.record(Click(code: "down", at: Self.start + Double(index), platform: .android))
            }
            await recorder.flush()
            await store.setAvailable(true)
            let whileDown = try await total(store, code: "down")
            #expect(whileDown == 0)
            await recorder.flush()
            // The 25 newest were kept and written once the store came back.
            let afterwards = try await total(store, code: "down")
            #expect(afterwards == 25)
        }
    }
}
