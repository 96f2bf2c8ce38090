import Foundation
import Hummingbird
import Switchyard
import SwitchyardStore

/// `POST /v1/shortLinks`: Firebase Dynamic Links' REST API, so a backend that called
/// `https://firebasedynamiclinks.googleapis.com/v1/shortLinks` switches by changing its base URL.
///
/// The admin key comes as `Authorization: Bearer KEY` or as Firebase's `?key=KEY`. The body is
/// `{"longDynamicLink": "..."}` or `{"dynamicLinkInfo": {...}}`, with an optional
/// `{"suffix": {"option": "SHORT" | "UNGUESSABLE"}}`; the answer is
/// `{"shortLink", "previewLink", "warning": [{"warningCode", "warningMessage"}]}`, and a failure
/// is Firebase's `{"error": {"code", "message", "status"}}`. The link is created through the
/// admin API's own path (``LinkService/create(_:team:alias:codeLength:)``).
///
/// The route's group authenticates with ``KeyAuthentication`` like every API route, inside
/// ``FirebaseErrorMiddleware``, so a refusal comes in Firebase's shape like every other error here.
struct FirebaseShortLinksAPI: Sendable {
    let service: LinkService

    /// Firebase's UNGUESSABLE suffixes were 17 characters long.
    static let unguessableLength = 17

    /// The routes, under `v1/shortLinks`.
    var routes: ServiceRoutes {
        ServiceRoutes(context: ServiceRequestContext.self)
            .add(middleware: FirebaseErrorMiddleware())
            .add(middleware: KeyAuthentication(service: service, allowsQueryKey: true))
            .add(middleware: IdempotencyMiddleware(service: service, route: "shortLinks"))
            .post { request, context in try await create(request, context: context) }
    }

    func create(_ request: Request, context: ServiceRequestContext) async throws -> Response {
        let team = try context.team
        try await service.spend(.create, caller: "team:" + team)
        let body = try await request.decode(as: FirebaseShortLinkRequest.self, context: context)
        var warnings: [FirebaseShortLinkResponse.Warning] = []
        let long: FirebaseLongLink
        // The team's domain the request names (domainUriPrefix, dynamicLinkDomain or the long link's
        // host), else its default.
        let usable = service.domains.domains(team: team)
        let asked = body.dynamicLinkInfo?.requestedHost
            ?? body.longDynamicLink.flatMap { URLComponents(string: $0)?.host }.flatMap(DomainHost.bare)
        let domain = usable.first { $0.domain.host == asked } ?? usable[0]
        if let info = body.dynamicLinkInfo {
            let base = domain.isBootstrap ? service.configuration.trimmedBaseURL : "https://" + domain.domain.host
            let query = info.query(baseURL: base, warnings: &warnings)
            long = try FirebaseLongLink(query: Substring(query))
        } else {
            long = try FirebaseLongLink(url: body.longDynamicLink ?? "")
        }
        let length = body.suffix?.option == "SHORT" ? service.configuration.limits.codeLength : Self.unguessableLength
        for name in long.unrecognized {
            warnings.append(.init("UNRECOGNIZED_PARAM", "Unrecognized param '\(name)'."))
        }
        warnings += appWarnings(long)
        let draft: LinkDraft
        do {
            draft = try long.draft(table: service.table)
        } catch {
            throw Self.invalid(error.message)
        }
        let link = try await service.create(draft, team: team, alias: nil, domain: domain, codeLength: length,
                                            author: service.auditAuthor(request, context: context)).link
        context.logger.info("link created (Firebase REST API)", metadata: ["code": "\(link.code)", "team": "\(team)", "route": "\(link.route)"])
        let shortLink = service.shortURL(link.code)
        return try FirebaseShortLinkResponse(shortLink: shortLink, previewLink: shortLink + "?d=1", warning: warnings)
            .response(from: request, context: context)
    }

    /// Firebase's warnings for app identifiers the project does not know.
    func appWarnings(_ long: FirebaseLongLink) -> [FirebaseShortLinkResponse.Warning] {
        let apps = service.table.configuration.apps
        var warnings: [FirebaseShortLinkResponse.Warning] = []
        if let package = long.android.package, !apps.android.contains(where: { $0.package == package }) {
            warnings.append(.init("NOT_IN_PROJECT_ANDROID_PACKAGE_NAME",
                             "Android app '\(package)' lacks SHA256. AppLinks is not enabled for the app: the route table names no such Android app."))
        }
        if let bundle = long.ios.bundleID, !apps.ios.contains(where: { $0.hasSuffix("." + bundle) }) {
            warnings.append(.init("NOT_IN_PROJECT_IOS_BUNDLE_ID", "iOS app '\(bundle)' is not in the route table's apps."))
        }
        // amv and imv are kept as the link's minimum versions and applied to apps that send theirs.
        if long.ios.customScheme != nil {
            warnings.append(.init("NOT_USED", "Param 'ius' is accepted but not used: Switchyard opens the app through the route table."))
        }
        return warnings
    }

    static func invalid(_ message: String) -> Problem {
        Problem.invalid("invalid-argument", "Invalid argument", message)
    }
}

/// Answers an error thrown inside it (by ``KeyAuthentication`` or the handler) that has a problem
/// (``Problem/init(answering:)``) in Firebase's error shape (`{"error": {"code", "message",
/// "status"}}`), with the problem's status and headers (`WWW-Authenticate`, `Retry-After`). Any
/// other error goes on to ``ProblemMiddleware``.
struct FirebaseErrorMiddleware: RouterMiddleware {
    typealias Context = ServiceRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            guard let problem = Problem(answering: error) else { throw error }
            return try EditedResponse(status: problem.status, headers: problem.headers, response: FirebaseErrorResponse(problem))
                .response(from: request, context: context)
        }
    }
}
