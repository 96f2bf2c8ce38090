import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import SwitchyardRules
import SwitchyardStore

/// How a visitor gets one variant of a link's A/B test and keeps it: a browser by a cookie that
/// lasts 7 days (`sy_v_<hash of the link's key>` = `INDEX-TAG`, on the link's path only), an app by
/// its install (the same install always rolls the same), and an install that came through a
/// deferred link by the variant its click chose (``OpenChoice/variant(_:)``). The cookie's tag
/// names the test: a test replaced by `PATCH` chooses again.
enum VariantChoice {
    /// How long a browser keeps its variant.
    static let cookieLifetime: TimeInterval = 7 * 24 * 60 * 60

    /// The key a variant's figures are counted under (`event_days`): `key~v1`.
    static func figuresKey(_ key: String, variant: Int) -> String { OpenChoice.variant(variant).code(key) }

    /// Eight hex digits naming a test by its variants and weights.
    static func tag(_ test: LinkVariants) -> String {
        let arms = test.variants.map { "\($0.weight) \($0.target.json.serialized())" }.joined(separator: "\n")
        return SHA256.hash(data: Data(arms.utf8)).prefix(4).map { String(format: "%02x", $0) }.joined()
    }

    /// The cookie's name for a link key: `sy_v_` and 16 hex digits (a key may hold a host and `/`).
    static func cookieName(for key: String) -> String {
        "sy_v_" + SHA256.hash(data: Data(key.utf8)).prefix(8).map { String(format: "%02x", $0) }.joined()
    }

    /// The variant the request's cookie holds for the test tagged `tag` (``tag(_:)``) with
    /// `count` variants; nil without one (or for another test).
    static func cookieVariant(_ request: Request, key: String, tag: String, count: Int) -> Int? {
        let name = cookieName(for: key)
        for header in request.headers[values: .cookie] {
            for part in header.split(separator: ";") {
                let pair = part.drop { $0 == " " }
                guard pair.hasPrefix(name), pair.dropFirst(name.count).first == "=" else { continue }
                let value = pair.dropFirst(name.count + 1)
                guard let dash = value.firstIndex(of: "-"), value[value.index(after: dash)...] == tag,
                      let index = Int(value[..<dash]), (0..<count).contains(index) else { continue }
                return index
            }
        }
        return nil
    }

    /// The `Set-Cookie` value that keeps `index` of the test tagged `tag` for the link at `/code`.
    static func cookie(key: String, code: String, index: Int, tag: String, secure: Bool) -> String {
        var cookie = "\(cookieName(for: key))=\(index)-\(tag); Path=/\(code); Max-Age=\(Int(cookieLifetime)); HttpOnly; SameSite=Lax"
        if secure { cookie += "; Secure" }
        return cookie
    }

    /// The variant of an install: its roll is a hash of the install, the link's key and the test,
    /// so it is the same on every resolve (and every instance) while the test stays.
    static func installVariant(_ test: LinkVariants, key: String, install: String) -> Int {
        let digest = SHA256.hash(data: Data("\(install)\u{0}\(key)\u{0}\(tag(test))".utf8))
        let roll = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return test.variant(forRoll: Int(roll % 100))
    }

    /// A weighted choice for a visitor the service cannot recognise.
    static func randomVariant(_ test: LinkVariants) -> Int {
        test.variant(forRoll: Int.random(in: 0..<100))
    }
}

extension LinkService {
    /// The variant for the app's request: its install's (`Switchyard-Install`), else a weighted
    /// choice (an app that sends no install is not kept on one variant).
    func appVariant(_ test: LinkVariants, key: String, request: Request) -> Int {
        if let install = request.headers[InstallProofCheck.installHeader], !install.isEmpty, install.utf8.count <= 200 {
            return VariantChoice.installVariant(test, key: key, install: install)
        }
        return VariantChoice.randomVariant(test)
    }

    /// The link as variant `index` opens it for the app: the link with a route variant's route,
    /// or the link itself and a URL variant's URL.
    func variantLink(_ link: SmartLink, test: LinkVariants, index: Int) -> (link: SmartLink, redirect: String?) {
        switch test.variants[index].target {
        case .url(let url): (link, url)
        // A decided test's route winner is the link's own route by then.
        case .route where test.winner == index: (link, nil)
        case .route: (opened(link, as: test.variants[index].target)?.link ?? link, nil)
        }
    }

    /// Counts `event` for the variant an undecided test gave (its figures, beside the link's own).
    func countVariant(_ event: LinkEvent, key: String, variant: Int?, test: LinkVariants?, platform: Click.Platform, at now: Date) {
        guard let variant, let test, test.winner == nil, test.variants.indices.contains(variant) else { return }
        recorder.events.count(event, code: VariantChoice.figuresKey(key, variant: variant), platform: platform, at: now)
    }
}

extension LinkService {
    /// The link as an open's choice made it: a rule's or a variant's route in place of its own
    /// (a choice the link no longer has is the link itself).
    func chosen(_ link: SmartLink, choice: OpenChoice?) -> SmartLink {
        switch choice {
        case .rule(let index)?:
            let rules = effectiveRules(link)
            guard rules.indices.contains(index) else { return link }
            return opened(link, as: rules[index].target)?.link ?? link
        case .variant(let index)?:
            guard let test = link.content.variants, test.variants.indices.contains(index) else { return link }
            return variantLink(link, test: test, index: test.winner ?? index).link
        case nil:
            return link
        }
    }
}

extension Resolution {
    /// Says what the open's choice was: the rule's index, or the variant (with a URL variant's URL).
    mutating func choose(_ choice: OpenChoice?, of link: SmartLink, rules: [RedirectRule]) {
        switch choice {
        case .rule(let index)?:
            guard rules.indices.contains(index) else { return }
            rule = index
            if case .url(let url) = rules[index].target { redirect = url }
        case .variant(let index)?:
            guard let test = link.content.variants, test.variants.indices.contains(index) else { return }
            let chosen = test.winner ?? index
            variant = chosen
            if case .url(let url) = test.variants[chosen].target { redirect = url }
        case nil:
            return
        }
    }
}
