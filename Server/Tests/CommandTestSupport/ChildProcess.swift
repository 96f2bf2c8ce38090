import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// A process the tests start: `posix_spawn` with the child's standard streams set and every other
/// descriptor closed in the child, instead of Foundation's `Process`.
///
/// Foundation's `Process.run()` on Linux reads `/proc/self/fd` to find the descriptors to close and
/// copies each entry's whole 256-byte name, reading past the end of glibc's buffer when an entry
/// sits at its end (swift-corelibs-foundation pull request 5472, fixed after Swift 6.3.1). A test
/// process with many sockets open hits that now and then: the Server suite died of it with
/// "Bad pointer dereference" inside `Process.run()`. This launcher reads no directory.
package final class ChildProcess: @unchecked Sendable {
    package let processIdentifier: pid_t
    /// The program and its first arguments, for the message of a child that would not exit.
    private let label: String
    private let lock = NSLock()
    private var status: Int32?

    /// How long ``waitUntilExit(within:)`` waits for the child by default before it kills it: a
    /// liveness bound (a `switchyard` command, or a `serve` stopping, takes seconds; a debug build
    /// beside a whole test run on two cores, a minute at most).
    package static let exitBound: TimeInterval = 300

    /// Starts `executable` with `arguments`; `environment` replaces the test's when given;
    /// `directory` is the child's working directory; a nil stream is the test process's own.
    package init(executable: URL, arguments: [String], environment: [String: String]? = nil, directory: URL? = nil,
                 standardInput: FileHandle? = nil, standardOutput: FileHandle? = nil, standardError: FileHandle? = nil) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (handle, target) in [(standardInput, Int32(0)), (standardOutput, 1), (standardError, 2)] {
            if let handle { posix_spawn_file_actions_adddup2(&actions, handle.fileDescriptor, target) }
        }
        try Self.gnu("posix_spawn_file_actions_addclosefrom_np", as: CloseFrom.self)(&actions, 3).check("closefrom")
        if let directory {
            try directory.path.withCString { path in
                try Self.gnu("posix_spawn_file_actions_addchdir_np", as: Chdir.self)(&actions, path).check("chdir")
            }
        }
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let env = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            env.forEach { free($0) }
        }
        // The child starts with no signal blocked and every handler at its default, whatever the
        // launching thread blocks or ignores (the concurrency pool's threads block signals; NIO
        // ignores SIGPIPE): a child that inherited a blocked SIGTERM would never stop.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        sigdelset(&all, SIGKILL)
        sigdelset(&all, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable.path, &actions, &attributes, argv, env)
        guard result == 0 else { throw ChildProcessError("posix_spawn \(executable.path): \(String(cString: strerror(result)))") }
        processIdentifier = pid
        label = ([executable.lastPathComponent] + arguments.prefix(3)).joined(separator: " ")
    }

    /// Whether the child has not exited yet (it is reaped when it has).
    package var isRunning: Bool {
        lock.withLock {
            if status != nil { return false }
            var raw: Int32 = 0
            if waitpid(processIdentifier, &raw, WNOHANG) == processIdentifier {
                status = raw
                return false
            }
            return true
        }
    }

    /// Sends SIGTERM.
    package func terminate() {
        kill(processIdentifier, SIGTERM)
    }

    /// Waits for the child to exit, for `bound` seconds at most: a child still running then
    /// is killed with SIGKILL (its status says so, which no test expects) and named on standard
    /// error. The tests wait on threads of the concurrency pool; a child that never exited would
    /// hold its thread for ever, and with every pool thread held so, no timer fires and no test
    /// fails: the whole run would stop without a word.
    package func waitUntilExit(within bound: TimeInterval = exitBound) {
        let deadline = Date().addingTimeInterval(bound)
        var killed = false
        // ``isRunning`` reaps the child when it has exited (another thread's look may reap it first).
        while isRunning {
            if !killed && Date() >= deadline {
                killed = true
                FileHandle.standardError.write(Data(
                    "ChildProcess: '\(label)' (pid \(processIdentifier)) did not exit within \(bound) s: killed\n".utf8))
                kill(processIdentifier, SIGKILL)
            }
            usleep(5_000)
        }
    }

    /// The exit code, or the signal that ended the child (as Foundation's `Process` reports it);
    /// waits for the child to exit.
    package var terminationStatus: Int32 {
        waitUntilExit()
        let raw = lock.withLock { status ?? 0 }
        let signal = raw & 0x7f
        return signal == 0 ? (raw >> 8) & 0xff : signal
    }

    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private typealias Chdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

    /// A glibc function that Swift's Glibc module does not declare (it needs `_GNU_SOURCE`).
    private static func gnu<F>(_ name: String, as type: F.Type) throws -> F {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {
            throw ChildProcessError("\(name) is missing from this C library (glibc 2.34 or later has it)")
        }
        return unsafeBitCast(symbol, to: type)
    }
}

/// Why a test's child process could not start.
package struct ChildProcessError: Error, CustomStringConvertible {
    package let description: String
    init(_ description: String) { self.description = description }
}

extension Int32 {
    fileprivate func check(_ what: String) throws {
        if self != 0 { throw ChildProcessError("posix_spawn_file_actions \(what): \(String(cString: strerror(self)))") }
    }
}
