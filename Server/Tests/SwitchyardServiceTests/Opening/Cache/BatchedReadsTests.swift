import Foundation
import Synchronization
import Testing
@testable import SwitchyardService

/// Keys read in batches: callers that ask while reads run share them, and the keys asked for
/// meanwhile are read together.
@Suite struct BatchedReadsTests {
    /// Records each read's keys, and holds each read until released.
    final class Probe: Sendable {
        let reads = Mutex([[String]]())
        let release: AsyncStream<Void>
        let releaser: AsyncStream<Void>.Continuation

        init() { (release, releaser) = AsyncStream.makeStream(bufferingPolicy: .unbounded) }

        var started: Int { reads.withLock { $0.count } }

        /// Records the keys, waits for one release, then answers every key but those in `missing`
        /// with its value in capitals.
        func read(_ keys: [String], missing: Set<String> = []) async -> [String: String] {
            reads.withLock { $0.append(keys) }
            var iterator = release.makeAsyncIterator()
            _ = await iterator.next()
            var values: [String: String] = [:]
            for key in keys where !missing.contains(key) { values[key] = key.uppercased() }
            return values
        }
    }

    /// Waits until `condition` holds; the three minutes are a liveness bound, not a timing.
    func eventually(_ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(180)
        while !condition(), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(1)) }
        try #require(condition())
    }

    @Test func callersOfOneKeyShareItsRead() async throws {
        let reads = BatchedReads<String>()
        let probe = Probe()
        try await withThrowingTaskGroup(of: String?.self) { group in
            for _ in 0..<50 {
                group.addTask { try await reads.value(for: "abc") { await probe.read($0) } }
            }
            try await eventually { reads.waiting(for: "abc") == 49 }
            #expect(probe.started == 1)
            probe.releaser.yield()
            var answers: [String?] = []
            for try await answer in group { answers.append(answer) }
            #expect(answers == Array(repeating: "ABC", count: 50))
        }
        #expect(reads.reading == 0)
        // Once it has been answered, the next caller reads the key again.
        probe.releaser.yield()
        #expect(try await reads.value(for: "abc") { await probe.read($0) } == "ABC")
        #expect(probe.reads.withLock { $0 } == [["abc"], ["abc"]])
    }

    @Test func keysAskedForDuringReadsAreReadTogether() async throws {
        let reads = BatchedReads<String>(batchSize: 3, concurrentReads: 2)
        let probe = Probe()
        let keys = ["a", "b", "c", "d", "e", "f", "g", "h"]
        try await withThrowingTaskGroup(of: (String, String?).self) { group in
            // The first two keys start a read each; the other six wait for one to end.
            for key in keys.prefix(2) {
                group.addTask { (key, try await reads.value(for: key) { await probe.read($0, missing: ["e"]) }) }
            }
            try await eventually { probe.started == 2 }
            for key in keys.dropFirst(2) {
                group.addTask { (key, try await reads.value(for: key) { await probe.read($0, missing: ["e"]) }) }
                try await eventually { reads.waiting(for: key) == 1 }
            }
            #expect(reads.reading == 2)
            #expect(probe.started == 2)
            // Each read that ends hands the next three queued keys to one of their callers.
            for _ in 0..<4 { probe.releaser.yield() }
            var answers: [String: String?] = [:]
            for try await (key, answer) in group { answers[key] = answer }
            #expect(answers.count == keys.count)
            for key in keys { #expect(answers[key] == (key == "e" ? nil : key.uppercased()), "\(key)") }
        }
        let batches = probe.reads.withLock { $0 }
        #expect(batches.count == 4)
        #expect(Set(batches.prefix(2)) == [["a"], ["b"]])
        #expect(Set(batches.dropFirst(2)) == [["c", "d", "e"], ["f", "g", "h"]])
        #expect(reads.reading == 0)
    }

    struct Unavailable: Error, Equatable {}

    @Test func aFailureReachesEveryCallerOfTheBatch() async throws {
        let reads = BatchedReads<String>(batchSize: 10, concurrentReads: 1)
        let probe = Probe()
        let failures = try await withThrowingTaskGroup(of: Bool.self) { group in
            let ask = { @Sendable (key: String) async -> Bool in
                do {
                    _ = try await reads.value(for: key) { keys in
                        _ = await probe.read(keys)
                        throw Unavailable()
                    }
                    return false
                } catch {
                    return error is Unavailable
                }
            }
            // The first read, of "a" alone, fails both its callers; the second, of the keys asked
            // for meanwhile, fails theirs.
            group.addTask { await ask("a") }
            try await eventually { probe.started == 1 }
            for key in ["a", "b", "c", "c"] { group.addTask { await ask(key) } }
            try await eventually {
                reads.waiting(for: "a") == 1 && reads.waiting(for: "b") == 1 && reads.waiting(for: "c") == 2
            }
            probe.releaser.yield()
            try await eventually { probe.started == 2 }
            probe.releaser.yield()
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(failures == 5)
        let batches = probe.reads.withLock { $0 }
        #expect(batches.count == 2)
        #expect(batches.first == ["a"])
        #expect(Set(batches.last ?? []) == ["b", "c"])
        #expect(reads.reading == 0)
    }

    @Test func aCancelledReaderDoesNotFailTheOthers() async throws {
        let reads = BatchedReads<String>(batchSize: 10, concurrentReads: 1)
        let probe = Probe()
        // The reader's read ends in a cancellation (its client went away): the keys of its batch
        // that others wait for are read again, by one of them.
        let reader = Task {
            try await reads.value(for: "abc") { keys in
                _ = await probe.read(keys)
                throw CancellationError()
            }
        }
        try await eventually { probe.started == 1 }
        let sameKey = Task { try await reads.value(for: "abc") { await probe.read($0) } }
        let otherKey = Task { try await reads.value(for: "xyz") { await probe.read($0) } }
        try await eventually { reads.waiting(for: "abc") == 1 && reads.waiting(for: "xyz") == 1 }
        probe.releaser.yield()
        await #expect(throws: CancellationError.self) { try await reader.value }
        try await eventually { probe.started == 2 }
        probe.releaser.yield()
        #expect(try await sameKey.value == "ABC")
        #expect(try await otherKey.value == "XYZ")
        // The key the cancelled read had goes first, then the one queued behind it, in one read.
        #expect(probe.reads.withLock { $0 } == [["abc"], ["abc", "xyz"]])
        #expect(reads.reading == 0)
    }

    @Test func aCancelledReaderAloneLeavesNothingQueued() async throws {
        let reads = BatchedReads<String>(batchSize: 10, concurrentReads: 1)
        await #expect(throws: CancellationError.self) {
            try await reads.value(for: "abc") { _ in throw CancellationError() }
        }
        #expect(reads.reading == 0)
        #expect(reads.waiting(for: "abc") == 0)
        // The key is read again by the next caller.
        #expect(try await reads.value(for: "abc") { keys in Dictionary(uniqueKeysWithValues: keys.map { ($0, "again") }) } == "again")
    }
}
