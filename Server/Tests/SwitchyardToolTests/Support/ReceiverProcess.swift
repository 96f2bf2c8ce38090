import CommandTestSupport
import Foundation
import Testing

/// `Server/Scripts/webhook-receiver.py` as a process beside `switchyard serve`: it verifies each
/// delivery's signature and logs one JSON line per request.
final class ReceiverProcess: @unchecked Sendable {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Scripts/webhook-receiver.py").standardizedFileURL.path

    let process: ChildProcess
    let port: Int
    let secretFile: String
    let logFile: String

    /// Starts a receiver on a free port with the script's own options (`--hold-first 2`).
    init(scratch: TemporaryDirectory, options: [String] = []) throws {
        let name = UUID().uuidString
        secretFile = try scratch.write("secret-\(name)", "")
        logFile = try scratch.write("events-\(name).jsonl", "")
        let output = Pipe()
        // Not the test process's standard error and input: a receiver left behind when the test
        // process dies would hold `swift test`'s pipe open, and `swift test` would wait for ever.
        let errors = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch.write("stderr-\(name)", "")))
        process = try ChildProcess(
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            arguments: ["python3", Self.script, "--port", "0", "--secret-file", secretFile, "--log", logFile] + options,
            standardInput: FileHandle.nullDevice, standardOutput: output.fileHandleForWriting, standardError: errors)
        try errors.close()
        try output.fileHandleForWriting.close()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line += byte }
        guard let port = String(decoding: line, as: UTF8.self).split(separator: " ").last.flatMap({ Int($0) }) else {
            kill(process.processIdentifier, SIGKILL)
            throw ServeTestError("the receiver did not start")
        }
        self.port = port
    }

    var url: String { "http://127.0.0.1:\(port)/hook" }

    /// The log's entries (JSON objects).
    func log() -> [[String: Any]] {
        let text = (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// How many entries have this outcome.
    func count(_ outcome: String) -> Int { log().filter { $0["outcome"] as? String == outcome }.count }

    /// The codes of the verified `link.created` events.
    func verifiedCodes() -> [String] {
        log().compactMap { entry in
            guard entry["outcome"] as? String == "verified", let event = entry["event"] as? [String: Any],
                  let data = event["data"] as? [String: Any] else { return nil }
            return data["code"] as? String
        }
    }

    /// SIGKILL (a process started from a test's thread may inherit SIGTERM blocked).
    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

/// Webhooks through the real `switchyard serve`.
enum WebhookProcess {
    static let flags = ["--webhook-allow-private", "--webhook-timeout", "1s", "--webhook-retry-delay", "1s"]

    /// Subscribes `receiver` to `link.created` and hands it the secret.
    static func subscribe(_ server: ServeProcess, _ receiver: ReceiverProcess, adminKey: String) async throws {
        let (status, body) = try await server.request("POST", "/api/v1/webhooks", key: adminKey,
                                                      json: #"{"url": "\#(receiver.url)", "events": ["link.created"]}"#)
        guard status == 201, let object = try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any],
              let secret = object["secret"] as? String else { throw ServeTestError("webhook not created: \(status) \(body)") }
        try secret.write(toFile: receiver.secretFile, atomically: true, encoding: .utf8)
    }

    /// Creates `count` links; their codes.
    static func createLinks(_ count: Int, on server: ServeProcess, adminKey: String) async throws -> [String] {
        var codes: [String] = []
        for index in 0..<count {
            let (status, body) = try await server.request("POST", "/api/v1/links", key: adminKey,
                                                          json: #"{"route": "product", "routeParameters": {"id": "\#(index)"}}"#)
            guard status == 201, let object = try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any],
                  let code = object["code"] as? String else { throw ServeTestError("link not created: \(status) \(body)") }
            codes.append(code)
        }
        return codes
    }

    /// Waits until `condition` holds (three minutes at most: a liveness bound, not a timing).
    static func wait(_ what: String, _ condition: () -> Bool) async throws {
        for _ in 0..<3600 {
            if condition() { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw ServeTestError("timed out waiting for \(what)")
    }

    /// `serve` killed with SIGKILL while deliveries are in flight, then restarted on the same
    /// database: every event reaches the receiver (a verified signature each), none lost.
    static func killDuringDelivery(database: String, keys: [String: String], scratch: TemporaryDirectory) async throws {
        let adminKey = keys["SWITCHYARD_API_KEY"]!
        let receiver = try ReceiverProcess(scratch: scratch, options: ["--hold-first", "2"])
        let server = try ServeProcess(database: database, environment: keys, scratch: scratch, arguments: flags)
        try await subscribe(server, receiver, adminKey: adminKey)
        let codes = try await createLinks(12, on: server, adminKey: adminKey)
        try await wait("a delivery in flight") { receiver.count("held") >= 1 }
        server.crash()
        let restarted = try ServeProcess(database: database, environment: keys, scratch: scratch, arguments: flags)
        try await wait("every event delivered after the restart") { Set(receiver.verifiedCodes()).isSuperset(of: codes) }
        #expect(receiver.count("bad-signature") == 0)
        #expect(Set(receiver.verifiedCodes()) == Set(codes))
        #expect(restarted.stop() == 0, "\(restarted.log)")
    }
}
