import Foundation
import Hummingbird
import SwitchyardRules
import SwitchyardStore

extension LinkOpener {
    /// `GET /{code}?d=1`: the link's explanation as a page (Firebase Dynamic Links' debug
    /// preview), with a rule case for this very request (`you`: its user agent, Accept-Language,
    /// query without `d`, address and country). Counts no click; a password link shows its form
    /// instead (checked by the caller), so nothing of a protected link is shown.
    func debugPage(_ link: SmartLink, key: String, request: Request, context: ServiceRequestContext, at now: Date) -> Response {
        let explainer = LinkExplainer(service: service)
        var explanation = explainer.explain(link, url: service.shortURL(key))
        let rules = service.effectiveRules(link)
        if !rules.isEmpty {
            var ruleRequest = service.ruleRequest(request, context: context, platform: UserAgent.platform(request.headers[.userAgent]),
                                                  readsQuery: true, now: now, reads: .all)
            ruleRequest.query.removeAll { $0.name == "d" }
            explanation.rules.insert(LinkExplainer.ruleCase(rules, request: ruleRequest, platform: "you"), at: 0)
        }
        if let test = link.content.variants, test.winner == nil {
            let yours = VariantChoice.cookieVariant(request, key: key, tag: VariantChoice.tag(test), count: test.variants.count)
            explanation.variantTest = (explanation.variantTest ?? "") + "; you: "
                + (yours.map { "variant \($0), kept by your cookie" } ?? "none yet, your next open gets one by weight")
        }
        return Responses.html(Pages.debug(explanation.table))
    }
}
