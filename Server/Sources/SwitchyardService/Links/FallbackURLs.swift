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

    enum CodingKeys: String, CodingKey, CaseIterable {
        case ios, android, web
    }

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

    /// Reads the object: `unknown field 'fallbacks.desktop'`, `'fallbacks.ios' must be a string, got number`.
    init(from decoder: any Decoder) throws {
        let fields = try BodyFields(decoder)
        try fields.rejectUnknownKeys(CodingKeys.self)
        ios = try fields.string(CodingKeys.ios)
        android = try fields.string(CodingKeys.android)
        web = try fields.string(CodingKeys.web)
    }

    /// As the store keeps them.
    var stored: SmartLink.Fallbacks { SmartLink.Fallbacks(ios: ios, android: android, web: web) }

    /// URLs of at most 2048 bytes.
    func validate() throws(Problem) {
        for (url, key) in [(ios, CodingKeys.ios), (android, .android), (web, .web)] {
            try BodyFields.check(url, "fallbacks.\(key.stringValue)", maxLength: 2048)
        }
    }
}

extension FallbackURLs: APIObject {
    /// As a `Link` answers them: every platform, `null` where none is set.
    static let fields: [APIField<Self>] = [APIField("ios", \.ios), APIField("android", \.android), APIField("web", \.web)]

    /// As a request gives them (read by ``init(from:)``).
    static var requestSchema: JSONSchema {
        let url = JSONSchema.string("An absolute http or https URL on an allowed domain.", maxLength: 2048,
                                    pattern: APIPatterns.httpURL).nullable()
        return .object(["ios": url, "android": url, "web": url], additionalProperties: .forbidden)
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
