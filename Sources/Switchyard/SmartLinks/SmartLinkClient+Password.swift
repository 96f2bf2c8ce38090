/// Password links: the service answers a password link's resolve and redeem only when the request
/// carries its password (``SmartLinkClient/passwordHeaderName``). Without one it answers 401
/// `password-required`, with another 403 `wrong-password`; the client throws them as
/// ``SmartLinkError/Code/passwordRequired`` and ``SmartLinkError/Code/wrongPassword``, apart from a
/// refused app key (also 401, of problem type `unauthorized`).
extension SmartLinkClient {
    /// The header that carries a password link's password on resolve and redeem:
    /// `Switchyard-Link-Password`. A link without a password ignores it.
    public static let passwordHeaderName = "Switchyard-Link-Password"

    /// The error a password link's refusal of `code` means: 401 of problem type
    /// `password-required`, 403 of type `wrong-password`; nil for any other answer.
    static func passwordRefusal(status: Int, problemType: String?, link code: String?) -> SmartLinkError? {
        let link = code.map { "link '\($0)'" } ?? "the link"
        switch status {
        case 401 where problemType?.hasSuffix("/password-required") == true:
            return SmartLinkError(.passwordRequired, "\(link) asks for a password", linkCode: code)
        case 403 where problemType?.hasSuffix("/wrong-password") == true:
            return SmartLinkError(.wrongPassword, "the password given for \(link) is wrong", linkCode: code)
        default:
            return nil
        }
    }
}
