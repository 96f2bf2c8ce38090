extension LinkExplainer {
    /// A short link whose code the store does not have, as a tap on it goes: the service answers
    /// 404 on every platform, and where the association files claim the short link the system
    /// opens the app, whose resolve call answers 404 too. Warning `unknown-code`.
    func unknown(code: String, url: String) -> LinkExplanation {
        let why = "no link with the code '\(code)'"
        return LinkExplanation(url: url, kind: "short-link", code: code, route: nil,
                               cases: refusals(why: why, status: 404, statusText: "404 Not Found", shortURL: service.shortURL(code)),
                               warnings: [.init(code: "unknown-code", message: why + " in the store: it was never issued (or was mistyped)")])
    }

    /// Every case `refuse` with `why`: the service answers `status`; with the app installed and
    /// the short link claimed, the system opens the app, whose resolve call answers it too.
    func refusals(why: String, status: Int, statusText: String, shortURL: String) -> [LinkExplanation.Case] {
        let files = publishedFiles()
        return Self.order.map { platform, app in
            if app == "installed", let claim = claim(files, platform: platform, path: AssociationURL(shortURL)) {
                return LinkExplanation.Case(
                    platform: platform, app: app, action: "refuse", target: nil, claim: claim, deferred: .none,
                    reason: why + ": the system opens the app, whose resolve call answers \(statusText)", userAgent: nil, status: nil, location: nil)
            }
            return LinkExplanation.Case(platform: platform, app: app, action: "refuse", target: nil, claim: nil, deferred: .none,
                                        reason: why + ": the service answers \(statusText)", userAgent: Self.userAgent(platform),
                                        status: status, location: nil)
        }
    }
}
