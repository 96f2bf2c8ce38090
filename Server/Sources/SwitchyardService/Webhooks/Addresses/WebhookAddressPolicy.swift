import Foundation
import SwitchyardRules

/// Which webhook URLs the service may POST to, and where exactly: `http` or `https` only, and —
/// unless private addresses are allowed — no address in a special-purpose block
/// (``SpecialAddresses``: loopback, private, link-local, CGNAT, documentation, benchmarking,
/// NAT64, 6to4, Teredo, multicast, reserved, ...). Cloud metadata addresses are refused always.
///
/// Checked when a webhook is created and again before every delivery. The host is resolved
/// **once** per check, every answer is checked, and the delivery connects to the first answer
/// (``Target/address``) with the URL's own host in `Host` and as the TLS server name: the
/// connection never resolves the name again, so a name whose answers change between the check
/// and the connection (DNS rebinding) cannot lead it elsewhere.
struct WebhookAddressPolicy: Sendable {
    /// Whether loopback, private, link-local and CGNAT addresses are allowed.
    var allowPrivate: Bool
    /// How long a name may take to resolve.
    var resolveTimeout: Duration = .seconds(5)
    /// Answers a host name's addresses (the system's resolver; tests put a stand-in here).
    var resolver: WebhookResolver = .system

    /// Where a delivery goes: the URL, its host as written, and the checked address it connects to.
    struct Target: Sendable, Hashable {
        let url: String
        let host: String
        let address: String
    }

    /// Why a URL may not receive webhooks: the message the API answers (it names the URL or the
    /// address) and the category a delivery stores (which says nothing of the address).
    struct Refusal: Error, Sendable, Hashable {
        let message: String
        let failure: WebhookFailure
    }

    /// Why `url` may not receive webhooks, or nil when it may (the API's check at creation).
    func refusal(for url: String) async -> String? {
        if case .failure(let refusal) = await check(url) { return refusal.message }
        return nil
    }

    /// The target of `url`: its host resolved once and every answer checked.
    func check(_ url: String) async -> Result<Target, Refusal> {
        guard let parsed = URLComponents(string: url), let scheme = parsed.scheme?.lowercased() else {
            return .failure(Refusal(message: "'url' must be an absolute http or https URL, got '\(url)'", failure: .invalidURL))
        }
        guard scheme == "http" || scheme == "https" else {
            return .failure(Refusal(message: "'url' must use http or https, got '\(scheme)'", failure: .invalidURL))
        }
        guard var host = parsed.host, !host.isEmpty else {
            return .failure(Refusal(message: "'url' must be an absolute http or https URL, got '\(url)'", failure: .invalidURL))
        }
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        let addresses: [String]
        if IPAddress(host) != nil {
            addresses = [host]
        } else {
            addresses = await resolver.addresses(host, timeout: resolveTimeout)
            guard !addresses.isEmpty else {
                return .failure(Refusal(message: "the webhook host '\(host)' does not resolve", failure: .unresolvable))
            }
        }
        for address in addresses {
            if let message = refusal(address: address, host: host) {
                return .failure(Refusal(message: message, failure: .addressRefused))
            }
        }
        return .success(Target(url: url, host: host, address: addresses[0]))
    }

    /// Why one resolved address is refused, or nil.
    func refusal(address: String, host: String) -> String? {
        guard let parsed = IPAddress(address) else { return "the webhook host '\(host)' resolves to '\(address)', not an address" }
        guard let block = SpecialAddresses.block(of: parsed) else { return nil }
        if block.isPrivate && allowPrivate { return nil }
        let via = host == address ? "'\(host)'" : "'\(host)' resolves to \(address), which"
        let article = block.kind.first.map { "aeiouAEIOU".contains($0) } == true ? "an" : "a"
        let carried = SpecialAddresses.embeddedIPv4(parsed, in: block).map { " carrying \($0)" } ?? ""
        return "webhook host \(via) is \(article) \(block.kind) address\(carried); webhooks may reach public addresses only"
            + (block.isPrivate ? " (serve --webhook-allow-private allows loopback, private, link-local and CGNAT ones)" : "")
    }
}
