/// Decides which URLs a link may send people to: `http`/`https` only, on an allowed domain or one
/// of its subdomains, with nothing a browser could read two ways (user info, backslashes, spaces,
/// control or non-ASCII characters).
struct FallbackPolicy: Sendable {
    /// Lower-cased allowed domains.
    let domains: [String]

    /// The domains every service allows: the app stores.
    static let storeDomains = ["apps.apple.com", "itunes.apple.com", "play.google.com"]

    init(tableHosts: [String], extra: [String]) {
        var all: [String] = []
        for domain in tableHosts + Self.storeDomains + extra {
            let lowered = domain.lowercased()
            if !lowered.isEmpty && !all.contains(lowered) { all.append(lowered) }
        }
        domains = all
    }

    /// Why `url` is refused, or nil when it is allowed.
    func refusal(for url: String) -> String? {
        guard let host = Self.host(of: url) else {
            return "'\(url)' is not an absolute http or https URL without user info, spaces or backslashes"
        }
        guard isAllowed(host: host) else {
            return "'\(host)' is not an allowed fallback domain (allowed: \(domains.joined(separator: ", ")))"
        }
        return nil
    }

    func isAllowed(host: String) -> Bool {
        domains.contains { host == $0 || host.hasSuffix("." + $0) }
    }

    /// The lower-cased host of a strict `http(s)://host[:port][/...]` URL, or nil.
    static func host(of url: String) -> String? {
        let bytes = Array(url.utf8)
        guard bytes.count <= 2048 else { return nil }
        for byte in bytes {
            // Printable ASCII only, minus the characters browsers repair or read differently.
            guard byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "\\"), byte != UInt8(ascii: "\""),
                  byte != UInt8(ascii: "<"), byte != UInt8(ascii: ">"), byte != UInt8(ascii: "`"),
                  byte != UInt8(ascii: "{"), byte != UInt8(ascii: "}"), byte != UInt8(ascii: "|"),
                  byte != UInt8(ascii: "^") else { return nil }
        }
        let lowered = url.lowercased()
        let rest: Substring
        if lowered.hasPrefix("https://") {
            rest = lowered.dropFirst(8)
        } else if lowered.hasPrefix("http://") {
            rest = lowered.dropFirst(7)
        } else {
            return nil
        }
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.contains("@"), !authority.contains("%") else { return nil }
        var host = authority
        if let colon = authority.firstIndex(of: ":") {
            let port = authority[authority.index(after: colon)...]
            guard !port.isEmpty, port.count <= 5, port.allSatisfy(\.isASCIIDigit), let number = Int(port), (1...65535).contains(number)
            else { return nil }
            host = authority[..<colon]
        }
        while host.hasSuffix(".") { host = host.dropLast() }
        guard !host.isEmpty, host.allSatisfy({ $0.isLetter || $0.isASCIIDigit || $0 == "-" || $0 == "." }),
              !host.hasPrefix("."), !host.contains("..") else { return nil }
        return String(host)
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
