import Switchyard
import SwitchyardStore

/// A link preview's card (`{"title", "description", "image"}`) for crawlers and chat apps, in a
/// request and in the `Link` it answers.
struct LinkPreview: Decodable, Sendable, Hashable {
    /// The card's title, at most 512 bytes.
    var title: String?
    /// Its text, at most 2048 bytes.
    var description: String?
    /// An absolute http(s) image URL, checked by ``LinkRules``.
    var image: String?

    /// An empty preview.
    init() {}

    /// Creates a preview.
    init(title: String? = nil, description: String? = nil, image: String? = nil) {
        self.title = title
        self.description = description
        self.image = image
    }

    /// A stored link's preview.
    init(_ preview: SmartLink.Preview) {
        self.init(title: preview.title, description: preview.description, image: preview.image)
    }

    /// As the store keeps it.
    var stored: SmartLink.Preview { SmartLink.Preview(title: title, description: description, image: image) }
}

extension LinkPreview: APIRequestBody {
    /// As a request gives it: `unknown field 'preview.x'`, `'preview.title' must be a string, got
    /// number`; checked by ``validate()``: `'preview.title' is longer than 512 bytes`.
    static let requestFields: [BodyField<Self>] = [
        .string("title", \.title, JSONSchema.string(maxLength: 512).nullable(), maxLength: 512, checkedAs: "preview.title"),
        .string("description", \.description, JSONSchema.string(maxLength: 2048).nullable(), maxLength: 2048,
                checkedAs: "preview.description"),
        .string("image", \.image, JSONSchema.string("An absolute http or https URL.", maxLength: 2048, pattern: APIPatterns.httpURL)
                    .nullable(), maxLength: 2048, checkedAs: "preview.image"),
    ]

    static var checksWhenRead: Bool { false }
}

extension LinkPreview: APIObject {
    /// As a `Link` answers it: every field, `null` where none is set.
    static let fields: [APIField<Self>] = [
        APIField("title", \.title), APIField("description", \.description), APIField("image", \.image),
    ]

    /// Writes every field, `null` where none is set, as an answer does (not as a request leaves
    /// them out).
    func encode(to encoder: any Encoder) throws {
        try encodeFields(to: encoder)
    }
}

/// Patterns the document's schemas share.
enum APIPatterns {
    /// The start of an absolute http or https URL with a host.
    static let httpURL = #"^[Hh][Tt][Tt][Pp][Ss]?://[^/?#@\\\s]+"#
    /// A link's code or alias in a path.
    static let code = "^[A-Za-z0-9_-]{1,64}$"
}
