import Foundation
import Switchyard
import SwitchyardRules
import SwitchyardStore

extension LinkRules {
    /// The A/B test `value` gives, checked: read (``LinkVariants/init(from:at:stored:)``: 2 to 4
    /// variants, weights of 10 at least summing to 100), each URL on an allowed domain, each route
    /// one the table builds with its parameters, and an end after `now`. Null is no test.
    ///
    /// - Throws: ``LinkRuleError`` `invalid-rule`, naming the path: `variants.targets[1].weight: is 5; a variant has 10 at least`.
    func variantTest(_ value: JSONValue, now: Date, field: String = "variants") throws(LinkRuleError) -> LinkVariants? {
        if value.isNull { return nil }
        let test: LinkVariants
        do {
            test = try LinkVariants(from: value, at: field)
        } catch {
            throw LinkRuleError(.invalidRule, error.message)
        }
        for (index, variant) in test.variants.enumerated() {
            try checkTarget(variant.target, at: "\(field).targets[\(index)]")
        }
        if let end = test.endsAt, end <= now {
            throw LinkRuleError(.invalidRule, "\(field).endsAt: \(APIDates.text(end)) is not in the future")
        }
        return test
    }
}
