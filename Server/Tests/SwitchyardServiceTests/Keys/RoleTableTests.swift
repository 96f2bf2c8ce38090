import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@_spi(SwitchyardService) import Switchyard
@testable import SwitchyardService
import SwitchyardStore
import Testing

/// Every keyed operation × every role, over a real socket: a role the table lists gets past
/// authentication (whatever the handler then answers: 200, 400 for an empty body, 404), any other
/// role is 403 `role-refused` naming the roles that may; and the OpenAPI document lists the same
/// roles for each operation, and every keyed operation of the document is in the table.
@Suite struct RoleTableTests {
    /// A concrete URI for an operation's path.
    static func uri(_ path: String, code: String) -> String {
        path.replacingOccurrences(of: "{code}", with: code)
            .replacingOccurrences(of: "{name}", with: "no-such-key")
            .replacingOccurrences(of: "{id}", with: "wh_none")
            .replacingOccurrences(of: "{dynamicLink}", with: "https%3A%2F%2Fgo.example.com%2F\(code)")
            .replacingOccurrences(of: "{host}", with: "no-such.example")
            .replacingOccurrences(of: "{install}", with: "6F1C2A7E-3B0D-4C55-9B1E-2D8F7A6C5B40")
    }

    @Test(arguments: AccessKey.Role.allCases)
    func everyOperationAnswersEachRoleAsTheTableSays(role: AccessKey.Role) async throws {
        try await Harness.live(.memory) { client, harness in
            let code = try #require(try await client.create(#"{"route": "about/team"}"#)["code"]?.stringValue)
            let key = try await harness.namedKey("the-\(role.rawValue)", role: role)
            for operation in OperationRoles.all {
                let response = try await client.send(operation.method, Self.uri(operation.path, code: code), key: key,
                                                     json: operation.method == .post || operation.method == .patch ? "{}" : nil)
                if operation.id == "metrics" && role == .admin {
                    // The figures are every team's: the operator's bootstrap key reads them, a team's named admin key not.
                    #expect(response.status == .forbidden, "\(response.text)")
                    #expect(try response.json()["type"] == "https://switchyard.dev/problems/operator-only")
                } else if operation.roles.contains(role) {
                    #expect(response.status != .forbidden && response.status != .unauthorized,
                            "\(role) on \(operation.id): \(response.status.code) \(response.text)")
                } else {
                    #expect(response.status == .forbidden, "\(role) on \(operation.id): \(response.status.code)")
                    let roles = operation.roles.map(\.rawValue).joined(separator: " or ")
                    let detail = "a key with the \(role.rawValue) role cannot call \(operation.id); it needs the \(roles) role"
                    let problem = try response.json()
                    if operation.path.hasPrefix("/v1/") {
                        // Firebase's REST API answers in Firebase's error shape.
                        #expect(problem["error"]?["status"]?.stringValue == "PERMISSION_DENIED")
                        #expect(problem["error"]?["message"]?.stringValue == detail)
                    } else {
                        #expect(problem["type"]?.stringValue == "https://switchyard.dev/problems/role-refused")
                        #expect(problem["detail"]?.stringValue == detail)
                    }
                }
            }
        }
    }

    @Test func theDocumentListsTheTablesRolesForEveryKeyedOperation() throws {
        let document = try JSONValue.parse(OpenAPIDocument.text)
        var keyed: [String: [String]] = [:]
        for (_, item) in document["paths"]?.objectValue ?? [:] {
            for (_, operation) in item.objectValue ?? [:] {
                guard let id = operation["operationId"]?.stringValue,
                      case .array(let security)? = operation["security"], !security.isEmpty else { continue }
                keyed[id] = operation["x-switchyard-roles"]?.arrayValue?.compactMap(\.stringValue) ?? []
            }
        }
        #expect(Set(keyed.keys) == Set(OperationRoles.all.map(\.id)))
        for operation in OperationRoles.all {
            #expect(keyed[operation.id] == operation.roles.map(\.rawValue), "\(operation.id)")
        }
    }

    @Test func theBootstrapKeysAreAnAdminAndAnAppKey() async throws {
        try await Harness.live(.memory) { client, _ in
            #expect(try await client.send(.get, "/api/v1/keys").status == .ok)
            let refused = try await client.send(.get, "/api/v1/keys", key: Keys.app)
            #expect(refused.status == .forbidden)
            #expect(try refused.json()["detail"]?.stringValue == "a key with the app role cannot call listKeys; it needs the admin role")
        }
    }
}
