public import Foundation

/// Everything a store keeps that names one install (the identifier the SDK generates once per
/// install and sends with a redeem, an attestation and an app-key create): what
/// `switchyard privacy export` and `GET /api/v1/installs/{install}` answer.
///
/// Clicks, app-open and first-open counts, deferred opens and A/B figures never hold an install:
/// clicks keep the code, time, platform and referrer; deferred opens a salted hash of coarse
/// signals for their window; the counts are per link and day.
public struct InstallRecords: Sendable, Hashable {
    /// One redemption of a link by the install.
    public struct Redemption: Sendable, Hashable {
        /// The link's store key.
        public var code: String
        /// The team that holds the link.
        public var team: String
        public var redeemedAt: Date
        /// The client's address range at the redemption (`203.0.113.0/24`), kept for the link's
        /// install-spread limit; nil when the link has none.
        public var addressRange: String?

        public init(code: String, team: String, redeemedAt: Date, addressRange: String?) {
            self.code = code
            self.team = team
            self.redeemedAt = redeemedAt
            self.addressRange = addressRange
        }
    }

    /// A webhook delivery still in the outbox (due, or failed and kept) whose body names the install.
    public struct WebhookDelivery: Sendable, Hashable {
        public var id: Int64
        public var webhookID: String
        public var eventType: String
        public var createdAt: Date
        /// The body as it would be sent.
        public var body: String

        public init(id: Int64, webhookID: String, eventType: String, createdAt: Date, body: String) {
            self.id = id
            self.webhookID = webhookID
            self.eventType = eventType
            self.createdAt = createdAt
            self.body = body
        }
    }

    public var install: String
    public var redemptions: [Redemption]
    /// App Attest keys the install attested (the service's, not a team's).
    public var attestedKeys: [AttestKeyRecord]
    public var webhookDeliveries: [WebhookDelivery]
    /// Shared rate-limit buckets named after the install (PostgreSQL keeps them in
    /// `rate_buckets`; SQLite and the memory store keep buckets in the process only).
    public var rateBuckets: [String]

    public init(install: String, redemptions: [Redemption] = [], attestedKeys: [AttestKeyRecord] = [],
                webhookDeliveries: [WebhookDelivery] = [], rateBuckets: [String] = []) {
        self.install = install
        self.redemptions = redemptions
        self.attestedKeys = attestedKeys
        self.webhookDeliveries = webhookDeliveries
        self.rateBuckets = rateBuckets
    }

    /// Whether nothing names the install.
    public var isEmpty: Bool {
        redemptions.isEmpty && attestedKeys.isEmpty && webhookDeliveries.isEmpty && rateBuckets.isEmpty
    }
}

/// What ``InstallRecordStore/eraseInstall(_:team:audit:)`` changed.
public struct InstallErasure: Sendable, Hashable {
    /// Redemptions kept with an anonymous install in place of this one: the link's redeem count
    /// and its install-spread figures stay exact, and no row names the install.
    public var redemptionsAnonymized: Int
    public var attestedKeysDeleted: Int
    /// Outbox bodies with the install replaced by `"erased"`.
    public var webhookDeliveriesRedacted: Int
    public var rateBucketsDeleted: Int

    public init(redemptionsAnonymized: Int = 0, attestedKeysDeleted: Int = 0, webhookDeliveriesRedacted: Int = 0, rateBucketsDeleted: Int = 0) {
        self.redemptionsAnonymized = redemptionsAnonymized
        self.attestedKeysDeleted = attestedKeysDeleted
        self.webhookDeliveriesRedacted = webhookDeliveriesRedacted
        self.rateBucketsDeleted = rateBucketsDeleted
    }

    /// `3 redemptions anonymized, 1 attested key deleted, 0 webhook deliveries redacted, 0 rate buckets deleted`.
    public var summary: String {
        func count(_ number: Int, _ one: String, _ many: String) -> String { "\(number) \(number == 1 ? one : many)" }
        return [count(redemptionsAnonymized, "redemption", "redemptions") + " anonymized",
                count(attestedKeysDeleted, "attested key", "attested keys") + " deleted",
                count(webhookDeliveriesRedacted, "webhook delivery", "webhook deliveries") + " redacted",
                count(rateBucketsDeleted, "rate bucket", "rate buckets") + " deleted"].joined(separator: ", ")
    }
}

/// Access to and erasure of what a store keeps about one install (a data subject's request).
///
/// `team` scopes both to one team's records: redemptions of its links and deliveries to its
/// webhooks; attested keys and rate buckets belong to the service, not a team, and are included
/// for every caller. nil: every team's (the command line).
public protocol InstallRecordStore: Sendable {
    /// Everything the store keeps that names `install`.
    func installRecords(_ install: String, team: String?) async throws -> InstallRecords

    /// Erases `install` from the store: its redemptions kept under an anonymous install (counts
    /// stay exact), its attested keys and rate buckets deleted, and the outbox bodies that name it
    /// redacted; and the audit entry `audit` makes of what changed, in the same transaction.
    func eraseInstall(_ install: String, team: String?, audit: @escaping @Sendable (InstallErasure) -> AuditEntry?) async throws -> InstallErasure
}

extension InstallRecords {
    /// The anonymous install an erased redemption is kept under: `erased-` and 16 random hex
    /// digits, unlike any identifier the SDK makes (those are UUIDs).
    public static func anonymousInstall() -> String {
        "erased-" + (0..<8).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
    }

    /// The outbox body with every JSON string equal to `install` replaced by `"erased"` (install
    /// identifiers are `[A-Za-z0-9._-]`, written in JSON as they are).
    public static func redacted(_ body: String, install: String) -> String {
        body.replacingOccurrences(of: "\"\(install)\"", with: "\"erased\"")
    }
}
