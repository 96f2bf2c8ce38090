import Hummingbird

/// The dashboard's two cookies: the session token, and the sign-in form's CSRF token (a
/// double-submit token for the only form posted before there is a session). Read with
/// `request.cookies`, written with Hummingbird's `Cookie`.
enum DashboardCookies {
    static let session = "switchyard_session"
    static let signIn = "switchyard_signin"

    /// The value of cookie `name` in the request's `Cookie` headers.
    static func value(_ name: String, in request: Request) -> String? {
        request.cookies[name]?.value
    }

    /// A cookie that is HttpOnly, SameSite=Strict, Path=/, and Secure when the service is on https;
    /// `maxAge` 0 deletes it, nil makes it last the browser session.
    static func cookie(_ name: String, _ value: String, secure: Bool, maxAge: Int? = nil) -> Cookie {
        Cookie(name: name, value: value, maxAge: maxAge, path: "/", secure: secure, httpOnly: true, sameSite: .strict)
    }
}
