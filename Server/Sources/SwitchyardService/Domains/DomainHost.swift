import HTTPTypes
import Hummingbird

/// Host names: a domain as an operator types it, and the host a request was made to.
enum DomainHost {
    /// `text` as a stored domain's host (lowercased, without a final dot), or why it is not one:
    /// a DNS name of two or more labels, each 1 to 63 letters, digits and inner hyphens, 253
    /// characters at most; no scheme, port, path or address.
    static func normalized(_ text: String) -> Result<String, DomainRefusal> {
        var host = text.lowercased()
        if host.hasSuffix(".") { host.removeLast() }
        let shown = String(text.prefix(80))
        guard !host.isEmpty, host.utf8.count <= 253 else { return .failure(.malformed(shown, "must be 1 to 253 characters")) }
        if host.contains("/") || host.contains(":") {
            return .failure(.malformed(shown, "is a host name only (links.example.com): no scheme, port or path"))
        }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2 else { return .failure(.malformed(shown, "needs at least two labels (links.example.com)")) }
        for label in labels {
            guard (1...63).contains(label.utf8.count), label.utf8.allSatisfy(isLabelByte),
                  label.utf8.first != UInt8(ascii: "-"), label.utf8.last != UInt8(ascii: "-") else {
                return .failure(.malformed(shown, "has a label that is not 1 to 63 letters, digits and inner hyphens"))
            }
        }
        guard !labels.last!.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return .failure(.malformed(shown, "is an address, not a host name"))
        }
        return .success(host)
    }

    private static func isLabelByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"): true
        default: false
        }
    }

    /// The host a request names, lowercased, without its port or a final dot: its `Host` (HTTP/1)
    /// or `:authority`, or, from a trusted proxy (`trusted` is asked only when the header is
    /// there), the last `X-Forwarded-Host` value. Nil when it names none.
    static func requested(_ request: Request, trusted: () -> Bool) -> String? {
        if let forwarded = request.headers[.xForwardedHost], trusted(),
           let last = forwarded.split(separator: ",").last {
            return bare(last.trimmingSpaces)
        }
        return request.head.authority.flatMap(bare)
    }

    /// `authority` without its port and final dot, lowercased (`[::1]:8080` gives `[::1]`).
    static func bare(_ authority: some StringProtocol) -> String? {
        var host = Substring(authority)
        if host.hasPrefix("[") {
            if let end = host.firstIndex(of: "]") { host = host[...end] }
        } else if let colon = host.lastIndex(of: ":") {
            host = host[..<colon]
        }
        if host.hasSuffix(".") { host = host.dropLast() }
        return host.isEmpty ? nil : host.lowercased()
    }
}

/// Why a domain cannot be added or used.
enum DomainRefusal: Error, Equatable {
    /// Not a host name; the text (shortened) and why.
    case malformed(String, String)

    var problem: Problem {
        switch self {
        case let .malformed(text, reason):
            Problem.invalid("invalid-domain", "Invalid domain", "domain '\(text)' \(reason)")
        }
    }
}

extension HTTPField.Name {
    /// `X-Forwarded-Host`, which swift-http-types does not name.
    static var xForwardedHost: Self { Self("X-Forwarded-Host")! }
}

/// Link domain hosts as the command line checks them (the admin API's rules).
public enum LinkDomainHost {
    /// `text` as a stored domain's host (`Links.Example.com.` gives `links.example.com`), or the
    /// message saying why it is not one (`domain 'a' needs at least two labels (links.example.com)`).
    public static func normalized(_ text: String) -> (host: String?, refusal: String?) {
        switch DomainHost.normalized(text) {
        case let .success(host): (host, nil)
        case let .failure(refusal): (nil, refusal.problem.detail)
        }
    }
}
