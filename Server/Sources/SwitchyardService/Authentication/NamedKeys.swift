public import Foundation
import Crypto
public import SwitchyardStore
public import Switchyard

/// Making named keys: the key itself (shown once), and the record the store keeps of it.
///
/// A key is `syk_` and 32 letters and digits from the system's secure generator: about 190 bits,
/// so a digest without salt or stretching is safe to keep (no key can be guessed from it).
public enum NamedKeys {
    /// Every named key starts with this, so a leaked one is recognisable (secret scanners, logs).
    public static let prefix = "syk_"

    /// A new key and the record to store for it.
    ///
    /// - Throws: ``NamedKeyError`` for a name or team that is not 1 to 64 letters, digits, `-`,
    ///   `_` and `.`, or an expiry that is not in the future.
    public static func make(name: String, team: String, role: AccessKey.Role, now: Date, expiresAt: Date?) throws(NamedKeyError)
        -> (key: String, record: AccessKey) {
        try validate(name, "key name")
        if isReserved(name) {
            throw NamedKeyError(.reservedName, "the key name '\(name)' is one the service uses itself (environment, app1, app2, ...): choose another")
        }
        try validate(team, "team name")
        if let expiresAt, expiresAt <= now { throw NamedKeyError(.expiryNotInFuture, "the expiry must be in the future") }
        let key = prefix + LinkCodes.generate(length: 32)
        let record = AccessKey(name: name, team: team, role: role, hash: digest(key), hint: String(key.prefix(8)),
                               createdAt: now, expiresAt: expiresAt)
        return (key, record)
    }

    /// The SHA-256 digest of a key in lowercase hexadecimal (what the store keeps).
    public static func digest(_ key: String) -> String {
        SHA256.hash(data: Array(key.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// Whether a key name is one the service gives its own keys: `environment` (the
    /// `SWITCHYARD_API_KEY` bootstrap key) and `app1`, `app2`, ... (the bootstrap app keys);
    /// `cli:USER` (the command line's author) cannot be a name, having a colon. Compared without
    /// case, so `Environment` is refused too.
    public static func isReserved(_ name: String) -> Bool {
        let lowered = name.lowercased()
        if lowered == "environment" { return true }
        guard lowered.hasPrefix("app"), lowered.count > 3 else { return false }
        return lowered.dropFirst(3).allSatisfy(\.isASCII) && lowered.dropFirst(3).allSatisfy(\.isNumber)
    }

    /// Checks a team or key name: 1 to 64 ASCII letters, digits, `-`, `_` and `.`.
    public static func validate(_ name: String, _ what: String) throws(NamedKeyError) {
        guard !name.isEmpty, name.count <= 64,
              name.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0)) })
        else {
            throw NamedKeyError(.invalidName, "the \(what) '\(name)' must be 1 to 64 letters, digits, '-', '_' and '.'")
        }
    }
}

/// A key or team that cannot be made, with the reason.
public struct NamedKeyError: CodedError, Sendable, Hashable {
    /// The kind of mistake.
    public let code: Code
    /// What was wrong.
    public let message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}

/// The kind of mistake in a key or team to make.
extension ErrorCode<NamedKeyError> {
    /// A key or team name that is not 1 to 64 letters, digits, `-`, `_` and `.`.
    public static var invalidName: Self { Self(rawValue: "invalid_name") }
    /// A key name the service gives its own keys (`environment`, `app1`, ...).
    public static var reservedName: Self { Self(rawValue: "reserved_name") }
    /// An expiry that is not after now.
    public static var expiryNotInFuture: Self { Self(rawValue: "expiry_not_in_future") }
}
