import HTTPTypes
import Hummingbird
import Switchyard
import SwitchyardStore

/// Whether the app release that asks (the `Switchyard-App-Version` header, ``AppRelease``) may
/// open a link: one that is older than the stricter of its route's `since` and the link's own
/// minimum version (Firebase's `imv` / `amv`) gets the link's fallback instead of a deep link it
/// cannot open. `resolve` and a deferred claim answer `appTooOld`, `redeem` refuses and spends
/// nothing, the open path sends such a request to the fallback, and `explain` lists the cases.
///
/// Without the header nothing is known about the app and nothing is refused: browsers never send
/// it, nor do apps built with an SDK that predates it.
enum AppVersionGate {
    /// The header's name.
    static let header = HTTPField.Name(AppRelease.headerName)!

    /// An app too old for a link: the version it needs and where to send it.
    struct TooOld: Sendable, Hashable {
        /// The release that asked.
        var release: AppRelease
        /// The oldest version that opens the link, as written (`2.3`, `230`).
        var requiredVersion: String
        /// The update destination or fallback for the release's platform; nil when the link has none.
        var fallback: String?
        /// Why, in a sentence that names what asks for the version.
        var reason: String
    }

    /// The release in a request's header; nil without the header.
    ///
    /// - Throws: a 400 `invalid-app-version` problem for a value that is not `ios/2.3.1` or `android/230`.
    static func release(of request: Request) throws(Problem) -> AppRelease? {
        guard let value = request.headers[header] else { return nil }
        guard let release = AppRelease(headerValue: value) else {
            throw Problem.invalid("invalid-app-version", "Invalid app version",
                                  "'\(AppRelease.headerName)' must be 'ios/' and dotted numbers (ios/2.3.1) or 'android/' and a "
                                    + "version code (android/230), got '\(value.prefix(64))'")
        }
        return release
    }

    /// The link's own minimum versions, where they read as versions (a value that does not is ignored).
    static func linkRequirement(_ link: SmartLink) -> AppVersionRequirement {
        AppVersionRequirement(ios: link.minimumVersions.ios.flatMap(DottedVersion.init),
                              android: link.minimumVersions.android.flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil })
    }

    /// The `since` of the route the link opens now; empty when no route has it.
    static func routeRequirement(_ link: SmartLink, in table: RouteTable) -> AppVersionRequirement {
        guard !link.isWebLink, let (route, _) = StoredLinkRoute.route(name: link.routeName, pattern: link.route, in: table) else {
            return AppVersionRequirement()
        }
        return route.definition.since
    }

    /// Whether `release` is too old for `link`, and what it gets instead; nil when it may open it.
    static func check(_ link: SmartLink, release: AppRelease?, in table: RouteTable) -> TooOld? {
        guard let release else { return nil }
        let route = routeRequirement(link, in: table), own = linkRequirement(link)
        guard let required = route.stricter(own).requiredVersion(for: release) else { return nil }
        let platform = release.platform == "ios" ? "iOS" : "Android"
        var needs: [String] = []
        if let version = route.requiredVersion(for: release) {
            let shown = StoredLinkRoute.shown(link, in: table)
            needs.append("route '\(shown.name ?? shown.route)' (since \(platform) \(version))")
        }
        if let version = own.requiredVersion(for: release) { needs.append("the link's own minimum \(platform) version (\(version))") }
        return TooOld(release: release, requiredVersion: required, fallback: fallback(for: link, platform: release.platform),
                      reason: "this app (\(release)) is older than \(required), which \(needs.joined(separator: " and ")) "
                        + (needs.count == 1 ? "needs" : "need"))
    }

    /// Where an app too old for the link goes: on iOS the App Store page to update (the link's
    /// `appStore`, else its iOS fallback), else its web fallback; on Android its Android fallback
    /// (the Play page), else its web fallback.
    static func fallback(for link: SmartLink, platform: String) -> String? {
        platform == "ios" ? link.fallbacks.appStore ?? link.fallbacks.ios ?? link.fallbacks.web
            : link.fallbacks.android ?? link.fallbacks.web
    }
}
