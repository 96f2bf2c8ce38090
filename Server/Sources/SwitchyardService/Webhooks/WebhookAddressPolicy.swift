import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which webhook URLs the service may POST to: `http` or `https` only, and — unless private
/// addresses are allowed — no host that resolves to a loopback, private, link-local, carrier-grade
/// NAT, unspecified, multicast or reserved address. Cloud metadata addresses are refused always.
/// Checked when a webhook is created and again before every delivery (DNS may have changed).
struct WebhookAddressPolicy: Sendable {
    /// Whether loopback, private, link-local and CGNAT addresses are allowed.
    var allowPrivate: Bool
    /// How long a name may take to resolve.
    var resolveTimeout: Duration = .seconds(5)

    /// The ranges refused, with what to call them, most specific first.
    static let refused: [(range: AddressRange, kind: String, isPrivate: Bool)] = [
        ("169.254.169.254/32", "cloud metadata", false),
        ("fd00:ec2::254/128", "cloud metadata", false),
        ("0.0.0.0/8", "unspecified", true),
        ("::/128", "unspecified", true),
        ("127.0.0.0/8", "loopback", true),
        ("::1/128", "loopback", true),
        ("10.0.0.0/8", "private", true),
        ("172.16.0.0/12", "private", true),
        ("192.168.0.0/16", "private", true),
        ("fc00::/7", "private", true),
        ("169.254.0.0/16", "link-local", true),
        ("fe80::/10", "link-local", true),
        ("100.64.0.0/10", "carrier-grade NAT", true),
        ("224.0.0.0/4", "multicast", false),
        ("ff00::/8", "multicast", false),
        ("240.0.0.0/4", "reserved", false),
    ]

    /// Why `url` may not receive webhooks, or nil when it may. The message names the URL and,
    /// for a refused address, the address and its kind.
    func refusal(for url: String) async -> String? {
        guard let parsed = URLComponents(string: url), let scheme = parsed.scheme?.lowercased() else {
            return "'url' must be an absolute http or https URL, got '\(url)'"
        }
        guard scheme == "http" || scheme == "https" else {
            return "'url' must use http or https, got '\(scheme)'"
        }
        guard var host = parsed.host, !host.isEmpty else {
            return "'url' must be an absolute http or https URL, got '\(url)'"
        }
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        let addresses: [String]
        if IPAddress(host) != nil {
            addresses = [host]
        } else {
            addresses = await Self.resolve(host, timeout: resolveTimeout)
            guard !addresses.isEmpty else { return "the webhook host '\(host)' does not resolve" }
        }
        for address in addresses {
            if let refusal = refusal(address: address, host: host) { return refusal }
        }
        return nil
    }

    /// Why one resolved address is refused, or nil.
    func refusal(address: String, host: String) -> String? {
        // IPAddress reads an IPv4-mapped IPv6 address as the IPv4 address it maps.
        guard let parsed = IPAddress(address) else { return "the webhook host '\(host)' resolves to '\(address)', not an address" }
        for entry in Self.refused where entry.range.contains(parsed) {
            if entry.isPrivate && allowPrivate { return nil }
            let via = host == address ? "'\(host)'" : "'\(host)' resolves to \(address), which"
            let article = entry.kind.first.map { "aeiou".contains($0) } == true ? "an" : "a"
            return "webhook host \(via) is \(article) \(entry.kind) address; webhooks may not reach loopback, private, "
                + "link-local, CGNAT or metadata addresses" + (entry.isPrivate ? " (serve --webhook-allow-private allows private ones)" : "")
        }
        return nil
    }

    /// The host's addresses (getaddrinfo on a thread of its own, so a slow resolver never holds
    /// a cooperative thread); empty when it does not resolve in `timeout`.
    static func resolve(_ host: String, timeout: Duration) async -> [String] {
        await withTaskGroup(of: [String]?.self) { group in
            group.addTask {
                await withCheckedContinuation { continuation in
                    Thread.detachNewThread { continuation.resume(returning: addresses(host)) }
                }
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? []
        }
    }

    /// Every address `host` resolves to, as text.
    private static func addresses(_ host: String) -> [String] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return [] }
        defer { freeaddrinfo(first) }
        var addresses: [String] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let entry = cursor {
            var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            if entry.pointee.ai_family == AF_INET, let address = entry.pointee.ai_addr {
                address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                    var raw = v4.pointee.sin_addr
                    _ = inet_ntop(AF_INET, &raw, &buffer, socklen_t(buffer.count))
                }
            } else if entry.pointee.ai_family == AF_INET6, let address = entry.pointee.ai_addr {
                address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                    var raw = v6.pointee.sin6_addr
                    _ = inet_ntop(AF_INET6, &raw, &buffer, socklen_t(buffer.count))
                }
            }
            let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !text.isEmpty && !addresses.contains(text) { addresses.append(text) }
            cursor = entry.pointee.ai_next
        }
        return addresses
    }
}
