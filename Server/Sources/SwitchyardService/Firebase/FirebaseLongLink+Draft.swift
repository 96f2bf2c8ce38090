import Switchyard
import SwitchyardStore

extension FirebaseLongLink {
    /// The smart link this long link stands for, as a draft for ``LinkRules``: `link` resolved
    /// against the route table (its route, parameters and query), `isi` as the App Store URL and
    /// `apn` as the Play Store URL unless `ifl`/`afl` say otherwise (the App Store URL is kept
    /// beside `ifl` for the iPhone page's "Get the app"), `ipfl` for iPads, `ofl` (or, as Firebase
    /// did, the deep link itself) for other platforms, `st`/`sd`/`si` as the preview, `efr` as
    /// the forced redirect, `imv`/`amv` as the minimum versions and the analytics parameters as
    /// the link's campaign.
    ///
    /// - Throws: ``LinkRuleError``: `foreignHost` for a deep link on a host the table does not
    ///   own, `unroutedDeepLink` when no route matches, `invalidLongLink` for one the table cannot
    ///   read. Never a redirect to whatever `link` says.
    func draft(table: RouteTable) throws(LinkRuleError) -> LinkDraft {
        let resolved: DeepLink
        do {
            resolved = try table.resolve(link)
        } catch {
            if error.code == .unknownHost {
                let hosts = table.configuration.hosts.joined(separator: ", ")
                throw LinkRuleError(.foreignHost,
                                    "'link' (\(Self.excerpt(link))) is not on a host of this service's route table (\(hosts.isEmpty ? "none" : hosts))")
            }
            throw LinkRuleError(.invalidLongLink, "'link' (\(Self.excerpt(link))) cannot be read: \(error.message)")
        }
        guard let route = resolved.route, let parameters = resolved.routeParameters else {
            throw LinkRuleError(.unroutedDeepLink,
                                "no route in the route table matches 'link' (\(Self.excerpt(link)))")
        }
        var draft = LinkDraft(route: route)
        draft.routeParameters = parameters
        draft.queryParameters = resolved.queryParameters
        fill(&draft)
        return draft
    }

    /// The draft of a link that opens no route: every platform goes to the deep link itself (what
    /// Firebase did in a browser), with the preview, campaign and other fields as ``draft(table:)``.
    func webDraft() -> LinkDraft {
        var draft = LinkDraft(route: "")
        draft.webLink = true
        fill(&draft)
        draft.fallbacks = SmartLink.Fallbacks(ios: link, android: link, web: link)
        draft.fallbackNames = LinkDraft.FallbackNames(ios: "link", android: "link", web: "link", iPad: "link", appStore: "link")
        return draft
    }

    /// Everything but the route: fallbacks, preview, forced redirect, minimum versions, campaign.
    private func fill(_ draft: inout LinkDraft) {
        if let fallback = ios.fallback {
            draft.fallbacks.ios = fallback
            draft.fallbackNames.ios = "ifl"
        } else if let id = ios.appStoreID {
            draft.fallbacks.ios = "https://apps.apple.com/app/id\(id)"
            draft.fallbackNames.ios = "isi"
        }
        if let fallback = android.fallback {
            draft.fallbacks.android = fallback
            draft.fallbackNames.android = "afl"
        } else if let package = android.package {
            draft.fallbacks.android = "https://play.google.com/store/apps/details?id=\(package)"
            draft.fallbackNames.android = "apn"
        }
        draft.fallbacks.web = otherFallback ?? link
        draft.fallbackNames.web = otherFallback == nil ? "link" : "ofl"
        draft.fallbacks.iPad = ios.iPadFallback
        draft.fallbackNames.iPad = "ipfl"
        draft.fallbacks.appStore = ios.appStoreID.map { "https://apps.apple.com/app/id\($0)" }
        draft.fallbackNames.appStore = "isi"
        draft.forcedRedirect = forcedRedirect
        draft.minimumVersions = SmartLink.MinimumVersions(ios: ios.minimumVersion, android: android.minimumVersion)
        draft.campaign = analytics.isEmpty ? nil : analytics
        draft.preview = SmartLink.Preview(title: social.title.map { String($0.prefix(512)) },
                                          description: social.description.map { String($0.prefix(2048)) },
                                          image: social.image)
        draft.previewImageName = "si"
    }
}
