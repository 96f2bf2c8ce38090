import CommandTestSupport
import Foundation
@_spi(SwitchyardService) import Switchyard
import Synchronization

/// `Server/Scripts/webhook-receiver.py` in a process of its own: a real receiver that verifies
/// each delivery's signature and logs one JSON line per request.
final class WebhookReceiver: Sendable {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Scripts/webhook-receiver.py").standardizedFileURL.path

    let process: ChildProcess
    let port: Int
    let secretFile: String
    let logFile: String

    /// Starts a receiver on a free port of 127.0.0.1 that answers 503 to its first `failFirst`
    /// deliveries (or a 307 to `redirect` to each, or, with `trickle`, 200 and then one byte of a
    /// 1,000-byte body every `trickle` seconds).
    init(failFirst: Int = 0, redirect: String? = nil, trickle: Double? = nil) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-receiver-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        secretFile = directory.appendingPathComponent("secret").path
        logFile = directory.appendingPathComponent("events.jsonl").path
        try Data().write(to: URL(fileURLWithPath: secretFile))
        try Data().write(to: URL(fileURLWithPath: logFile))
        let output = Pipe()
        // Not the test process's standard error and input: a receiver left behind when the test
        // process dies would hold `swift test`'s pipe open, and `swift test` would wait for ever.
        let errorsFile = directory.appendingPathComponent("stderr")
        try Data().write(to: errorsFile)
        let errors = try FileHandle(forWritingTo: errorsFile)
        let process = try ChildProcess(
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            arguments: ["python3", Self.script, "--port", "0", "--secret-file", secretFile, "--log", logFile,
                        "--fail-first", String(failFirst)] + (redirect.map { ["--redirect", $0] } ?? [])
                + (trickle.map { ["--trickle", String($0)] } ?? []),
            standardInput: FileHandle.nullDevice, standardOutput: output.fileHandleForWriting, standardError: errors)
        try errors.close()
        try output.fileHandleForWriting.close()
        self.process = process
        // The first line: "listening <port>".
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line += byte }
        guard let port = String(decoding: line, as: UTF8.self).split(separator: " ").last.flatMap({ Int($0) }) else {
            kill(process.processIdentifier, SIGKILL)
            throw HarnessError("the receiver did not start: '\(String(decoding: line, as: UTF8.self))'")
        }
        self.port = port
    }

    var url: String { "http://127.0.0.1:\(port)/hooks/switchyard" }

    /// Gives the receiver the webhook's secret.
    func use(secret: String) throws {
        try secret.write(toFile: secretFile, atomically: true, encoding: .utf8)
    }

    /// The requests so far, as logged: `{"outcome": ..., "event": ...}`.
    func log() throws -> [JSONValue] {
        try String(contentsOfFile: logFile, encoding: .utf8).split(separator: "\n").map { try JSONValue.parse(String($0)) }
    }

    /// The verified events' bodies.
    func verifiedEvents() throws -> [JSONValue] {
        try log().compactMap { entry in entry["outcome"] == "verified" ? entry["event"] : nil }
    }

    /// SIGKILL: a process started from a test's thread may inherit SIGTERM blocked.
    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: logFile).deletingLastPathComponent().path)
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
}

/// Waits until `condition` holds, calling `step` between looks (tests move their clock there);
/// fails after `timeout` seconds. A liveness bound, not a timing: a passing test returns as soon as
/// the condition holds, and what it waits for is driven by the test (its clock, a sweep's passes),
/// so the bound only stops a test that would otherwise wait forever.
func eventually(timeout: TimeInterval = 180, _ what: String, step: () -> Void = {}, _ condition: () async throws -> Bool) async throws {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if try await condition() { return }
        step()
        try await Task.sleep(for: .milliseconds(25))
    }
    throw HarnessError("timed out waiting for \(what)")
}
