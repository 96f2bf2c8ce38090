import Hummingbird

/// The dashboard's two cookies: the session token, and the sign-in form's CSRF token (a
/// double-submit token for the only form posted before there is a session). Read with
/// `request.cookies`, written with Hummingbird's `Cookie`.
///
/// On https their names carry the `__Host-` prefix (``name(_:secure:)``): a browser then keeps
/// them only when they are `Secure`, have `Path=/` and no `Domain`, so no subdomain and no plain
/// http page can set or overwrite them.
enum DashboardCookies {
    static let session = "switchyard_session"
    static let signIn = "switchyard_signin"

    /// The name a cookie goes by: `__Host-` and `base` when the service is on https, else `base`.
    static func name(_ base: String, secure: Bool) -> String {
        secure ? "__Host-" + base : base
    }

    /// The value of cookie `name` in the request's `Cookie` headers.
    static func value(_ name: String, in request: Request) -> String? {
        request.cookies[name]?.value
    }

    /// A cookie that is HttpOnly, SameSite=Strict, Path=/ with no Domain, and Secure when the
    /// service is on https; `maxAge` 0 deletes it, nil makes it last the browser session.
    static func cookie(_ name: String, _ value: String, secure: Bool, maxAge: Int? = nil) -> Cookie {
        Cookie(name: name, value: value, maxAge: maxAge, path: "/", secure: secure, httpOnly: true, sameSite: .strict)
    }
}
