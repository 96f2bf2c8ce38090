public import Hummingbird
import SwitchyardStore

extension LinkExplanation: ResponseEncodable {}

extension LinksAPI {
    /// `GET /api/v1/links/{code}/explain`: what the team's link does on each platform, and why
    /// (``LinkExplainer``); 404 for a link of another team or a deleted one.
    func explain(_ request: Request, context: ServiceRequestContext) async throws -> LinkExplanation {
        let team = try context.team
        let code = try key(request, context: context, team: team)
        let link = try await ownedLink(code, team: team)
        return explanation(of: link, code: code, request: request)
    }

    /// The explanation with the rule inputs the query asks about (`language`, `country`, `query`).
    func explanation(of link: SmartLink, code: String, request: Request) -> LinkExplanation {
        let query = request.uri.queryParameters
        var explainer = LinkExplainer(service: service)
        explainer.ruleInputs = RuleInputs(language: query["language"].map { String($0.prefix(256)) },
                                          country: query["country"].map { String($0.prefix(8)) },
                                          query: LinkExplainer.query(query["query"].map { String($0.prefix(2048)) } ?? ""))
        return explainer.explain(link, url: service.shortURL(code))
    }
}
