import Switchyard
import SwitchyardStore

extension InstallProofAction: APIEnumeration {
    static var valueSchema: JSONSchema {
        casesSchema.refined("redeem: spending a redemption; resolve: being handed the metadata of a link without a redeem limit.")
    }

    /// The body field `installProofFor`: a non-empty array of `redeem` and `resolve`, kept in that
    /// order, each once.
    static func parse(_ value: JSONValue) throws(Problem) -> [InstallProofAction] {
        guard case .array(let items) = value, !items.isEmpty else {
            throw Problem.invalid("invalid-field", "Invalid field",
                                  "'installProofFor' must be a non-empty array of \"redeem\" and \"resolve\", got "
                                    + (value == .array([]) ? "an empty array" : value.typeName))
        }
        var actions: [InstallProofAction] = []
        for item in items {
            guard let name = item.stringValue, let action = InstallProofAction(rawValue: name) else {
                throw Problem.invalid("invalid-field", "Invalid field",
                                      "'installProofFor' names \"redeem\" and \"resolve\" only, got \(item.stringValue.map { "'\($0)'" } ?? item.typeName)")
            }
            actions.append(action)
        }
        let normalized = normalized(actions)
        guard normalized == defaultActions else {
            throw Problem.invalid("invalid-field", "Invalid field", """
                'installProofFor' must name both "redeem" and "resolve" (or be left out): an attested link asks an App Attest \
                assertion on every endpoint that spends a redemption or hands out its metadata (redeem, resolve and the \
                deferred claim), so no endpoint can be left open
                """)
        }
        return normalized
    }

    /// The schema of `installProofFor` in a request body.
    static let requestSchema = JSONSchema.array(of: casesSchema).described(
        "The app endpoints installProof applies to: always both, redeem (spending a redemption) and resolve (being handed the metadata of a link "
            + "without a redeem limit, and the deferred claim; without proof they answer the route and no metadata). A list naming one of them "
            + "only is refused: no endpoint of an attested link is left open. Kept for compatibility; leave it out.")
}
