/// Finds the listed host that a `Referer` names, itself or as a parent domain
/// (`scan.example.net` lists `a.scan.example.net` too).
///
/// The header is read as bytes (no Foundation search, no lowercased copy of the whole header):
/// a person's every click with a referrer passes here.
///
/// - Complexity: O(*n*) in the referrer's length, and one dictionary look-up per label of its host.
struct ReferrerHosts: Sendable {
    private let indexOfHost: [String: Int]

    /// The set of `hosts` (lowercase host names); a host listed twice answers its first index.
    init(_ hosts: [String]) {
        var indexOfHost: [String: Int] = [:]
        for (index, host) in hosts.enumerated() where indexOfHost[host] == nil {
            indexOfHost[host] = index
        }
        self.indexOfHost = indexOfHost
    }

    /// The index of the listed host that `referrer`'s host is or is under, or nil.
    func firstMatch(referrer: String) -> Int? {
        guard !indexOfHost.isEmpty, let host = Self.hostBytes(of: referrer) else { return nil }
        var start = 0
        while true {
            if let index = indexOfHost[String(decoding: host[start...], as: UTF8.self)] { return index }
            guard let dot = host[start...].firstIndex(of: UInt8(ascii: ".")) else { return nil }
            start = dot + 1
        }
    }

    /// The host of a URL (`https://user@Scan.Example.NET:8443/x?y` reads `scan.example.net`);
    /// without a scheme, the text up to the first `/`, `?` or `#`.
    static func host(of referrer: String) -> String? {
        hostBytes(of: referrer).map { String(decoding: $0, as: UTF8.self) }
    }

    private static func hostBytes(of referrer: String) -> [UInt8]? {
        let bytes = Array(referrer.utf8.prefix(2048))
        var start = 0
        // A scheme: letters, digits, '+', '-', '.' up to "://".
        var scheme = 0
        while scheme < bytes.count, bytes[scheme].isSchemeByte { scheme += 1 }
        if scheme > 0, bytes.count >= scheme + 3, bytes[scheme] == UInt8(ascii: ":"),
           bytes[scheme + 1] == UInt8(ascii: "/"), bytes[scheme + 2] == UInt8(ascii: "/") {
            start = scheme + 3
        }
        var end = bytes[start...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
        if let at = bytes[start..<end].lastIndex(of: UInt8(ascii: "@")) { start = at + 1 }
        guard start < end, bytes[start] != UInt8(ascii: "[") else { return nil }  // an IPv6 literal is never a listed host
        if let colon = bytes[start..<end].firstIndex(of: UInt8(ascii: ":")) { end = colon }
        while end > start, bytes[end - 1] == UInt8(ascii: ".") { end -= 1 }
        guard start < end, end - start <= 253 else { return nil }
        return bytes[start..<end].map { $0 &- UInt8(ascii: "A") < 26 ? $0 | 0x20 : $0 }
    }
}

extension UInt8 {
    fileprivate var isSchemeByte: Bool {
        let lower = self | 0x20
        return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lower) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
            || self == UInt8(ascii: "+") || self == UInt8(ascii: "-") || self == UInt8(ascii: ".")
    }
}
