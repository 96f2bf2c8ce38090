import Switchyard
import SwitchyardStore

extension LinkExplainer {
    /// The version cases of a link (``LinkExplanation/appVersions``): per platform, the stricter
    /// of its route's `since` and its own minimum version, and what an older app gets where the
    /// service can tell (resolve, redeem and claim carry `Switchyard-App-Version`; a browser's
    /// open does not).
    /// A long link (`stored` false) has no code the app could resolve: only an open that carries
    /// the version is judged.
    func appVersions(_ link: SmartLink, stored: Bool = true) -> [LinkExplanation.AppVersionCase] {
        let route = AppVersionGate.routeRequirement(link, in: service.table), own = AppVersionGate.linkRequirement(link)
        let both = route.stricter(own)
        var cases: [LinkExplanation.AppVersionCase] = []
        // (platform, required version, whether the route asks for it, whether the link does)
        let platforms: [(String, String?, Bool, Bool)] = [
            ("ios", both.ios?.description, route.ios != nil && route.ios == both.ios, own.ios != nil && own.ios == both.ios),
            ("android", both.android.map(String.init), route.android != nil && route.android == both.android,
             own.android != nil && own.android == both.android),
        ]
        for (platform, required, byRoute, byLink) in platforms {
            guard let required else { continue }
            let source = byRoute && byLink ? "route-and-link" : byRoute ? "route" : "link"
            let fallback = AppVersionGate.fallback(for: link, platform: platform)
            let destination = fallback.map { " with the fallback \($0)" } ?? " (the link has no fallback)"
            let older = stored
                ? "an older app's resolve and claim answer appTooOld" + destination
                    + " and its redeem is refused (app-too-old, nothing spent); a browser's open sends no app version, so the page or intent"
                    + " still offers the app, and the app's resolve then answers appTooOld"
                : "a long link has no code to resolve: only an open that sends Switchyard-App-Version is judged, and an older app's is"
                    + " redirected" + destination + "; a browser's open sends no app version, so the page or intent still offers the app"
            let name = source == "link" ? "the link's own minimum version" : "the route's since" + (source == "route-and-link" ? " and the link's minimum version" : "")
            cases.append(.init(platform: platform, requiredVersion: required, source: source, fallback: fallback,
                               reason: "\(name) (\(required)); \(older)"))
        }
        return cases
    }
}
