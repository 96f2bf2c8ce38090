import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@_spi(SwitchyardService) import Switchyard
import Synchronization

/// What the responses test saw: the served document, each operation and status answered, and
/// every way an answer broke the document.
final class ResponseLedger: Sendable {
    private struct State {
        var document: JSONValue = .null
        var answered: Set<String> = []
        var problems: [String] = []
    }

    private let state = Mutex(State())

    var document: JSONValue { state.withLock { $0.document } }
    var answered: Set<String> { state.withLock { $0.answered } }
    var problems: [String] { state.withLock { $0.problems } }

    func use(_ document: JSONValue) { state.withLock { $0.document = document } }
    func answered(_ response: String) { _ = state.withLock { $0.answered.insert(response) } }
    func problem(_ text: String) { state.withLock { $0.problems.append(text) } }

    /// Each documented response, `GET /api/v1/links/{code} 200`.
    var documented: Set<String> {
        var responses: Set<String> = []
        for (path, item) in document["paths"]?.objectValue ?? [:] {
            for (method, operation) in item.objectValue ?? [:] where method != "parameters" {
                for status in (operation["responses"]?.objectValue ?? [:]).keys {
                    responses.insert("\(method.uppercased()) \(path) \(status)")
                }
            }
        }
        return responses
    }
}

/// A test client whose every answer is checked against the served OpenAPI document: its status
/// must be documented for the operation, its content type among the documented ones, a JSON
/// body valid under that response's schema (``DocumentValidator``), and its rate headers
/// (`RateLimit-*`, `Retry-After`) documented for that response and valid under their schemas;
/// a success answered to an admin key carries every `RateLimit-*` header its response documents.
struct DocumentedClient: Sendable {
    let client: any TestClientProtocol
    let ledger: ResponseLedger

    /// Sends a request to `operation` (`GET /api/v1/links/{code}`) at `uri` (the path with its
    /// parameters, by default the operation's path), expects `status`, and checks the answer.
    @discardableResult
    func expect(_ status: HTTPResponse.Status, _ operation: String, _ uri: String? = nil, key: String? = Keys.admin,
                json: String? = nil, headers: HTTPFields = [:]) async throws -> TestResponse {
        let parts = operation.split(separator: " ", maxSplits: 1).map(String.init)
        let method = HTTPRequest.Method(parts[0])!
        let response = try await client.send(method, uri ?? parts[1], key: key, json: json, headers: headers)
        let answer = "\(operation) \(response.status.code)"
        if response.status != status { ledger.problem("\(operation) at \(uri ?? parts[1]): expected \(status.code), got \(response.status.code): \(response.text.prefix(300))") }
        for problem in check(response, method: parts[0].lowercased(), path: parts[1]) { ledger.problem("\(answer): \(problem)") }
        for problem in rateHeaderErrors(response, method: parts[0].lowercased(), path: parts[1], key: key) {
            ledger.problem("\(answer): \(problem)")
        }
        return response
    }

    /// What is wrong with `response` as an answer of the operation.
    func check(_ response: TestResponse, method: String, path: String) -> [String] {
        let document = ledger.document
        guard let responses = document["paths"]?[path]?[method]?["responses"] else { return ["no such operation in the document"] }
        let status = String(response.status.code)
        guard let documented = responses[status] else { return ["the status is not documented"] }
        ledger.answered("\(method.uppercased()) \(path) \(status)")
        let mediaType = response.headers[.contentType].map { String($0.prefix { $0 != ";" }).trimmingCharacters(in: .whitespaces) }
        guard let content = documented["content"]?.objectValue else {
            return response.body.readableBytes == 0 ? [] : ["a body (\(mediaType ?? "no Content-Type")) where none is documented"]
        }
        guard let mediaType, let media = content[mediaType] else {
            return ["Content-Type \(mediaType ?? "none") is not among \(content.keys.sorted())"]
        }
        guard let schema = media["schema"] else { return ["\(mediaType) has no schema"] }
        guard mediaType.hasSuffix("json") else {
            return DocumentValidator(document: document).errors(.string(response.text), schema)
        }
        guard let body = try? response.json() else { return ["the body is not JSON: \(response.text.prefix(200))"] }
        return DocumentValidator(document: document).errors(body, schema)
    }

    /// The headers whose presence and values are part of the documented contract.
    static let rateHeaders = ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset", "Retry-After"]

    /// What is wrong with `response`'s rate headers: one sent but not documented for its response,
    /// a value its schema refuses, or a documented `RateLimit-*` header missing from a success
    /// answered to a key other than the app's (the test service counts every such key's requests).
    func rateHeaderErrors(_ response: TestResponse, method: String, path: String, key: String?) -> [String] {
        let document = ledger.document
        guard let documented = document["paths"]?[path]?[method]?["responses"]?[String(response.status.code)] else { return [] }
        let headers = documented["headers"]?.objectValue ?? [:]
        var found: [String] = []
        for name in Self.rateHeaders {
            let value = response.headers[HTTPField.Name(name)!]
            guard let declared = headers[name] else {
                if let value { found.append("\(name): \(value) is sent but not documented") }
                continue
            }
            guard let value else {
                let expected = name.hasPrefix("RateLimit-") && (200..<300).contains(response.status.code) && key != nil && key != Keys.app
                if expected { found.append("\(name) is documented but not sent") }
                continue
            }
            let schema = declared["schema"] ?? .object([:])
            let typed: JSONValue = schema["type"] == "integer" ? (Int(value).map { .number(Double($0)) } ?? .string(value)) : .string(value)
            found += DocumentValidator(document: document).errors(typed, schema, at: name)
        }
        return found
    }
}
