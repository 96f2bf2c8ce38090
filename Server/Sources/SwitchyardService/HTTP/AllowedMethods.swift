import Hummingbird

/// Which methods each of the service's paths answers, so a known path asked with another method
/// gets 405 with `Allow` rather than 404.
struct AllowedMethods: Sendable {
    /// Path patterns (`*` is one segment) and their methods, besides HEAD wherever GET is allowed.
    static let service: [(pattern: [Substring], methods: [HTTPRequest.Method])] = [
        (["api", "v1", "links"], [.get, .post]),
        (["api", "v1", "links", "*"], [.get, .patch, .delete]),
        (["api", "v1", "links", "*", "resolve"], [.get]),
        (["api", "v1", "links", "*", "redeem"], [.post]),
        (["api", "v1", "openapi.json"], [.get]),
        (["v1", "shortLinks"], [.post]),
        ([".well-known", "apple-app-site-association"], [.get]),
        ([".well-known", "assetlinks.json"], [.get]),
        (["*"], [.get]),
    ]

    /// The methods `path` answers; empty when the service has no such path.
    static func methods(for path: String) -> [HTTPRequest.Method] {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        for (pattern, methods) in service where pattern.count == segments.count {
            if zip(pattern, segments).allSatisfy({ $0 == "*" || $0 == $1 }) {
                return methods.contains(.get) ? methods + [.head] : methods
            }
        }
        return []
    }
}
