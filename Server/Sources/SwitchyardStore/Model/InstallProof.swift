/// What a link asks of an install before it spends a redemption: nothing, or an Apple App Attest
/// key of that install that signs the redeem (an assertion).
public enum InstallProof: String, Sendable, Hashable, Codable, CaseIterable {
    /// Any install identifier may redeem (the per-address cap on distinct installs still holds).
    case none
    /// Only an attested install, whose redeem carries a valid assertion.
    case attested

    /// A stored `install_proof` (NULL: the service's default); anything else is corrupt data.
    static func stored(_ text: String?, code: String) throws(StoreError) -> InstallProof? {
        guard let text else { return nil }
        guard let proof = InstallProof(rawValue: text) else {
            throw StoreError(.corrupt, "link '\(code)' has install_proof '\(text)', which is neither 'none' nor 'attested'")
        }
        return proof
    }
}

/// How many distinct installs one client address range may spend of one link in a window: the
/// cap that keeps made-up install identifiers from one place from draining a link.
public struct InstallSpread: Sendable, Hashable {
    /// The client's address range: an IPv4 address, or an IPv6 /64 (``AddressRange``'s key).
    public var addressRange: String
    /// The most distinct installs of that range per link within the window.
    public var limit: Int
    /// The window, in seconds.
    public var seconds: Int
    /// The most redemptions of the link by installs without proof, every address together and
    /// for the link's whole life; nil for no such cap. No number of addresses raises it.
    public var perLink: Int?

    /// A cap of `limit` installs per `seconds` for `addressRange`, and of `perLink` unproved
    /// redemptions of the link in all.
    public init(addressRange: String, limit: Int, seconds: Int, perLink: Int? = nil) {
        self.addressRange = addressRange
        self.limit = limit
        self.seconds = seconds
        self.perLink = perLink
    }
}
