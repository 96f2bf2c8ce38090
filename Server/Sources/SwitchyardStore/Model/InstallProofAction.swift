/// An app endpoint a link's ``InstallProof`` applies to: `redeem` (spending a redemption) and
/// `resolve` (being handed the metadata of a link without a redeem limit).
public enum InstallProofAction: String, Sendable, Hashable, Codable, CaseIterable {
    /// `POST /api/v1/links/{code}/redeem`.
    case redeem
    /// `GET /api/v1/links/{code}/resolve`: without proof the route is answered, the metadata is not.
    case resolve

    /// What an attested link covers: every endpoint that spends a redemption or hands out its
    /// metadata (the redeem, the resolve, and with it the deferred claim). A stored list naming
    /// fewer (links made before this was the rule) is read and kept, and covers these all the same.
    public static let defaultActions: [InstallProofAction] = [.redeem, .resolve]

    /// `actions` in one order, each once.
    public static func normalized(_ actions: [InstallProofAction]) -> [InstallProofAction] {
        allCases.filter(actions.contains)
    }

    /// The stored text of `install_proof_for` (comma-separated names).
    static func storedText(_ actions: [InstallProofAction]?) -> String? {
        actions.map { normalized($0).map(\.rawValue).joined(separator: ",") }
    }

    /// A stored `install_proof_for` (NULL: ``defaultActions``); an unknown name is corrupt data.
    static func stored(_ text: String?, code: String) throws(StoreError) -> [InstallProofAction]? {
        guard let text else { return nil }
        var actions: [InstallProofAction] = []
        for name in text.split(separator: ",", omittingEmptySubsequences: true) {
            guard let action = InstallProofAction(rawValue: String(name)) else {
                throw StoreError(.corrupt, "link '\(code)' has install_proof_for '\(text)': '\(name)' is neither 'redeem' nor 'resolve'")
            }
            actions.append(action)
        }
        return actions
    }
}
