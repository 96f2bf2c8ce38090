import AsyncHTTPClient
import HummingbirdTesting
import NIOCore
import NIOHTTP1

/// Requests sent to the live test server at once, each on a connection of its own: many copies of
/// one request for the tests of races (concurrent redeems), or many paths for the load suites. Each request may take three minutes: a
/// liveness bound. HummingbirdTesting's clients give a request 15–20 s, which a hundred concurrent
/// redeems over PostgreSQL on a loaded two-core machine have overrun.
enum RequestsAtOnce {
    /// What came back: the status and the body of each request, in no order.
    static func post(_ path: String, count: Int, to client: some TestClientProtocol, key: String,
                     json: @escaping @Sendable () -> String) async throws -> [(status: Int, body: String)] {
        guard let port = client.port else { throw HarnessError("the test server has no port: use a live setup") }
        var configuration = HTTPClient.Configuration(timeout: .init(connect: .minutes(3), read: .minutes(3)))
        configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: count)
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            let answers = try await withThrowingTaskGroup(of: (status: Int, body: String).self) { group in
                for _ in 0..<count {
                    group.addTask {
                        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
                        request.method = .POST
                        request.headers.add(name: "Authorization", value: "Bearer \(key)")
                        request.headers.add(name: "Content-Type", value: "application/json")
                        request.body = .bytes(ByteBuffer(string: json()))
                        let response = try await http.execute(request, deadline: .now() + .minutes(3))
                        let body = try await response.body.collect(upTo: 1 << 20)
                        return (Int(response.status.code), String(buffer: body))
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            try await http.shutdown()
            return answers
        } catch {
            try? await http.shutdown()
            throw error
        }
    }

    /// Sends `GET` for each path, `concurrency` at a time on as many connections, and answers each
    /// status in the order of `paths`. Redirects are answered, not followed. Each request may take
    /// three minutes: a liveness bound.
    static func get(_ paths: [String], concurrency: Int, to client: some TestClientProtocol,
                    headers: @escaping @Sendable (Int) -> [(String, String)]) async throws -> [Int] {
        guard let port = client.port else { throw HarnessError("the test server has no port: use a live setup") }
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow,
                                                     timeout: .init(connect: .minutes(3), read: .minutes(3)))
        configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: concurrency)
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            let statuses = try await withThrowingTaskGroup(of: [(Int, Int)].self) { group in
                for lane in 0..<concurrency {
                    group.addTask {
                        var answered: [(Int, Int)] = []
                        for index in stride(from: lane, to: paths.count, by: concurrency) {
                            var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(paths[index])")
                            for (name, value) in headers(index) { request.headers.add(name: name, value: value) }
                            let response = try await http.execute(request, deadline: .now() + .minutes(3))
                            _ = try await response.body.collect(upTo: 1 << 20)
                            answered.append((index, Int(response.status.code)))
                        }
                        return answered
                    }
                }
                var statuses = [Int](repeating: 0, count: paths.count)
                for try await answered in group {
                    for (index, status) in answered { statuses[index] = status }
                }
                return statuses
            }
            try await http.shutdown()
            return statuses
        } catch {
            try? await http.shutdown()
            throw error
        }
    }
}
