import Synchronization

/// Reads values by key in batches: callers that ask for keys while reads run wait, and the next
/// read takes the keys asked for meanwhile in one call, so many keys cost a few reads rather than
/// one each. A key already queued or being read is never read twice: its callers share the result.
///
/// `GET /{code}` reads the links it has not cached through this (``OpenLinkCache``). An open alone
/// is read at once, in a batch of one. On PostgreSQL (batches of 250, two reads at once) a burst
/// of misses, such as every hot link after a restart under load, costs a few round trips, not one
/// per code. On SQLite (batches of 1, no limit but the store's readers) each miss is read on its
/// own, between other requests, so that no batch's hundreds of rows are decoded in one stretch of
/// the core (the figures for both: see BENCHMARKS.md, "Each scenario on a quiet server; the last of the
/// one-core tail; misses read in batches on PostgreSQL").
///
/// ```swift
/// let misses = BatchedReads<SmartLink>(batchSize: 250, concurrentReads: 2)
/// let link = try await misses.value(for: code) { codes in
///     Dictionary(try await store.links(codes: codes).map { ($0.code, $0) }) { first, _ in first }
/// }
/// ```
///
/// At most `concurrentReads` reads run at once; each is made by one of the callers whose key it
/// reads (no task of its own), which answers the other callers of its batch and hands the next
/// batch to a caller of the first key still queued. A failure reaches every caller of the batch,
/// except a cancellation: when the caller that reads is cancelled (its client went away), the
/// batch's keys go back to the front of the queue for their other callers.
final class BatchedReads<Value: Sendable>: Sendable {
    /// Reads the values of some keys; a key left out of the answer has no value (nil).
    typealias Read = ([String]) async throws -> [String: Value]

    /// What a waiting caller is woken with: its key's result, or a batch to read.
    private enum Wake {
        case done(Result<Value?, any Error>)
        case read([String])
    }

    private struct State {
        /// Every key queued or being read, with the callers waiting for it (not its reader).
        var waiters: [String: [CheckedContinuation<Wake, Never>]] = [:]
        /// Keys not in a batch yet, oldest first, from `head` on.
        var queued: [String] = []
        var head = 0
        /// Reads running.
        var reading = 0

        /// When a read may start and keys are queued: takes the next batch, and the caller that
        /// will read it (one of the first key's).
        mutating func nextBatch(size: Int, limit: Int) -> (CheckedContinuation<Wake, Never>, [String])? {
            guard reading < limit, head < queued.count else { return nil }
            let end = min(head + size, queued.count)
            let batch = Array(queued[head..<end])
            head = end
            if head == queued.count {
                queued.removeAll(keepingCapacity: true)
                head = 0
            }
            reading += 1
            // A queued key always has a caller: keys are queued by one, and leave the queue with one.
            let reader = waiters[batch[0]]!.removeFirst()
            return (reader, batch)
        }
    }

    private let state = Mutex(State())
    /// The most keys one read is given.
    let batchSize: Int
    /// The most reads running at once.
    let concurrentReads: Int

    init(batchSize: Int = 250, concurrentReads: Int = 2) {
        self.batchSize = max(1, batchSize)
        self.concurrentReads = max(1, concurrentReads)
    }

    /// The number of reads running (for tests).
    var reading: Int { state.withLock { $0.reading } }

    /// The callers waiting for `key`, not counting its reader (for tests).
    func waiting(for key: String) -> Int { state.withLock { $0.waiters[key]?.count ?? 0 } }

    /// The value of `key`, from a read of `key` alone or with the keys asked for meanwhile; nil
    /// when `read` leaves it out.
    ///
    /// - Throws: the error of the read that had `key`; `CancellationError` when this caller was
    ///   cancelled while it read.
    func value(for key: String, read: Read) async throws -> Value? {
        let wake = await withCheckedContinuation { (caller: CheckedContinuation<Wake, Never>) in
            let next = state.withLock { state -> (CheckedContinuation<Wake, Never>, [String])? in
                if state.waiters[key] != nil {
                    state.waiters[key]!.append(caller)
                    return nil
                }
                state.waiters[key] = [caller]
                state.queued.append(key)
                return state.nextBatch(size: batchSize, limit: concurrentReads)
            }
            if let (reader, batch) = next { reader.resume(returning: .read(batch)) }
        }
        switch wake {
        case .done(let result):
            return try result.get()
        case .read(let batch):
            return try await readBatch(batch, for: key, read: read)
        }
    }

    /// Reads `batch` (which holds `key`) for its callers, then hands the next batch on.
    private func readBatch(_ batch: [String], for key: String, read: Read) async throws -> Value? {
        let result: Result<[String: Value], any Error>
        do {
            result = .success(try await read(batch))
        } catch {
            result = .failure(error)
        }
        var answers: [(CheckedContinuation<Wake, Never>, Result<Value?, any Error>)] = []
        let next = state.withLock { state -> (CheckedContinuation<Wake, Never>, [String])? in
            state.reading -= 1
            if case .failure(let error) = result, error is CancellationError {
                // This caller's cancellation, not the others': their keys go back to the front.
                let others = batch.filter { state.waiters[$0]?.isEmpty == false }
                for code in batch where state.waiters[code]?.isEmpty != false { state.waiters[code] = nil }
                state.queued.replaceSubrange(state.head..<state.head, with: others)
            } else {
                for code in batch {
                    let answer = result.map { $0[code] }
                    for waiter in state.waiters.removeValue(forKey: code) ?? [] { answers.append((waiter, answer)) }
                }
            }
            return state.nextBatch(size: batchSize, limit: concurrentReads)
        }
        for (waiter, answer) in answers { waiter.resume(returning: .done(answer)) }
        if let (reader, batch) = next { reader.resume(returning: .read(batch)) }
        return try result.get()[key]
    }
}
