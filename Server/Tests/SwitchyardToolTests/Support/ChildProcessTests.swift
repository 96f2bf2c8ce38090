import CommandTestSupport
import Foundation
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// The launcher the process-level tests use: a child that will not exit is killed at the wait's
/// bound rather than holding a thread of the concurrency pool for ever.
@Suite struct ChildProcessTests {
    @Test func aChildThatExitsIsWaitedForAndItsStatusKept() throws {
        let child = try ChildProcess(executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "exit 3"])
        child.waitUntilExit(within: 60)
        #expect(child.terminationStatus == 3)
        #expect(!child.isRunning)
    }

    @Test func aChildStillRunningAtTheBoundIsKilled() throws {
        let child = try ChildProcess(executable: URL(fileURLWithPath: "/bin/sleep"), arguments: ["600"])
        let started = Date()
        child.waitUntilExit(within: 0.5)
        #expect(!child.isRunning)
        #expect(child.terminationStatus == SIGKILL, "the status of a child killed at the bound")
        #expect(Date().timeIntervalSince(started) < 60, "the wait ended at the bound, not with the child")
    }
}
