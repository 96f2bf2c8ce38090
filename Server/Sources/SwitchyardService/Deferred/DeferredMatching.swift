import Crypto
import Foundation
import HTTPTypes
import NIOCore
import Hummingbird
import SwitchyardRules

/// Heuristic deferred deep linking, off unless the operator sets a window: when a phone opens a
/// link, the service remembers, for the window only, a salted hash of the coarse signals it sees —
/// the client's address, the platform and OS version from the user agent, the first
/// `Accept-Language` tag — and the link's code; never the signals themselves. After install, the
/// app claims the link with the same signals (`POST /api/v1/deferred/claim`); a match is consumed.
///
/// The salt is derived from the admin keys, so every instance configured alike computes the same
/// hashes, and a hash cannot be reversed without them.
struct DeferredMatching: Sendable {
    /// The coarse signals of one device, normalized so the browser's view and the app's agree.
    struct Signals: Sendable, Hashable {
        var platform: String
        var osVersion: String
        var language: String
        var address: String
    }

    let window: Duration
    /// The HMAC key (kept as bytes: `SymmetricKey` is not `Sendable`).
    private let salt: Data

    init(window: Duration, adminKeys: [String]) {
        self.window = window
        var material = "switchyard deferred matching v1"
        for key in adminKeys.sorted() { material += "\n" + key }
        salt = Data(SHA256.hash(data: Data(material.utf8)))
    }

    /// The salted hash of `signals` (hex).
    func fingerprint(_ signals: Signals) -> String {
        let text = [signals.platform, signals.osVersion, signals.language, signals.address].joined(separator: "\n")
        return HMAC<SHA256>.authenticationCode(for: Data(text.utf8), using: SymmetricKey(data: salt))
            .map { String(format: "%02x", $0) }.joined()
    }

    /// The signals of a browser's request: nil unless the user agent is an iPhone/iPad or Android
    /// phone whose OS version can be read.
    static func signals(userAgent: String?, acceptLanguage: String?, address: String) -> Signals? {
        guard let userAgent else { return nil }
        let platform: String
        let version: Substring
        if let range = userAgent.range(of: "Android ") {
            platform = "android"
            version = userAgent[range.upperBound...].prefix { $0.isNumber || $0 == "." }
        } else if userAgent.contains("iPhone") || userAgent.contains("iPad") || userAgent.contains("iPod"),
                  let range = userAgent.range(of: " OS ") {
            platform = "ios"
            version = userAgent[range.upperBound...].prefix { $0.isNumber || $0 == "_" }
        } else {
            return nil
        }
        guard let osVersion = normalizedVersion(version) else { return nil }
        return Signals(platform: platform, osVersion: osVersion, language: normalizedLanguage(acceptLanguage), address: address)
    }

    /// `18.1.2`, `18_1` and `18.1` all read `18.1`; `14`, `14.0` read `14`; nil when it has no digits.
    static func normalizedVersion(_ text: Substring) -> String? {
        let parts = text.split(whereSeparator: { $0 == "." || $0 == "_" }).prefix(2)
        guard let major = parts.first, !major.isEmpty, major.allSatisfy(\.isNumber), let majorNumber = Int(major) else { return nil }
        if parts.count == 2, let minor = Int(parts[parts.startIndex + 1]), minor != 0 { return "\(majorNumber).\(minor)" }
        return "\(majorNumber)"
    }

    /// The first language tag, lower-cased (`en-US,en;q=0.9` reads `en-us`); empty when none.
    static func normalizedLanguage(_ header: String?) -> String {
        guard let header else { return "" }
        let first = header.split(separator: ",").first?.split(separator: ";").first ?? ""
        return first.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: "_", with: "-")
    }

    /// Who the client is, for per-address limits and matching: the connection's peer, or — when
    /// the peer is in a trusted proxy range — the right-most `X-Forwarded-For` address that is not
    /// itself in one; then an IPv4 address as itself and an IPv6 address as its /64
    /// (``IPAddress/clientKey``). Text that is not an address is kept as it is.
    static func clientAddress(_ request: Request, peer: String?, trustedProxies: [AddressRange]) -> String {
        let client = clientText(request, peer: peer, trustedProxies: trustedProxies)
        return IPAddress(client)?.clientKey ?? client
    }

    /// The client's own address as ``clientAddress(_:peer:trustedProxies:)`` finds it, before an
    /// IPv6 address becomes its /64: what a rule's address range and the country lookup read.
    static func clientText(_ request: Request, peer: String?, trustedProxies: [AddressRange]) -> String {
        let peer = peer ?? ""
        guard !trustedProxies.isEmpty else { return peer }
        var client = peer
        if trustedProxies.contains(address: peer), let header = request.headers[.xForwardedFor] {
            let hops = header.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            // Only a well-formed address counts: a hop that is not one (`evil admin <b>x</b>`) would
            // become an audit address and a rate bucket of its own; the peer stands instead.
            let hop = hops.last { !trustedProxies.contains(address: $0) }
            client = hop.flatMap { IPAddress($0) != nil ? $0 : nil } ?? peer
        }
        return client
    }
}

extension HTTPField.Name {
    /// `X-Forwarded-For`, which swift-http-types does not name.
    static var xForwardedFor: Self { Self("X-Forwarded-For")! }
}

extension IPAddress {
    /// The address of a connection's peer, read from its bytes (no text written and parsed
    /// again); nil for a Unix socket.
    init?(peer: SocketAddress) {
        switch peer {
        case .v4(let address):
            var raw = address.address.sin_addr
            guard let read = withUnsafeBytes(of: &raw, { IPAddress(bytes: $0) }) else { return nil }
            self = read
        case .v6(let address):
            var raw = address.address.sin6_addr
            guard let read = withUnsafeBytes(of: &raw, { IPAddress(bytes: $0) }) else { return nil }
            self = read
        case .unixDomainSocket:
            return nil
        }
    }
}

extension LinkService {
    /// The client's own address, as ``DeferredMatching/clientText(_:peer:trustedProxies:)`` finds
    /// it: with no trusted proxy, the peer's, read from the socket's bytes.
    func clientIPAddress(_ request: Request, context: ServiceRequestContext) -> IPAddress? {
        let trusted = configuration.trustedProxies
        guard !trusted.isEmpty else { return context.remoteAddress.flatMap(IPAddress.init(peer:)) }
        return IPAddress(DeferredMatching.clientText(request, peer: context.remoteAddress?.ipAddress, trustedProxies: trusted))
    }
}
