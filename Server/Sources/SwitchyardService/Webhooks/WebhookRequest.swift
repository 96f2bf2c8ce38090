import Hummingbird
import Switchyard
import SwitchyardStore

/// The body of `POST /api/v1/webhooks` (the `CreateWebhook` schema).
///
/// ```json
/// {"url": "https://hooks.example.com/switchyard", "events": ["link.clicked", "link.created"]}
/// ```
struct CreateWebhookRequest: Sendable, Hashable {
    /// Where deliveries go: an absolute `http` or `https` URL of at most 2,048 bytes.
    var url: String
    /// The event types, at least one, each once.
    var events: [WebhookEventType]

    /// The longest URL accepted.
    static let maximumURLLength = 2048

    /// An empty body.
    init() {
        url = ""
        events = []
    }

    /// Creates a body.
    init(url: String, events: [WebhookEventType]) {
        self.url = url
        self.events = events
    }
}

extension CreateWebhookRequest: APIRequestBody, OpenAPISchema {
    static let schemaName = "CreateWebhook"

    /// Read and checked with the API's messages: `'url' is required`, `'events' must be a
    /// non-empty array of event types`, `'events' has an unknown event type 'link.opened'; ...`.
    static let requestFields: [BodyField<Self>] = [
        .requiredString("url", \.url, .string(
            "Where deliveries are POSTed: http or https, not a loopback, private, link-local or metadata address.",
            minLength: 1, maxLength: maximumURLLength, format: "uri"),
                        check: { url throws(Problem) in try BodyFields.check(url, "url", maxLength: maximumURLLength) }),
        BodyField("events", \.events, JSONSchema.array(of: .string(oneOf: WebhookEventType.allCases.map(\.rawValue)))
            .described("The event types to deliver, at least one, each once."), required: true,
                  read: { members, key in try events(members.value(key)) }),
    ]

    /// The event types of `value`: a non-empty array of known names, each once.
    private static func events(_ value: JSONValue?) throws(Problem) -> [WebhookEventType] {
        let known = WebhookEventType.allCases.map(\.rawValue).joined(separator: ", ")
        guard case .array(let items)? = value, !items.isEmpty else {
            throw Problem.invalid("invalid-events", "Invalid events", "'events' must be a non-empty array of event types: \(known)")
        }
        var events: [WebhookEventType] = []
        for item in items {
            guard case .string(let name) = item, let type = WebhookEventType(rawValue: name) else {
                let shown = if case .string(let name) = item { "'\(name.prefix(64))'" } else { item.typeName }
                throw Problem.invalid("invalid-events", "Invalid events", "'events' has an unknown event type \(shown); known: \(known)")
            }
            guard !events.contains(type) else {
                throw Problem.invalid("invalid-events", "Invalid events", "'events' names '\(name)' twice")
            }
            events.append(type)
        }
        return events
    }
}

/// A webhook as its team sees it (the `Webhook` schema); `secret` only in the answer of its creation.
struct WebhookResponse: Sendable, Hashable, ResponseEncodable {
    var id: String
    var url: String
    /// The event types, in the order of their names.
    var events: [WebhookEventType]
    /// The signing secret, shown once.
    var secret: String?
    /// ISO 8601.
    var createdAt: String

    /// A stored webhook, with its secret or without.
    init(_ webhook: Webhook, showingSecret: Bool) {
        id = webhook.id
        url = webhook.url
        events = webhook.events.sorted { $0.rawValue < $1.rawValue }
        secret = showingSecret ? webhook.secret : nil
        createdAt = APIDates.text(webhook.createdAt)
    }
}

extension WebhookResponse: APIObject, OpenAPISchema {
    static let schemaName = "Webhook"

    static let fields: [APIField<Self>] = [
        APIField("id", \.id),
        APIField("url", \.url, format: "uri"),
        APIField("events", \.events),
        APIField("secret", \.secret, "The signing secret: in the answer of the creation only.", whenAbsent: .omitted),
        APIField("createdAt", \.createdAt, format: "date-time"),
    ]
}

extension WebhookEventType: APIEnumeration {}

/// `GET /api/v1/webhooks`: the team's webhooks, oldest first, without their secrets.
struct WebhookListResponse: Sendable, Hashable, ResponseEncodable {
    var webhooks: [WebhookResponse]
}

extension WebhookListResponse: APIObject, OpenAPISchema {
    static let schemaName = "WebhookList"

    static let fields: [APIField<Self>] = [APIField("webhooks", \.webhooks)]
}
