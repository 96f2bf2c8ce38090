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
struct FirebaseShortLinksAPI: Sendable {
    let service: LinkService

    /// Firebase's UNGUESSABLE suffixes were 17 characters long.
    static let unguessableLength = 17

    func register(on router: Hummingbird.Router<ServiceRequestContext>) {
        router.post("v1/shortLinks") { request, context in
            do {
                return try await create(request, context: context)
            } catch let problem as Problem {
                return Self.error(problem)
            }
        }
    }

    func create(_ request: Request, context: ServiceRequestContext) async throws -> Response {
        // Authenticated here rather than by a group's middleware, so that a refusal comes in
        // Firebase's error shape like every other error of this endpoint.
        let team = try KeyAuthentication(service: service, accepts: .admin, allowsQueryKey: true).adminTeam(of: request)
        try await service.spend(.create, caller: "team:" + team)
        let body = try await JSONBody.object(request, context: context, limit: service.configuration.limits.maximumBodySize)
        var warnings: [(code: String, message: String)] = []
        let long: FirebaseLongLink
        for key in body.keys.sorted() where !["longDynamicLink", "dynamicLinkInfo", "suffix"].contains(key) {
            throw Self.invalid("Invalid JSON payload received. Unknown name \"\(key)\": Cannot find field.")
        }
        do {
            switch (body["longDynamicLink"], body["dynamicLinkInfo"]) {
            case (.string(let url)?, nil):
                long = try FirebaseLongLink(url: url)
            case (nil, .object(let info)?):
                let query = try FirebaseLinkInfo.query(info, baseURL: service.configuration.trimmedBaseURL, warnings: &warnings)
                long = try FirebaseLongLink(query: Substring(query))
            case (.some, .some):
                throw Self.invalid("Give either 'longDynamicLink' or 'dynamicLinkInfo', not both.")
            case (nil, nil):
                throw Self.invalid("Request is missing 'longDynamicLink' or 'dynamicLinkInfo'.")
            default:
                throw Self.invalid("'longDynamicLink' must be a string and 'dynamicLinkInfo' an object.")
            }
        } catch let error as FirebaseLinkError {
            throw Self.invalid("Bad long link: \(error.message)")
        }
        let length = try suffixLength(body["suffix"])
        for name in long.unrecognized {
            warnings.append(("UNRECOGNIZED_PARAM", "Unrecognized param '\(name)'."))
        }
        warnings += appWarnings(long)
        let draft: LinkDraft
        do {
            draft = try long.draft(table: service.table)
        } catch {
            throw Self.invalid(error.detail)
        }
        let link = try await service.create(draft, team: team, alias: nil, codeLength: length)
        context.logger.info("link created (Firebase REST API)", metadata: ["code": "\(link.code)", "team": "\(team)", "route": "\(link.route)"])
        let shortLink = service.shortURL(link.code)
        var object = JSONObjectWriter()
        object["shortLink"] = .value(.string(shortLink))
        object["previewLink"] = .value(.string(shortLink + "?d=1"))
        object["warning"] = .value(.array(warnings.map { warning in
            .object(["warningCode": .string(warning.code), "warningMessage": .string(warning.message)])
        }))
        return Responses.json(object)
    }

    /// The suffix length for `{"option": "SHORT" | "UNGUESSABLE"}` (UNGUESSABLE when absent, as in Firebase).
    func suffixLength(_ value: JSONValue?) throws(Problem) -> Int {
        guard let value else { return Self.unguessableLength }
        guard case .object(let suffix) = value else { throw Self.invalid("'suffix' must be an object such as {\"option\": \"SHORT\"}.") }
        for key in suffix.keys where key != "option" {
            throw Self.invalid("Invalid JSON payload received. Unknown name \"\(key)\" at 'suffix': Cannot find field.")
        }
        switch suffix["option"] {
        case nil, .string("UNGUESSABLE")?: return Self.unguessableLength
        case .string("SHORT")?: return service.configuration.limits.codeLength
        case .string(let other)?: throw Self.invalid("'suffix.option' must be SHORT or UNGUESSABLE, got '\(other)'.")
        default: throw Self.invalid("'suffix.option' must be the string SHORT or UNGUESSABLE.")
        }
    }

    /// Firebase's warnings for app identifiers the project does not know.
    func appWarnings(_ long: FirebaseLongLink) -> [(code: String, message: String)] {
        let apps = service.table.configuration.apps
        var warnings: [(code: String, message: String)] = []
        if let package = long.android.package, !apps.android.contains(where: { $0.package == package }) {
            warnings.append(("NOT_IN_PROJECT_ANDROID_PACKAGE_NAME",
                             "Android app '\(package)' lacks SHA256. AppLinks is not enabled for the app: the route table names no such Android app."))
        }
        if let bundle = long.ios.bundleID, !apps.ios.contains(where: { $0.hasSuffix("." + bundle) }) {
            warnings.append(("NOT_IN_PROJECT_IOS_BUNDLE_ID", "iOS app '\(bundle)' is not in the route table's apps."))
        }
        for (name, value) in [("amv", long.android.minimumVersion), ("imv", long.ios.minimumVersion), ("ius", long.ios.customScheme)]
        where value != nil {
            warnings.append(("NOT_USED", "Param '\(name)' is accepted but not used: Switchyard opens the app through the route table."))
        }
        return warnings
    }

    static func invalid(_ message: String) -> Problem {
        Problem.invalid("invalid-argument", "Invalid argument", message)
    }

    /// A ``Problem`` in Firebase's error shape (`{"error": {"code", "message", "status"}}`), with its headers.
    static func error(_ problem: Problem) -> Response {
        let status = switch problem.status.code {
        case 400, 413, 415: "INVALID_ARGUMENT"
        case 401: "UNAUTHENTICATED"
        case 403: "PERMISSION_DENIED"
        case 404: "NOT_FOUND"
        case 409: "ALREADY_EXISTS"
        case 429: "RESOURCE_EXHAUSTED"
        case 503: "UNAVAILABLE"
        default: "INTERNAL"
        }
        var error = JSONObjectWriter()
        error["code"] = .value(.number(Double(problem.status.code)))
        error["message"] = .value(.string(problem.detail))
        error["status"] = .value(.string(status))
        var object = JSONObjectWriter()
        object["error"] = .object(error)
        return Responses.json(object, status: problem.status, headers: problem.headers)
    }
}
