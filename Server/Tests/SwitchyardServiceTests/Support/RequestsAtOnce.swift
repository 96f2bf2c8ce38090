import AsyncHTTPClient
import HummingbirdTesting
import NIOCore
import NIOHTTP1

/// Many copies of one request sent to the live test server at once, each on a connection of its
/// own, for the tests of races (concurrent redeems). Each request may take three minutes: a
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
}
