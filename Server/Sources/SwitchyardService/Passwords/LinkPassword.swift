import _CryptoExtras
import Crypto
import Foundation
import Synchronization

/// A link's password, as the service keeps and checks it.
///
/// The password itself is never stored: the link keeps a salted scrypt hash in the PHC string
/// format (`$scrypt$ln=15,r=8,p=1$SALT$HASH`, base64 without padding), made with swift-crypto's
/// scrypt (`KDF.Scrypt`, BoringSSL's). Checking one costs about 32 MiB and tens of milliseconds by
/// design, so checks are few at a time (``LinkPasswords/checkSlots``) and guesses are limited per
/// address and per link before any is computed.
///
/// ```swift
/// let stored = try LinkPassword.hash("open sesame")          // "$scrypt$ln=15,r=8,p=1$..."
/// try await LinkPasswords.standard.check("open sesame", against: stored)   // true
/// ```
enum LinkPassword {
    /// The scrypt cost: N = 2^15, r = 8, p = 1 (32 MiB), the parameters RFC 7914 and OWASP name
    /// for interactive logins.
    struct Cost: Sendable, Hashable {
        var logN: Int = 15
        var blockSize: Int = 8
        var parallelism: Int = 1
    }

    /// The shortest and longest password a link takes (bytes of UTF-8).
    static let lengths = 4...128
    static let saltBytes = 16
    static let hashBytes = 32

    /// The PHC string of `password` under a fresh random salt.
    static func hash(_ password: String, cost: Cost = Cost()) throws -> String {
        var salt = [UInt8](repeating: 0, count: saltBytes)
        var generator = SystemRandomNumberGenerator()
        for index in salt.indices { salt[index] = generator.next() }
        let derived = try derive(password, salt: salt, cost: cost)
        return "$scrypt$ln=\(cost.logN),r=\(cost.blockSize),p=\(cost.parallelism)$\(base64(salt))$\(base64(derived))"
    }

    /// Whether `password` is the one `stored` was made from; false for a stored text that is not
    /// one of ours (nothing opens with a corrupt hash). The comparison takes the same time
    /// whichever byte differs.
    static func matches(_ password: String, stored: String) -> Bool {
        guard let parsed = Parsed(stored), let derived = try? derive(password, salt: parsed.salt, cost: parsed.cost) else { return false }
        guard derived.count == parsed.hash.count else { return false }
        var difference: UInt8 = 0
        for (left, right) in zip(derived, parsed.hash) { difference |= left ^ right }
        return difference == 0
    }

    /// Refuses a password outside ``lengths`` (counted in Unicode scalars, as the JSON schema's
    /// `minLength` and `maxLength` count): `'password' is 4 to 128 characters, got 2`.
    static func checkLength(_ text: String, field: String) throws(Problem) {
        let length = text.unicodeScalars.count
        guard lengths.contains(length) else {
            throw Problem.invalid("invalid-field", "Invalid field",
                                  "'\(field)' is \(lengths.lowerBound) to \(lengths.upperBound) characters, got \(length)")
        }
    }

    private static func derive(_ password: String, salt: [UInt8], cost: Cost) throws -> [UInt8] {
        let key = try KDF.Scrypt.deriveKey(from: Array(password.utf8), salt: salt, outputByteCount: hashBytes,
                                           rounds: 1 << cost.logN, blockSize: cost.blockSize, parallelism: cost.parallelism)
        return key.withUnsafeBytes { Array($0) }
    }

    /// A stored hash, read back: its cost, salt and hash.
    struct Parsed {
        let cost: Cost
        let salt: [UInt8]
        let hash: [UInt8]

        init?(_ stored: String) {
            let parts = stored.split(separator: "$", omittingEmptySubsequences: false)
            guard parts.count == 5, parts[0].isEmpty, parts[1] == "scrypt" else { return nil }
            var cost = Cost()
            for setting in parts[2].split(separator: ",") {
                let pair = setting.split(separator: "=", maxSplits: 1)
                guard pair.count == 2, let value = Int(pair[1]) else { return nil }
                switch pair[0] {
                case "ln": cost.logN = value
                case "r": cost.blockSize = value
                case "p": cost.parallelism = value
                default: return nil
                }
            }
            // Bounded, so a corrupt row cannot make a check take a gigabyte.
            guard (1...20).contains(cost.logN), (1...16).contains(cost.blockSize), (1...4).contains(cost.parallelism),
                  let salt = LinkPassword.bytes(base64: parts[3]), let hash = LinkPassword.bytes(base64: parts[4]), !hash.isEmpty
            else { return nil }
            self.cost = cost
            self.salt = salt
            self.hash = hash
        }
    }

    static func base64(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "=", with: "")
    }

    static func bytes(base64 text: Substring) -> [UInt8]? {
        var padded = String(text)
        while padded.utf8.count % 4 != 0 { padded += "=" }
        return Data(base64Encoded: padded).map(Array.init)
    }
}

