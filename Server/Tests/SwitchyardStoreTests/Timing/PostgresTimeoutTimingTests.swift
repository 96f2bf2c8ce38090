import Foundation
import Logging
import Testing
@testable import SwitchyardStore

extension TimingTests {
    /// The PostgreSQL store's timeout measured against a server that does not answer (a timing
    /// suite: see ``TimingTests``).
    @Suite("PostgreSQL store timeout, measured")
    struct PostgresTimeoutTimingTests {
        /// Three calls of one second's timeout each: none waits for the pool past its timeout.
        @Test("A server that does not answer fails each call as unavailable, within the timeout", .timeLimit(.minutes(1)))
        func unreachable() async throws {
            // Port 9 (discard) is closed on loopback: connections are refused.
            var quiet = Logger(label: "test.unreachable")
            quiet.logLevel = .critical
            let store = try PostgresLinkStore(url: "postgres://u:p@127.0.0.1:9/none?sslmode=disable", timeout: .seconds(1),
                                              logger: quiet)
            let clock = ContinuousClock()
            let started = clock.now
            for _ in 0..<2 {
                do {
                    try await store.ping()
                    Issue.record("ping succeeded against a closed port")
                } catch let error as StoreError {
                    #expect(error.code == .unavailable)
                    #expect(error.message.hasPrefix("PostgreSQL at 127.0.0.1:9/none"))
                }
            }
            await #expect(throws: StoreError.self) { try await store.insert(makeLink("x")) }
            #expect(started.duration(to: clock.now) < .seconds(10))
            try await store.close()
        }
    }
}
