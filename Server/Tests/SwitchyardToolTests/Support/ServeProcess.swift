import CommandTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One running `switchyard serve` on a free port, as a real process: started, asked over HTTP,
/// stopped with SIGTERM or killed with SIGKILL.
final class ServeProcess: @unchecked Sendable {
    let process: ChildProcess
    let output: URL
    let port: Int

    /// Starts `switchyard serve --database DATABASE --port 0` (DATABASE as the command line takes
    /// it: `sqlite:PATH` or a `postgres://` URL) and waits until it says where it listens.
    ///
    /// `executable` and `workingDirectory` let a test run a copy of the binary from another folder;
    /// `routes` and `arguments` give another route table and more options.
    init(database: String, environment: [String: String], scratch: TemporaryDirectory,
         executable: URL = Switchyard.executable, workingDirectory: URL? = nil,
         routes: String = Switchyard.shopRoutes, arguments: [String] = []) throws {
        output = scratch.url.appendingPathComponent("serve-\(UUID().uuidString).log")
        try Data().write(to: output)
        var inherited = ProcessInfo.processInfo.environment
        inherited["SWITCHYARD_API_KEY"] = nil
        inherited["SWITCHYARD_APP_KEY"] = nil
        let handle = try FileHandle(forWritingTo: output)
        process = try ChildProcess(
            executable: executable, arguments: ["serve", "--routes", routes, "--database", database, "--port", "0"] + arguments,
            environment: inherited.merging(environment) { $1 }, directory: workingDirectory,
            standardInput: FileHandle.nullDevice, standardOutput: handle, standardError: handle)
        try handle.close()
        // The metrics listener (`--metrics-port`) says where it listens too: its port is not the one.
        let metricsPort = arguments.firstIndex(of: "--metrics-port").flatMap { arguments.dropFirst($0 + 1).first }.flatMap { Int($0) }
        var found: Int?
        // Three minutes at most: a liveness bound (a debug build starting beside a whole test run).
        for _ in 0..<1800 where found == nil {
            let text = String(decoding: try Data(contentsOf: output), as: UTF8.self)
            let ports = text.components(separatedBy: "listening on 127.0.0.1:").dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }
            if let port = ports.first(where: { $0 != metricsPort }) {
                found = port
            } else {
                guard process.isRunning else { break }
                Thread.sleep(forTimeInterval: 0.1) // waiting for another process to start: nothing to await
            }
        }
        guard let found else {
            process.terminate()
            throw ServeTestError("the server did not start:\n" + String(decoding: try Data(contentsOf: output), as: UTF8.self))
        }
        port = found
    }

    /// A test that fails half-way leaves no server behind.
    deinit {
        if process.isRunning { crash() }
    }

    /// Everything the process wrote so far.
    var log: String { (try? String(decoding: Data(contentsOf: output), as: UTF8.self)) ?? "" }

    /// Sends SIGKILL: no shutdown code runs, as in a crash or an out-of-memory kill.
    func crash() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Sends SIGTERM and waits; the exit status.
    func stop() -> Int32 {
        process.terminate()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// One HTTP exchange; redirects are not followed.
    struct Reply: Sendable {
        var status: Int
        var body: String
        var headers: [String: String]

        /// A header, by its lowercased name.
        func header(_ name: String) -> String? { headers[name.lowercased()] }
    }

    /// Sends a request with `Authorization: Bearer KEY` (when a key is given) and a JSON body or an
    /// `application/x-www-form-urlencoded` form (when given). Cookies are the caller's: none is kept
    /// or sent but those in `headers`. `port` names another of the server's ports (`--metrics-port`).
    func send(_ method: String, _ path: String, key: String? = nil, json: String? = nil, form: [(String, String)]? = nil,
              headers: [String: String] = [:], timeout: TimeInterval = 60, port: Int? = nil) async throws -> Reply {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port ?? self.port)\(path)")!)
        request.httpMethod = method
        request.timeoutInterval = timeout
        request.httpShouldHandleCookies = false
        if let form {
            let encode = { (text: String) in text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text }
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(form.map { "\(encode($0.0))=\(encode($0.1))" }.joined(separator: "&").utf8)
        }
        if let key { request.setValue("Bearer \(key)", forHTTPHeaderField: "Authorization") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let json {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(json.utf8)
        }
        let (data, response) = try await Self.session.data(for: request)
        let http = response as? HTTPURLResponse
        var fields: [String: String] = [:]
        for (name, value) in http?.allHeaderFields ?? [:] {
            if let name = name as? String, let value = value as? String { fields[name.lowercased()] = value }
        }
        return Reply(status: http?.statusCode ?? 0, body: String(decoding: data, as: UTF8.self), headers: fields)
    }

    /// `send` reduced to the status and the body.
    func request(_ method: String, _ path: String, key: String, json: String? = nil) async throws -> (Int, String) {
        let reply = try await send(method, path, key: key, json: json)
        return (reply.status, reply.body)
    }

    /// A session that does not follow redirects (a test reads the `Location` itself) and allows
    /// enough connections per host for the concurrency tests.
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 128
        return URLSession(configuration: configuration, delegate: NoRedirects(), delegateQueue: nil)
    }()

    final class NoRedirects: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
        func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
            completionHandler(nil)
        }
    }
}

/// A failure of the test's own machinery (a server that did not start, a command that failed).
struct ServeTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
