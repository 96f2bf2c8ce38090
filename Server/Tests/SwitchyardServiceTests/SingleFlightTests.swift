import Foundation
import Synchronization
import Testing
@testable import SwitchyardService

/// One operation per key at a time: callers that arrive while it runs share its result.
@Suite struct SingleFlightTests {
    /// Counts the operations run, and holds each one until released.
    final class Probe: Sendable {
        let started = Mutex(0)
        let release: AsyncStream<Void>
        let releaser: AsyncStream<Void>.Continuation

        init() { (release, releaser) = AsyncStream.makeStream(bufferingPolicy: .unbounded) }

        /// Counts a start, then waits for one release.
        func operation(_ value: String) async -> String {
            started.withLock { $0 += 1 }
            var iterator = release.makeAsyncIterator()
            _ = await iterator.next()
            return value
        }
    }

    /// Waits until `condition` holds, for 10 s at most.
    func eventually(_ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while !condition(), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(1)) }
        try #require(condition())
    }

    @Test func callersDuringARunShareItsResult() async throws {
        let flights = SingleFlight<String>()
        let probe = Probe()
        try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<50 {
                group.addTask { try await flights.run(key: "abc") { await probe.operation("link") } }
            }
            try await eventually { flights.waiting(for: "abc") == 49 }
            #expect(probe.started.withLock { $0 } == 1)
            probe.releaser.yield()
            var answers: [String] = []
            for try await answer in group { answers.append(answer) }
            #expect(answers == Array(repeating: "link", count: 50))
        }
        #expect(flights.running == 0)
        // Once it has finished, the next caller runs the operation again.
        probe.releaser.yield()
        #expect(try await flights.run(key: "abc") { await probe.operation("again") } == "again")
        #expect(probe.started.withLock { $0 } == 2)
    }

    @Test func keysRunSeparately() async throws {
        let flights = SingleFlight<String>()
        let probe = Probe()
        try await withThrowingTaskGroup(of: String.self) { group in
            group.addTask { try await flights.run(key: "a") { await probe.operation("A") } }
            group.addTask { try await flights.run(key: "b") { await probe.operation("B") } }
            try await eventually { probe.started.withLock { $0 } == 2 }
            #expect(flights.running == 2)
            probe.releaser.yield()
            probe.releaser.yield()
            var answers: Set<String> = []
            for try await answer in group { answers.insert(answer) }
            #expect(answers == ["A", "B"])
        }
    }

    struct Unavailable: Error, Equatable {}

    @Test func aFailureReachesEveryWaiter() async throws {
        let flights = SingleFlight<String>()
        let probe = Probe()
        let failures = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<10 {
                group.addTask {
                    do {
                        _ = try await flights.run(key: "abc") {
                            _ = await probe.operation("")
                            throw Unavailable()
                        }
                        return false
                    } catch {
                        return error is Unavailable
                    }
                }
            }
            try await eventually { flights.waiting(for: "abc") == 9 }
            probe.releaser.yield()
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(failures == 10)
        #expect(probe.started.withLock { $0 } == 1)
    }

    @Test func aCancelledRunnerDoesNotFailTheOthers() async throws {
        let flights = SingleFlight<String>()
        let probe = Probe()
        // The runner's operation ends in a cancellation (its client went away); the waiter runs
        // the operation itself.
        let runner = Task {
            try await flights.run(key: "abc") {
                _ = await probe.operation("")
                throw CancellationError()
            }
        }
        try await eventually { probe.started.withLock { $0 } == 1 }
        let waiter = Task { try await flights.run(key: "abc") { await probe.operation("link") } }
        try await eventually { flights.waiting(for: "abc") == 1 }
        probe.releaser.yield()
        await #expect(throws: CancellationError.self) { try await runner.value }
        try await eventually { probe.started.withLock { $0 } == 2 }
        probe.releaser.yield()
        #expect(try await waiter.value == "link")
    }
}
