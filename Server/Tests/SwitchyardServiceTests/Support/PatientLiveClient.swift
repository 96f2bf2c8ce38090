import HTTPTypes
// For `TestResponse`'s initializer, which HummingbirdTesting keeps internal.
@testable import HummingbirdTesting
import Hummingbird
import NIOCore

/// The live server's client with a liveness bound of minutes: Hummingbird's `.live` client gives
/// up on an answer after 20 s, which a whole test run on two loaded cores can exceed, failing a
/// test for the machine's load, not the service. The requests are the ones `.live` sends (one
/// keep-alive connection, authority `localhost`).
struct PatientLiveClient: TestClientProtocol {
    /// How long one request may wait for its answer: a liveness bound, never a timing.
    static let timeout: Duration = .seconds(180)

    let client: TestClient

    var port: Int? { client.port }

    /// Connects to the server on `port`.
    init(port: Int) {
        client = TestClient(host: "localhost", port: port, configuration: .init(timeout: Self.timeout))
        client.connect()
    }

    /// A header tests set to send another authority (`Host`) than `localhost`; it is not sent.
    static let authority = HTTPField.Name("X-Test-Authority")!

    func executeRequest(uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?) async throws -> TestResponse {
        var headers = headers
        headers[.connection] = "keep-alive"
        let authority = headers[Self.authority] ?? "localhost"
        headers[Self.authority] = nil
        let request = TestClient.Request(uri, method: method, authority: authority, headers: headers, body: body)
        let response = try await client.execute(request)
        return TestResponse(head: response.head, body: response.body ?? ByteBuffer(), trailerHeaders: response.trailerHeaders)
    }

    func shutdown() async throws {
        try await client.shutdown()
    }
}

extension PatientLiveClient {
    /// Runs `body` with a patient client of the server on `port`, closing it afterwards.
    static func with<Value>(port: Int, _ body: @Sendable (any TestClientProtocol) async throws -> Value) async throws -> Value {
        let patient = PatientLiveClient(port: port)
        do {
            let value = try await body(patient)
            try? await patient.shutdown()
            return value
        } catch {
            try? await patient.shutdown()
            throw error
        }
    }
}

extension ApplicationProtocol {
    /// `test(.live)` with the patient client: the server on a real socket, each answer awaited
    /// for minutes.
    func testLive<Value>(_ body: @Sendable (any TestClientProtocol) async throws -> Value) async throws -> Value {
        try await test(.live) { client in
            guard let port = client.port else { return try await body(client) }
            return try await PatientLiveClient.with(port: port, body)
        }
    }
}
