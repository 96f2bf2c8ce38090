public import Foundation

/// A team's subscription: where to POST which events, and the secret their signatures use.
public struct Webhook: Sendable, Hashable {
    /// The identifier (`wh_` and random letters).
    public var id: String
    /// The team whose links' events it receives.
    public var team: String
    /// The receiver (`http` or `https`).
    public var url: String
    /// The event types it receives.
    public var events: Set<WebhookEventType>
    /// The HMAC-SHA256 key of its deliveries' signatures (shown once, at creation).
    public var secret: String
    /// When it was created.
    public var createdAt: Date

    /// Creates a subscription value.
    public init(id: String, team: String, url: String, events: Set<WebhookEventType>, secret: String, createdAt: Date) {
        self.id = id
        self.team = team
        self.url = url
        self.events = events
        self.secret = secret
        self.createdAt = createdAt
    }

    /// The event types as stored: their names in order, separated by commas.
    var storedEvents: String { events.map(\.rawValue).sorted().joined(separator: ",") }

    /// Event types read back from ``storedEvents``; an unknown name is corruption.
    static func events(stored text: String, id: String) throws(StoreError) -> Set<WebhookEventType> {
        var events: Set<WebhookEventType> = []
        for name in text.split(separator: ",") {
            guard let type = WebhookEventType(rawValue: String(name)) else {
                throw StoreError(.corrupt, "webhook '\(id)': unknown event type '\(name)'")
            }
            events.insert(type)
        }
        return events
    }
}

/// What a webhook can subscribe to.
public enum WebhookEventType: String, Sendable, Hashable, CaseIterable, Codable {
    /// A link was opened (clicks are reported per link and click batch).
    case linkClicked = "link.clicked"
    /// An install spent one of a link's redemptions.
    case linkRedeemed = "link.redeemed"
    /// A deferred claim handed a link to a freshly installed app.
    case linkClaimed = "link.claimed"
    /// A link was created.
    case linkCreated = "link.created"
    /// A link's A/B test ended, and its winner became the link's target.
    case linkVariantDecided = "link.variant_decided"
}

/// Outbox rows: one event for one webhook, and the state of its delivery.
public enum WebhookDelivery {
    /// A delivery to write to the outbox, with the write that reports its event.
    public struct New: Sendable, Hashable {
        /// The webhook it goes to.
        public var webhookID: String
        /// The event's identifier (the same for every webhook it goes to: receivers drop duplicates by it).
        public var eventID: String
        /// The event's type.
        public var type: WebhookEventType
        /// The exact JSON body to POST (signed as it is).
        public var body: String
        /// When the event happened; the retries stop a retry window after it.
        public var createdAt: Date

        /// Creates an outbox row.
        public init(webhookID: String, eventID: String, type: WebhookEventType, body: String, createdAt: Date) {
            self.webhookID = webhookID
            self.eventID = eventID
            self.type = type
            self.body = body
            self.createdAt = createdAt
        }
    }

    /// A delivery claimed for an attempt (leased until the claim's `leaseUntil`). Only the stores
    /// make one (with the memberwise initializer, internal to this module).
    public struct Claimed: Sendable, Hashable {
        /// The outbox row.
        public var id: Int64
        /// What was enqueued.
        public var delivery: New
        /// Attempts so far, this one included.
        public var attempts: Int
        /// Where it goes.
        public var url: String
        /// The webhook's signing secret.
        public var secret: String
    }

    /// A delivery given up on (shown on the dashboard until its webhook is deleted). Only the
    /// stores make one (with the memberwise initializer, internal to this module).
    public struct Failed: Sendable, Hashable {
        /// The outbox row.
        public var id: Int64
        /// What was enqueued.
        public var delivery: New
        /// Attempts made.
        public var attempts: Int
        /// The receiver.
        public var url: String
        /// When it was given up.
        public var failedAt: Date
        /// The last attempt's failure (a status, a timeout, a refused address).
        public var lastError: String?
    }
}

/// Makes the outbox rows of an event about a link, inside the transaction that writes it: none
/// when no webhook of the link's team subscribes. Called with the link as the write leaves it.
public typealias WebhookDeliveries = @Sendable (SmartLink) -> [WebhookDelivery.New]

/// Makes the outbox rows of a click batch inside the batch's transaction, from its clicks and the
/// team of each of their links (`teams[code]`; a code without a link is absent).
public typealias WebhookClickDeliveries = @Sendable (_ teams: [String: String], _ clicks: [Click]) -> [WebhookDelivery.New]
