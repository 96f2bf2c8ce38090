import Crypto
public import Foundation
import Hummingbird
public import SwitchyardStore

/// What the service keeps about one install, as `GET /api/v1/installs/{install}` and
/// `switchyard privacy export` write it (the `InstallRecords` schema).
struct InstallRecordsResponse: Sendable, Hashable, ResponseEncodable {
    struct RedemptionEntry: Sendable, Hashable, ResponseEncodable {
        var code: String
        var team: String
        var redeemedAt: String
        var addressRange: String?
    }

    struct AttestedKeyEntry: Sendable, Hashable, ResponseEncodable {
        var keyId: String
        var appId: String
        var publicKey: String
        var counter: Int
        var attestedAt: String
    }

    struct DeliveryEntry: Sendable, Hashable, ResponseEncodable {
        var id: Int
        var webhookId: String
        var event: String
        var createdAt: String
        var body: String
    }

    var install: String
    var redemptions: [RedemptionEntry]
    var attestedKeys: [AttestedKeyEntry]
    var webhookDeliveries: [DeliveryEntry]
    var rateBuckets: [String]
    var notKept: String

    init(_ records: InstallRecords) {
        install = records.install
        redemptions = records.redemptions.map {
            RedemptionEntry(code: $0.code, team: $0.team, redeemedAt: APIDates.text($0.redeemedAt), addressRange: $0.addressRange)
        }
        attestedKeys = records.attestedKeys.map {
            AttestedKeyEntry(keyId: $0.keyID, appId: $0.appID, publicKey: Data($0.publicKey).base64EncodedString(), counter: Int($0.counter),
                             attestedAt: APIDates.text($0.attestedAt))
        }
        webhookDeliveries = records.webhookDeliveries.map {
            DeliveryEntry(id: Int($0.id), webhookId: $0.webhookID, event: $0.eventType, createdAt: APIDates.text($0.createdAt), body: $0.body)
        }
        rateBuckets = records.rateBuckets
        notKept = InstallPrivacy.notKept
    }
}

extension InstallRecordsResponse.RedemptionEntry: APIObject, OpenAPISchema {
    static let schemaName = "InstallRedemption"
    static let fields: [APIField<Self>] = [
        APIField("code", \.code, "The link's store key (CODE, or DOMAIN/CODE on another domain)."),
        APIField("team", \.team),
        APIField("redeemedAt", \.redeemedAt, format: "date-time"),
        APIField("addressRange", \.addressRange, "The client's address range at the redemption (a /24 or /48), kept for the link's install-spread limit; null when the link has none."),
    ]
}

extension InstallRecordsResponse.AttestedKeyEntry: APIObject, OpenAPISchema {
    static let schemaName = "InstallAttestedKey"
    static let fields: [APIField<Self>] = [
        APIField("keyId", \.keyId, "The App Attest key identifier."),
        APIField("appId", \.appId, "TEAMID.bundle.id of the app that attested it."),
        APIField("publicKey", \.publicKey, "The key's public part, base64."),
        APIField("counter", \.counter, "The last assertion counter seen.", minimum: 0),
        APIField("attestedAt", \.attestedAt, format: "date-time"),
    ]
}

extension InstallRecordsResponse.DeliveryEntry: APIObject, OpenAPISchema {
    static let schemaName = "InstallWebhookDelivery"
    static let fields: [APIField<Self>] = [
        APIField("id", \.id, "The outbox row.", minimum: 1),
        APIField("webhookId", \.webhookId),
        APIField("event", \.event, "link.redeemed, and the like."),
        APIField("createdAt", \.createdAt, format: "date-time"),
        APIField("body", \.body, "The event's JSON as it is to be sent."),
    ]
}

extension InstallRecordsResponse: APIObject, OpenAPISchema {
    static let schemaName = "InstallRecords"
    static let fields: [APIField<Self>] = [
        APIField("install", \.install),
        APIField("redemptions", \.redemptions, "The install's redemptions of the team's links (of every team's, from the command line)."),
        APIField("attestedKeys", \.attestedKeys, "App Attest keys the install attested (the service's, shown to every team)."),
        APIField("webhookDeliveries", \.webhookDeliveries, "Outbox rows still to be sent (or failed and kept) whose body names the install."),
        APIField("rateBuckets", \.rateBuckets, "Shared rate-limit buckets named after the install (PostgreSQL only; expire by themselves)."),
        APIField("notKept", \.notKept, "What the service keeps about installs without their identifier."),
    ]
}

/// What `DELETE /api/v1/installs/{install}` and `switchyard privacy erase` changed (the
/// `InstallErasure` schema).
struct InstallErasureResponse: Sendable, Hashable, ResponseEncodable {
    var install: String
    var redemptionsAnonymized: Int
    var attestedKeysDeleted: Int
    var webhookDeliveriesRedacted: Int
    var rateBucketsDeleted: Int

    init(install: String, _ erasure: InstallErasure) {
        self.install = install
        redemptionsAnonymized = erasure.redemptionsAnonymized
        attestedKeysDeleted = erasure.attestedKeysDeleted
        webhookDeliveriesRedacted = erasure.webhookDeliveriesRedacted
        rateBucketsDeleted = erasure.rateBucketsDeleted
    }
}

