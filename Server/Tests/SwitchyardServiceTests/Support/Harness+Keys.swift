import Foundation
@testable import SwitchyardService
import SwitchyardStore

extension Harness {
    /// Stores a named key of `role` for `team` (made now on the harness's clock) and returns the
    /// key itself.
    func namedKey(_ name: String, role: AccessKey.Role, team: String = "shop", expiresAt: Date? = nil) async throws -> String {
        let made = try NamedKeys.make(name: name, team: team, role: role, now: clock.now, expiresAt: expiresAt)
        try await store.insertKey(made.record, audit: nil)
        return made.key
    }

    /// One named key of each role for `team`, by role.
    func keyOfEachRole(team: String = "shop") async throws -> [AccessKey.Role: String] {
        var keys: [AccessKey.Role: String] = [:]
        for role in AccessKey.Role.allCases {
            keys[role] = try await namedKey("\(team)-\(role.rawValue)", role: role, team: team)
        }
        return keys
    }
}
