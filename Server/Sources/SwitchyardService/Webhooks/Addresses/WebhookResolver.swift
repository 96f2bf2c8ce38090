import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Answers a host name's addresses, as text: the system's resolver, or a stand-in (tests answer
/// a public address, then loopback, as a rebinding name would).
struct WebhookResolver: Sendable {
    /// Every address `host` resolves to; empty when it does not.
    let resolve: @Sendable (_ host: String) async -> [String]

    /// `host`'s addresses, or none when they take longer than `timeout`.
    func addresses(_ host: String, timeout: Duration) async -> [String] {
        await withTaskGroup(of: [String]?.self) { group in
            group.addTask { await resolve(host) }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? []
        }
    }

    /// getaddrinfo, on a thread of its own so that a slow resolver never holds a cooperative thread.
    static let system = WebhookResolver { host in
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: WebhookResolver.systemAddresses(host)) }
        }
    }

    /// Every address `host` resolves to, as text, each once.
    private static func systemAddresses(_ host: String) -> [String] {
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