extension InstallErasureResponse: APIObject, OpenAPISchema {
    static let schemaName = "InstallErasure"
    static let fields: [APIField<Self>] = [
        APIField("install", \.install),
        APIField("redemptionsAnonymized", \.redemptionsAnonymized,
                 "Redemptions kept under an anonymous install: the links' redeem counts stay; none names this install.", minimum: 0),
        APIField("attestedKeysDeleted", \.attestedKeysDeleted, minimum: 0),
        APIField("webhookDeliveriesRedacted", \.webhookDeliveriesRedacted, "Outbox bodies with the install replaced by \"erased\".", minimum: 0),
        APIField("rateBucketsDeleted", \.rateBucketsDeleted, minimum: 0),
    ]
}

/// Access to and erasure of what the service keeps about one install: the admin API's
/// `/api/v1/installs/{install}` and `switchyard privacy export|erase --install ID`.
public enum InstallPrivacy {
    /// What the service keeps about installs without their identifier (the export says it too).
    static let notKept = "Clicks keep the link, time, platform, referrer and campaign, never an install or an address; "
        + "app opens, first opens, redeems and A/B figures are counts per link and day; deferred opens keep a salted hash "
        + "of coarse signals for their window only; A/B stickiness for the app is computed from the install each time, never stored."

    /// Whether `text` is an install identifier as the API takes them: 8 to 128 of `A-Z a-z 0-9 . _ -`.
    public static func isInstall(_ text: String) -> Bool {
        (8...128).contains(text.utf8.count)
            && text.utf8.allSatisfy { $0.isASCIIAlphanumeric || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }

    /// Why `text` is not an install identifier.
    public static func notAnInstall(_ text: String) -> String {
        "'\(text.prefix(64))' is not an install identifier: 8 to 128 of A-Z a-z 0-9 . _ -"
    }

    /// An install identifier (``isInstall(_:)``), or 400 `invalid-install`.
    static func install(_ text: String) throws(Problem) -> String {
        guard isInstall(text) else { throw Problem.invalid("invalid-install", "Invalid install identifier", notAnInstall(text)) }
        return text
    }

    /// The audit log's target for an install: its SHA-256, not the identifier (the log would
    /// otherwise keep what the erasure removed). `install sha256:` and 16 hex digits.
    public static func auditTarget(_ install: String) -> String {
        "install sha256:" + SHA256.hash(data: Data(install.utf8)).prefix(8).map { String(format: "%02x", $0) }.joined()
    }

    /// The export of `install` as JSON (the `InstallRecords` schema), every team's records.
    public static func exportJSON(_ install: String, store: any LinkStore, audit: AuditEntry?) async throws -> Data {
        let records = try await store.installRecords(install, team: nil)
        if let audit { try await store.appendAudit([audit]) }
        return try APIResponseEncoder.data(InstallRecordsResponse(records))
    }

    /// Erases `install` from every team's records, with the audit entry `audit` makes of what
    /// changed; the JSON of what changed (the `InstallErasure` schema).
    public static func eraseJSON(_ install: String, store: any LinkStore,
                                 audit: @escaping @Sendable (_ summary: String) -> AuditEntry?) async throws -> Data {
        let erasure = try await store.eraseInstall(install, team: nil) { audit($0.summary) }
        return try APIResponseEncoder.data(InstallErasureResponse(install: install, erasure))
    }
}

extension UInt8 {
    fileprivate var isASCIIAlphanumeric: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
    }
}

/// `/api/v1/installs/{install}`: the caller's team's records of one install, with an admin key.
struct InstallsAPI: Sendable {
    let service: LinkService

    /// The routes, under `api/v1/installs`.
    var routes: ServiceRoutes {
        let installs = service.keyedRoutes()
        installs.get(":install") { request, context in try await export(request, context: context) }
        installs.delete(":install") { request, context in try await erase(request, context: context) }
        return installs
    }

    /// `GET /api/v1/installs/{install}`: everything the team's records keep about the install
    /// (and the service's attested keys and rate buckets), recorded as `install.exported`.
    func export(_ request: Request, context: ServiceRequestContext) async throws -> InstallRecordsResponse {
        let team = try context.team
        let install = try InstallPrivacy.install(context.parameters.require("install"))
        let entry = service.auditEntry("install.exported", target: InstallPrivacy.auditTarget(install), request: request, context: context)
        let records = try await service.storage {
            let records = try await service.store.installRecords(install, team: team)
            if let entry { try await service.store.appendAudit([entry]) }
            return records
        }
        return InstallRecordsResponse(records)
    }

    /// `DELETE /api/v1/installs/{install}`: erases it from the team's records (and the service's
    /// attested keys and rate buckets), recorded as `install.erased` with the counts.
    func erase(_ request: Request, context: ServiceRequestContext) async throws -> InstallErasureResponse {
        let team = try context.team
        let install = try InstallPrivacy.install(context.parameters.require("install"))
        let author = service.auditAuthor(request, context: context)
        let target = InstallPrivacy.auditTarget(install), at = service.now()
        let erasure = try await service.storage {
            try await service.store.eraseInstall(install, team: team) { author?.entry("install.erased", target: target, detail: $0.summary, at: at) }
        }
        context.logger.info("install erased", metadata: ["team": "\(team)", "install": "\(InstallPrivacy.auditTarget(install))"])
        return InstallErasureResponse(install: install, erasure)
    }
}
