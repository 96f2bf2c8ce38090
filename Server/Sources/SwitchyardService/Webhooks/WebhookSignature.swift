import Crypto
import Foundation

/// The `Switchyard-Signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`.
/// A receiver recomputes `v1` over the timestamp and the raw body, compares in constant time, and
/// rejects a timestamp more than five minutes old (README, "Verifying webhook signatures";
/// `Server/Scripts/webhook-receiver.py`).
enum WebhookSignature {
    /// The header's name.
    static let headerName = "Switchyard-Signature"

    /// The header's value for `body` signed with `secret` at `timestamp` (unix seconds).
    static func header(secret: String, timestamp: Int64, body: String) -> String {
        let key = SymmetricKey(data: Data(secret.utf8))
        let mac = HMAC<SHA256>.authenticationCode(for: Data("\(timestamp).\(body)".utf8), using: key)
        return "t=\(timestamp),v1=" + mac.map { String(format: "%02x", $0) }.joined()
    }

    /// A new secret: `whsec_` and 32 random bytes in hex.
    static func newSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        return "whsec_" + (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }
}
