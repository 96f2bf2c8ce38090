import Switchyard
import SwitchyardStore

/// A link's fallback URLs (`{"ios", "android", "web"}`), in a request and in the `Link` it
/// answers; each is an absolute http(s) URL on an allowed domain, checked by ``LinkRules``.
struct FallbackURLs: Decodable, Sendable, Hashable {
    /// Where iOS goes without the app.
    var ios: String?
    /// Where Android goes without the app.
    var android: String?
    /// Where everything else goes.
    var web: String?

    /// No fallbacks.
    init() {}

    /// Creates a set of fallbacks.
    init(ios: String? = nil, android: String? = nil, web: String? = nil) {
        self.ios = ios
        self.android = android
        self.web = web
    }

    /// A stored link's fallbacks.
    init(_ fallbacks: SmartLink.Fallbacks) {
        self.init(ios: fallbacks.ios, android: fallbacks.android, web: fallbacks.web)
    }

    /// As the store keeps them.
    var stored: SmartLink.Fallbacks { SmartLink.Fallbacks(ios: ios, android: android, web: web) }
}

extension FallbackURLs: APIRequestBody {
    /// As a request gives them: `unknown field 'fallbacks.desktop'`, `'fallbacks.ios' must be a
    /// string, got number`; checked by ``validate()``: `'fallbacks.ios' is longer than 2048 bytes`.
    static let requestFields: [BodyField<Self>] = [
        .string("ios", \.ios, url, maxLength: 2048, checkedAs: "fallbacks.ios"),
        .string("android", \.android, url, maxLength: 2048, checkedAs: "fallbacks.android"),
        .string("web", \.web, url, maxLength: 2048, checkedAs: "fallbacks.web"),
    ]

    static var checksWhenRead: Bool { false }

    /// One fallback URL in a request.
    private static let url = JSONSchema.string("An absolute http or https URL on an allowed domain.", maxLength: 2048,
                                               pattern: APIPatterns.httpURL).nullable()
}

extension FallbackURLs: APIObject {
    /// As a `Link` answers them: every platform, `null` where none is set.
    static let fields: [APIField<Self>] = [APIField("ios", \.ios), APIField("android", \.android), APIField("web", \.web)]

    /// Writes every field, `null` where none is set, as an answer does (not as a request leaves
    /// them out).
    func encode(to encoder: any Encoder) throws {
        try encodeFields(to: encoder)
    }
}

/// A link's fallbacks as a `Link` answers them: the three a request sets (``FallbackURLs``), and
/// the two only a Firebase import sets: `ipad` (its `ipfl`) and `appStore` (its `isi`).
struct LinkFallbacks: Sendable, Hashable {
    var ios: String?
    var android: String?
    var web: String?
    var iPad: String?
    var appStore: String?

    /// A stored link's fallbacks.
    init(_ fallbacks: SmartLink.Fallbacks) {
        ios = fallbacks.ios
        android = fallbacks.android
        web = fallbacks.web
        iPad = fallbacks.iPad
        appStore = fallbacks.appStore
    }
}

extension LinkFallbacks: APIObject {
    /// Every platform, `null` where none is set.
    static let fields: [APIField<Self>] = [
        APIField("ios", \.ios, "Where iOS goes without the app."), APIField("android", \.android, "Where Android goes without the app."),
        APIField("web", \.web, "Where everything else goes."),
        APIField("ipad", \.iPad, "Where iPads go without the app (a Firebase link's ipfl); set by a Firebase import only."),
        APIField("appStore", \.appStore, "The App Store page the iPhone page offers beside another iOS fallback (a Firebase "
                     + "link's isi); set by a Firebase import only."),
    ]
}
