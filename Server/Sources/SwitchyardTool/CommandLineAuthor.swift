#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation
import SwitchyardStore

/// Who a change made from the command line is in the audit log: the key name `cli`, with the
/// operating-system user after a colon when one is known (`cli:alice`), the role `admin` and the
/// address `local`.
enum CommandLineAuthor {
    /// The audit log's key name for this process: `cli:USER`, or `cli` when no user is known.
    static var keyName: String {
        guard let user = userName else { return "cli" }
        return "cli:" + user
    }

    /// The operating-system user: `$USER`, else `$LOGNAME`, else the effective user's account
    /// name; nil when none is set. Cut to 48 bytes, so the key name fits the audit log's filter.
    static var userName: String? {
        let environment = ProcessInfo.processInfo.environment
        var name = environment["USER"] ?? environment["LOGNAME"]
        if name?.isEmpty ?? true, let account = getpwuid(geteuid()), let text = account.pointee.pw_name {
            name = String(cString: text)
        }
        guard let name, !name.isEmpty else { return nil }
        return String(decoding: Array(name.utf8.prefix(48)), as: UTF8.self)
    }

    /// The entry of a change to `team` made now from the command line.
    static func entry(team: String, action: String, target: String, detail: String = "", at: Date = Date()) -> AuditEntry {
        AuditEntry(team: team, at: at, keyName: keyName, role: AccessKey.Role.admin.rawValue, address: "local", action: action,
                   target: target, detail: detail)
    }
}
