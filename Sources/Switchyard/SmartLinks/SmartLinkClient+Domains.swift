import Foundation

/// Short links on the service's other domains (``SmartLinkClient/linkDomains``). The service names
/// such a link by its key, `promo.example.com/m9Mm` (host, `/`, code: a code never contains `/`),
/// and its app endpoints take the code in the path and the host in a `domain` query; a bare code
/// is a link on the service's own domain.
extension SmartLinkClient {
    /// The code of the one-segment path `path` under the prefix `base` (the service's path, or
    /// `""`), when it is a valid code: letters, digits, `-` and `_`.
    static func shortCode(in path: String, under base: String) -> String? {
        let prefix = base.split(separator: "/")
        let segments = path.split(separator: "/")
        guard segments.count == prefix.count + 1, segments.prefix(prefix.count).elementsEqual(prefix) else {
            return nil
        }
        let code = segments[prefix.count]
        let valid = code.utf8.allSatisfy {
            PercentEncoding.isUnreserved($0) && $0 != UInt8(ascii: ".") && $0 != UInt8(ascii: "~")
        }
        return valid && !code.isEmpty ? String(code) : nil
    }

    /// The key of a short link on one of ``linkDomains`` (`https://promo.example.com/m9Mm` gives
    /// `promo.example.com/m9Mm`): an `https` URL without a port whose path is one valid code.
    func linkDomainKey(in url: URL) -> String? {
        guard url.scheme?.lowercased() == "https", url.port == nil, let host = url.host?.lowercased(),
              linkDomains.contains(host), let code = Self.shortCode(in: url.path, under: "") else { return nil }
        return "\(host)/\(code)"
    }

    /// The host and the code of a key (`promo.example.com/m9Mm`), split at its last `/`; nil for a
    /// bare code (the service's own domain) or one that starts with `/`.
    static func split(key: String) -> (host: String, code: String)? {
        guard let slash = key.lastIndex(of: "/"), slash != key.startIndex else { return nil }
        return (String(key[..<slash]), String(key[key.index(after: slash)...]))
    }

    /// The app endpoint `action` (`resolve`, `redeem`) of the link `code` names: the path
    /// `api/v1/links/m9Mm/redeem`, and for a key on another domain the percent-encoded query
    /// `domain=promo.example.com` (none for a bare code: the service's own domain).
    func linkEndpoint(_ action: String, code: String) -> (path: String, query: String?) {
        guard let (host, short) = Self.split(key: code) else {
            return ("api/v1/links/\(PercentEncoding.encode(code))/\(action)", nil)
        }
        return ("api/v1/links/\(PercentEncoding.encode(short))/\(action)", "domain=\(PercentEncoding.encode(host))")
    }
}
