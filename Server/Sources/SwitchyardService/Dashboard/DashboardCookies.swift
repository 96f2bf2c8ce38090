import Hummingbird

/// The dashboard's two cookies: the session token, and the sign-in form's CSRF token (a
/// double-submit token for the only form posted before there is a session).
enum DashboardCookies {
    static let session = "switchyard_session"
    static let signIn = "switchyard_signin"

    /// The value of cookie `name` in the request's `Cookie` headers.
    static func value(_ name: String, in request: Request) -> String? {
        for header in request.headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0].trimmingSpaces == name { return String(parts[1].trimmingSpaces) }
            }
        }
        return nil
    }

    /// A `Set-Cookie` value: HttpOnly, SameSite=Strict, Path=/, Secure when the service is on https;
    /// `maxAge` 0 deletes it, nil makes it last the browser session.
    static func header(_ name: String, _ value: String, secure: Bool, maxAge: Int? = nil) -> String {
        var text = "\(name)=\(value); Path=/; HttpOnly; SameSite=Strict"
        if let maxAge { text += "; Max-Age=\(maxAge)" }
        if secure { text += "; Secure" }
        return text
    }
}