/// Where password checks run: at most ``checkSlots`` at once in this process (each holds 32 MiB
/// for tens of milliseconds); a check that finds every slot taken is refused at once rather than
/// queued, so a flood of guesses costs the service a bounded amount of memory and CPU.
final class LinkPasswords: Sendable {
    /// The checks allowed at once.
    let checkSlots: Int
    private let running = Atomic<Int>(0)
    private let hashing = Atomic<Int>(0)

    init(checkSlots: Int = 2) {
        self.checkSlots = checkSlots
    }

    /// What a check found.
    enum Outcome: Sendable, Equatable {
        case matches, wrong
        /// Every slot was taken: try again in a moment.
        case busy
    }

    /// The hash a link keeps for `password` (whose length was checked), made on a thread of its
    /// own: scrypt holds its thread for tens of milliseconds, which must be neither an event loop
    /// nor one of Swift concurrency's few shared threads (on Linux, libdispatch's global queue is
    /// as wide as the machine has cores: two checks there stalled every task of the process).
    /// At most ``checkSlots`` twice over at once; beyond, 503.
    func hash(_ password: String) async throws(Problem) -> String {
        let (taken, _) = hashing.add(1, ordering: .acquiringAndReleasing)
        defer { hashing.subtract(1, ordering: .acquiringAndReleasing) }
        guard taken < checkSlots * 2 else {
            throw Problem(.serviceUnavailable, kind: "password-check-busy", title: "Busy",
                          detail: "the service is hashing as many passwords as it hashes at once; retry shortly",
                          headers: [.retryAfter: "1"])
        }
        let made = await Self.onOwnThread { try? LinkPassword.hash(password) }
        guard let made else {
            throw Problem(.internalServerError, kind: "password-hash-failed", title: "Password not kept",
                          detail: "the password could not be hashed")
        }
        return made
    }

    /// Checks `password` against `stored` off the request's thread.
    func check(_ password: String, against stored: String) async -> Outcome {
        let (taken, _) = running.add(1, ordering: .acquiringAndReleasing)
        defer { running.subtract(1, ordering: .acquiringAndReleasing) }
        guard taken < checkSlots else { return .busy }
        let matches = await Self.onOwnThread { LinkPassword.matches(password, stored: stored) }
        return matches ? .matches : .wrong
    }

    /// Runs `work` on a new thread and returns its result (the callers bound how many run at once).
    static func onOwnThread<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { (continuation: CheckedContinuation<Value, Never>) in
            let thread = Thread { continuation.resume(returning: work()) }
            thread.name = "switchyard-scrypt"
            thread.start()
        }
    }
}

/// The cookie a correct password sets: `sy_pw_<hash of the key>` = `EXPIRY.MAC`, where the MAC
/// (HMAC-SHA256, under a key derived from the admin keys, so every instance configured alike
/// accepts it) covers the link's key, the expiry and the stored password hash. It is scoped to the
/// link's path, so it opens that link only; a new password (a new hash) ends every cookie of the old.
struct PasswordCookie: Sendable {
    /// How long a correct password keeps the link open in that browser.
    static let lifetime: TimeInterval = 24 * 3600
    private let key: Data

    init(adminKeys: [String]) {
        var material = "switchyard link password cookie v1"
        for key in adminKeys.sorted() { material += "\n" + key }
        key = Data(SHA256.hash(data: Data(material.utf8)))
    }

    /// The cookie's name for a link key: `sy_pw_` and 16 hex digits (a key may hold a host and `/`).
    static func name(for linkKey: String) -> String {
        "sy_pw_" + SHA256.hash(data: Data(linkKey.utf8)).prefix(8).map { String(format: "%02x", $0) }.joined()
    }

    /// The cookie's value for `linkKey` with password hash `stored`, valid until `expiry`.
    func value(linkKey: String, stored: String, expiry: Date) -> String {
        let seconds = Int64(expiry.timeIntervalSince1970)
        return "\(seconds).\(mac(linkKey: linkKey, stored: stored, seconds: seconds))"
    }

    /// Whether a cookie value opens `linkKey` (protected by `stored`) at `now`.
    func opens(_ value: Substring, linkKey: String, stored: String, now: Date) -> Bool {
        let parts = value.split(separator: ".", maxSplits: 1)
        guard parts.count == 2, parts[0].utf8.count <= 12, let seconds = Int64(parts[0]),
              Double(seconds) > now.timeIntervalSince1970 else { return false }
        let expected = mac(linkKey: linkKey, stored: stored, seconds: seconds)
        guard expected.utf8.count == parts[1].utf8.count else { return false }
        var difference: UInt8 = 0
        for (left, right) in zip(expected.utf8, parts[1].utf8) { difference |= left ^ right }
        return difference == 0
    }

    private func mac(linkKey: String, stored: String, seconds: Int64) -> String {
        let text = "\(linkKey)\n\(seconds)\n\(stored)"
        return Data(HMAC<SHA256>.authenticationCode(for: Data(text.utf8), using: SymmetricKey(data: key)))
            .base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
