import Switchyard

extension OpenAPIDocument {
    /// `/{code}` and `/`: opening a short link and a Firebase long link.
    static var openingPaths: [String: JSONValue] {
        var paths: [String: JSONValue] = [:]
        paths["/{code}"] = [
            "parameters": [parameter("code", in: "path", required: true, description: "The link's short code or alias.",
                                     schema: .string(pattern: "^(?!(health|metrics)$)[A-Za-z0-9_-]{1,64}$"))],
            "get": operation(
                "openLink", "Open a smart link (per-platform redirect, app page or preview)", tag: "open",
                parameters: [userAgent, parameter(
                    "d", in: "query", required: false,
                    description: "1: a page that explains what the link does on each platform, and which of its redirect rules fires for this request and why (Firebase's preview link); no click is counted. A password link shows its form instead.",
                    schema: .string()), parameter(
                    AppRelease.headerName, in: "header",
                    description: "Browsers never send it. A request that does (an app opening the short link itself) and is older than the stricter of the route's since and the link's own minimum version is redirected to the fallback (or shown the page without a deep link); a malformed value is ignored.",
                    schema: .string())],
                responses: ["200": html("An HTML page: the iOS app opener, the desktop interstitial or the crawler preview."),
                            "302": redirect("To the link's web or platform fallback, or an Android intent; for an app too old (Switchyard-App-Version), to its fallback."),
                            "404": html("No such link."), "410": html("Deleted or expired."),
                            "503": content("text/html", .string(), "The database is unavailable (a \"Try again shortly\" page).",
                                           headers: ["Retry-After": "Seconds to wait before retrying."])]),
            "post": {
                var unlock = operation(
                    "unlockLink", "Send a password link's password (its form posts here)", tag: "open",
                    description: "A link with a password answers GET with a form (200) until the browser has the cookie a correct password sets. Each guess spends the client address's password-guess rate and the link's own (every address together) before the slow hash is computed.",
                    responses: ["303": redirect("Back to the link (GET /{code}): with the password's cookie (Set-Cookie, scoped to the link's path, a day) when it was right; a link without a password has nothing to unlock."),
                                "400": html("The form has no password of 4 to 128 characters."),
                                "403": html("Not the password: the form again."),
                                "404": html("No such link."), "410": html("Deleted or expired."),
                                "413": html("The form is over 2,048 bytes."),
                                "415": html("Not application/x-www-form-urlencoded."),
                                "429": content("text/html", .string(), "Too many guesses from this address, or on this link from every address together: the form again.",
                                               headers: ["Retry-After": "Seconds to wait before the next guess."]),
                                "503": content("text/html", .string(), "The database is unavailable, or the service is checking as many passwords as it checks at once.",
                                               headers: ["Retry-After": "Seconds to wait before retrying."])])
                if case .object(var object) = unlock {
                    object["requestBody"] = ["required": true, "content": ["application/x-www-form-urlencoded": ["schema": [
                        "type": "object", "required": ["password"],
                        "properties": ["password": ["type": "string", "minLength": 4, "maxLength": 128]],
                    ]]]]
                    unlock = .object(object)
                }
                return unlock
            }(),
        ]
        paths["/"] = [
            "get": operation(
                "openFirebaseLongLink", "Open a Firebase Dynamic Links long link (?link=...); without link, the dashboard",
                tag: "firebase",
                parameters: [
                    parameter("link", in: "query", required: false,
                              description: "The deep link; apn, afl, ibi, ifl, isi, ofl, st, sd, si, utm_* ... as Firebase documented them.",
                              schema: .string()),
                    userAgent,
                ],
                responses: ["200": html("An HTML page: the iOS app opener, the desktop interstitial or the crawler preview."),
                            "302": redirect("To a platform fallback, an Android intent or the deep link."),
                            "303": redirect("No link parameter: the dashboard's sign-in."),
                            "400": html("A long link the route table does not open, or a malformed one."),
                            "414": html("The query is over 8192 bytes.")]),
        ]
        return paths
    }
}
