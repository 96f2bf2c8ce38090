import Foundation
import Hummingbird
import HTTPTypes
import SwitchyardStore

/// A password link in the browser: `GET /{code}` without the link's cookie answers the form, and
/// `POST /{code}` checks the password the form sends.
///
/// A guess spends the client address's rate (``ServiceConfiguration/Limits/passwordGuessRate``)
/// and the link's (``ServiceConfiguration/Limits/passwordLinkGuessRate``) before the slow hash is
/// computed; a correct one sets ``PasswordCookie`` and sends the browser back to the link with a
/// 303, which then opens as any link does (and counts its click there, once).
extension LinkOpener {
    /// The form body's largest size.
    static let passwordFormLimit = 2048

    /// Whether the request carries a cookie that opens the link stored under `key`.
    func passwordCookieOpens(_ request: Request, key: String, stored: String) -> Bool {
        let name = PasswordCookie.name(for: key)
        for header in request.headers[values: .cookie] {
            for part in header.split(separator: ";") {
                let pair = part.drop { $0 == " " }
                guard pair.hasPrefix(name), pair.dropFirst(name.count).first == "=" else { continue }
                if service.passwordCookie.opens(pair.dropFirst(name.count + 1), linkKey: key, stored: stored, now: service.now()) {
                    return true
                }
            }
        }
        return false
    }

    /// The form, with `problem` above it.
    func passwordForm(code: String, problem: String? = nil, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var response = Responses.html(Pages.passwordForm(code: code, problem: problem), status: status).with(headers)
        // The form posts to the link's own address.
        response.headers[.contentSecurityPolicy] = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
        return response
    }

    /// `POST /{code}`: the form's password. 303 back to the link with the cookie when it is the
    /// link's; the form again with 403 when it is not, 429 (with `Retry-After`) when the address or
    /// the link has no guesses left, 503 when the service is checking as many passwords as it
    /// checks at once; a link without a password sends the browser back to it (303).
    func unlock(_ request: Request, context: ServiceRequestContext) async throws -> Response {
        let code = try context.parameters.require("code")
        guard LinkCodes.isPlausible(code), let domain = service.servedDomain(request, context: context) else {
            return Responses.html(Pages.notFound(code: code), status: .notFound)
        }
        let key = domain.key(code)
        let link: SmartLink?
        do {
            // As GET reads it: a post for a code that does not exist costs no read of its own.
            link = try await cached(key)?.link
        } catch let problem as Problem {
            return Responses.html(Pages.unavailable(detail: problem.detail), status: problem.status).with(problem.headers)
        }
        let now = service.now()
        guard let link, !link.content.isNotYetValid(at: now) else {
            return Responses.html(Pages.notFound(code: code), status: .notFound)
        }
        guard !link.isGone(at: now), !link.isOutOfClicks else { return expired(link, code: code, domain: domain) }
        var back = HTTPFields()
        back[.location] = "/" + code + (request.uri.query.map { "?" + $0 } ?? "")
        back[.cacheControl] = "no-store"
        guard let stored = link.content.passwordHash else { return Response(status: .seeOther, headers: back) }

        do {
            try await service.spendPerClient(.passwordGuess, request: request, context: context)
            try await service.spend(.linkPasswordGuess, caller: "link:" + key)
        } catch let problem as Problem {
            let detail = problem.status == .tooManyRequests
                ? "Too many tries. Wait a moment and try again." : problem.detail
            return passwordForm(code: code, problem: detail, status: problem.status, headers: problem.headers)
        }
        let password: String
        do {
            password = try await Self.formPassword(request)
        } catch let problem as Problem {
            return passwordForm(code: code, problem: problem.detail, status: problem.status)
        }
        switch await service.passwords.check(password, against: stored) {
        case .matches:
            let expiry = now.addingTimeInterval(PasswordCookie.lifetime)
            var cookie = "\(PasswordCookie.name(for: key))=\(service.passwordCookie.value(linkKey: key, stored: stored, expiry: expiry))"
            cookie += "; Path=/\(code); Max-Age=\(Int(PasswordCookie.lifetime)); HttpOnly; SameSite=Lax"
            if service.configuration.baseURL.lowercased().hasPrefix("https://") { cookie += "; Secure" }
            back[.setCookie] = cookie
            context.logger.info("link password accepted", metadata: ["code": "\(key)"])
            return Response(status: .seeOther, headers: back)
        case .wrong:
            return passwordForm(code: code, problem: "That is not the password.", status: .forbidden)
        case .busy:
            return passwordForm(code: code, problem: "The service is busy. Try again in a moment.", status: .serviceUnavailable,
                                headers: [.retryAfter: "1"])
        }
    }

    /// The `password` field of the form's body: 415 for a body that is not a form, 413 over
    /// ``passwordFormLimit``, 400 without the field.
    static func formPassword(_ request: Request) async throws -> String {
        guard RequestBodies.mediaType(request) == "application/x-www-form-urlencoded" else {
            throw Problem(.unsupportedMediaType, kind: "unsupported-media-type", title: "Unsupported media type",
                          detail: "The form posts application/x-www-form-urlencoded.")
        }
        let buffer = try await RequestBodies.collect(request, limit: passwordFormLimit)
        for pair in String(buffer: buffer).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts[0] == "password", parts.count == 2 else { continue }
            guard let value = String(parts[1]).replacingOccurrences(of: "+", with: " ").removingPercentEncoding,
                  LinkPassword.lengths.contains(value.unicodeScalars.count) else { break }
            return value
        }
        throw Problem.invalid("invalid-form", "Invalid form", "Type the password (4 to 128 characters).")
    }
}

extension LinkService {
    /// The app's password for a password link (`Switchyard-Link-Password` on resolve and redeem):
    /// nothing for a link without one; 401 `password-required` without the header, 403
    /// `wrong-password` for another password, 429 when the address or the link has no guesses
    /// left, 503 when as many checks as the service runs at once are running.
    func checkAppPassword(of link: SmartLink, request: Request, context: ServiceRequestContext) async throws {
        guard let stored = link.content.passwordHash else { return }
        guard let given = request.headers[LinkPassword.header] else {
            throw Problem(.unauthorized, kind: "password-required", title: "Password required",
                          detail: "link '\(link.shortCode)' asks for a password: send it in Switchyard-Link-Password")
        }
        try await spendPerClient(.passwordGuess, request: request, context: context)
        try await spend(.linkPasswordGuess, caller: "link:" + link.code)
        switch await passwords.check(given, against: stored) {
        case .matches:
            return
        case .wrong:
            throw Problem(.forbidden, kind: "wrong-password", title: "Wrong password",
                          detail: "Switchyard-Link-Password is not the password of link '\(link.shortCode)'")
        case .busy:
            throw Problem(.serviceUnavailable, kind: "password-check-busy", title: "Busy",
                          detail: "the service is checking as many passwords as it checks at once; retry shortly",
                          headers: [.retryAfter: "1"])
        }
    }
}

extension LinkPassword {
    /// `Switchyard-Link-Password`: the password of a password link, on the app's resolve and redeem.
    static let header = HTTPField.Name("Switchyard-Link-Password")!
}
