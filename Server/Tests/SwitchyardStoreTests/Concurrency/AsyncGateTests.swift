import Foundation
@testable import SwitchyardStore
import Synchronization
import Testing

/// The gate in front of SQLite's reader pool: never more bodies at once than its limit, every
/// caller served, in arrival order, and a body's error passed through with its turn given back.
@Suite struct AsyncGateTests {
    /// State shared by the tasks of a test.
    final class Shared<Value: Sendable>: Sendable {
        let value: Mutex<Value>
        init(_ value: Value) { self.value = Mutex(value) }
    }

    @Test func neverMoreThanTheLimitRunAtOnceAndEveryCallerIsServed() async throws {
        let gate = AsyncGate(limit: 3)
        let inside = Shared((now: 0, most: 0))
        let finished = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<200 {
                group.addTask {
                    try await gate.run {
                        inside.value.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
                        try await Task.sleep(for: .microseconds(200))
                        inside.value.withLock { $0.now -= 1 }
                        return index
                    }
                }
            }
            return try await group.reduce(into: Set<Int>()) { $0.insert($1) }
        }
        #expect(finished == Set(0..<200))
        #expect(inside.value.withLock { $0.most } == 3)
        #expect(gate.available == 3)
    }

    @Test func waitersAreAdmittedInArrivalOrder() async throws {
        let gate = AsyncGate(limit: 1)
        let order = Shared<[Int]>([])
        let release = AsyncStream<Void>.makeStream()
        // The first caller holds the only turn until told to leave.
        let stream = release.stream
        let holder = Task { @Sendable in
            try await gate.run {
                for await _ in stream { break }
            }
        }
        while gate.available > 0 { await Task.yield() }
        var waiters: [Task<Void, any Error>] = []
        for index in 0..<5 {
            waiters.append(Task { @Sendable in try await gate.run { order.value.withLock { $0.append(index) } } })
            // Each waiter is queued before the next starts.
            while gate.waiting < index + 1 { try await Task.sleep(for: .milliseconds(1)) }
        }
        release.continuation.yield()
        try await holder.value
        for waiter in waiters { try await waiter.value }
        #expect(order.value.withLock { $0 } == [0, 1, 2, 3, 4])
        #expect(gate.available == 1 && gate.waiting == 0)
    }

    @Test func anErrorIsPassedThroughAndTheTurnGivenBack() async throws {
        struct Failure: Error {}
        let gate = AsyncGate(limit: 1)
        await #expect(throws: Failure.self) { try await gate.run { () throws -> Int in throw Failure() } }
        #expect(gate.available == 1)
        #expect(try await gate.run { 7 } == 7)
    }
}
