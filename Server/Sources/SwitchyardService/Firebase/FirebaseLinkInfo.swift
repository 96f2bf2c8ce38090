import Switchyard

/// Firebase's REST `dynamicLinkInfo` object, written as the long link's query string it stands
/// for, so that one parser (``FirebaseLongLink``) reads both forms.
enum FirebaseLinkInfo {
    /// Each object's fields and the long-link parameter each one becomes.
    static let fields: [String: [String: String]] = [
        "": ["link": "link"],
        "androidInfo": ["androidPackageName": "apn", "androidFallbackLink": "afl", "androidMinPackageVersionCode": "amv"],
        "iosInfo": ["iosBundleId": "ibi", "iosFallbackLink": "ifl", "iosCustomScheme": "ius", "iosIpadFallbackLink": "ipfl",
                    "iosIpadBundleId": "ipbi", "iosAppStoreId": "isi", "iosMinimumVersion": "imv"],
        "socialMetaTagInfo": ["socialTitle": "st", "socialDescription": "sd", "socialImageLink": "si"],
        "otherPlatformInfo": ["fallbackUrl": "ofl"],
        "desktopInfo": ["desktopFallbackLink": "ofl"],
        "googlePlayAnalytics": ["utmSource": "utm_source", "utmMedium": "utm_medium", "utmCampaign": "utm_campaign",
                                "utmTerm": "utm_term", "utmContent": "utm_content", "gclid": "gclid"],
        "itunesConnectAnalytics": ["at": "at", "ct": "ct", "mt": "mt", "pt": "pt"],
    ]

    /// The query string (`link=...&apn=...`) for a `dynamicLinkInfo` object.
    ///
    /// - Throws: a 400 ``Problem`` in Firebase's words for an unknown field or a value of the wrong type.
    static func query(_ info: [String: JSONValue], baseURL: String,
                      warnings: inout [(code: String, message: String)]) throws(Problem) -> String {
        var pairs: [(String, String)] = []
        func read(_ object: [String: JSONValue], section: String, path: String) throws(Problem) {
            let names = fields[section] ?? [:]
            for key in object.keys.sorted() {
                let value = object[key]!
                if let parameter = names[key] {
                    switch value {
                    case .string(let text): pairs.append((parameter, text))
                    case .number(let number) where number == number.rounded() && abs(number) < 1e15:
                        pairs.append((parameter, String(Int64(number))))
                    case .null: continue
                    default: throw FirebaseShortLinksAPI.invalid("'\(path)\(key)' must be a string.")
                    }
                    continue
                }
                switch (section, key, value) {
                case ("", "domainUriPrefix", .string(let prefix)):
                    if trimmed(prefix) != trimmed(baseURL) {
                        warnings.append(("DOMAIN_URI_PREFIX_IGNORED",
                                         "domainUriPrefix '\(prefix)' is not this service's base URL; the short link is on \(baseURL)."))
                    }
                case ("", "dynamicLinkDomain", .string):
                    warnings.append(("DOMAIN_URI_PREFIX_IGNORED", "dynamicLinkDomain is ignored; the short link is on \(baseURL)."))
                case ("", "androidInfo", .object(let inner)), ("", "iosInfo", .object(let inner)),
                     ("", "socialMetaTagInfo", .object(let inner)), ("", "otherPlatformInfo", .object(let inner)),
                     ("", "desktopInfo", .object(let inner)), ("analyticsInfo", "googlePlayAnalytics", .object(let inner)),
                     ("analyticsInfo", "itunesConnectAnalytics", .object(let inner)):
                    try read(inner, section: key, path: "\(path)\(key).")
                case ("", "analyticsInfo", .object(let inner)):
                    try read(inner, section: "analyticsInfo", path: "\(path)\(key).")
                case ("", "navigationInfo", .object(let inner)):
                    for (name, flag) in inner {
                        guard name == "enableForcedRedirect" else {
                            throw FirebaseShortLinksAPI.invalid("Invalid JSON payload received. Unknown name \"\(name)\" at '\(path)navigationInfo': Cannot find field.")
                        }
                        guard case .bool(let on) = flag else {
                            throw FirebaseShortLinksAPI.invalid("'\(path)navigationInfo.enableForcedRedirect' must be true or false.")
                        }
                        if on { pairs.append(("efr", "1")) }
                    }
                default:
                    throw FirebaseShortLinksAPI.invalid("Invalid JSON payload received. Unknown name \"\(key)\" at '\(String(path.dropLast()))': Cannot find field.")
                }
            }
        }
        try read(info, section: "", path: "dynamicLinkInfo.")
        return pairs.map { "\(PercentEncoding.encode($0.0))=\(PercentEncoding.encode($0.1))" }.joined(separator: "&")
    }

    private static func trimmed(_ url: String) -> String {
        var text = url.lowercased()
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }
}
