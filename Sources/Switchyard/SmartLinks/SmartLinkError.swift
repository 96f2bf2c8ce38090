/// Why a smart link could not be resolved or redeemed.
public struct SmartLinkError: CodedError, Sendable, Hashable {
    /// The kind of failure.
    public let code: Code
    /// What happened.
    public let message: String
    /// For ``Code/appTooOld``: the oldest app version that opens the link (`2.3`, or a version
    /// code such as `230`); nil otherwise.
    public let requiredVersion: String?
    /// For ``Code/appTooOld``: where to send the user instead (the App Store or Play page to
    /// update, or the link's web fallback), when the link has one; nil otherwise.
    public let fallback: String?
    /// For ``Code/passwordRequired`` and ``Code/wrongPassword``: the code (or link-domain key,
    /// `promo.example.com/m9Mm`) of the link that asks for a password, to resolve or redeem again
    /// with the password the user types; nil otherwise.
    public let linkCode: String?

    init(_ code: Code, _ message: String, requiredVersion: String? = nil, fallback: String? = nil, linkCode: String? = nil) {
        self.code = code
        self.message = message
        self.requiredVersion = requiredVersion
        self.fallback = fallback
        self.linkCode = linkCode
    }

    /// Whether the service gave no answer about the link: unreachable (``Code/transport``) or
    /// failing (``Code/service``), so asking again later may succeed.
    var isServiceUnavailable: Bool { code == .transport || code == .service }

    /// Whether the link asks for a password the request lacked or got wrong: only the user can
    /// answer that, so no failure policy routes the link elsewhere.
    var asksForPassword: Bool { code == .passwordRequired || code == .wrongPassword }
}

/// The kind of failure.
extension ErrorCode<SmartLinkError> {
    /// No link has this code.
    public static var notFound: Self { Self(rawValue: "not_found") }
    /// The link was deleted or has expired.
    public static var gone: Self { Self(rawValue: "gone") }
    /// Every redemption has been spent.
    public static var exhausted: Self { Self(rawValue: "exhausted") }
    /// The app key was refused.
    public static var unauthorized: Self { Self(rawValue: "unauthorized") }
    /// The service could not be reached.
    public static var transport: Self { Self(rawValue: "transport") }
    /// The service answered with an error.
    public static var service: Self { Self(rawValue: "service_error") }
    /// The answer was not what the service's contract says.
    public static var invalidResponse: Self { Self(rawValue: "invalid_response") }
    /// The app's own table cannot read the link's URL.
    public static var unresolvable: Self { Self(rawValue: "unresolvable") }
    /// This app release is older than the link's route (its `since`) or the link's own minimum
    /// version: ``SmartLinkError/requiredVersion`` and ``SmartLinkError/fallback`` say what to do.
    public static var appTooOld: Self { Self(rawValue: "app_too_old") }
    /// The link is redeemed only by attested installs (App Attest), and this redeem carried no proof.
    public static var installProofRequired: Self { Self(rawValue: "install_proof_required") }
    /// App Attest failed: the device could not make or sign with its key, or the service refused
    /// the attestation or the assertion.
    public static var attestation: Self { Self(rawValue: "attestation") }
    /// The service does not know the install's attested key (its database was restored without
    /// it, say). ``SmartLinkClient/redeem(code:password:)`` forgets the key, attests a new one and retries
    /// once; it throws this only when the retry is refused the same way.
    public static var attestKeyUnknown: Self { Self(rawValue: "attest_key_unknown") }
    /// The link has a password and the request carried none: ask the user, then call again with
    /// it (``SmartLinkClient/resolve(code:password:)``, ``SmartLinkClient/redeem(code:password:)``,
    /// ``Navigator/route(_:password:source:)``). ``SmartLinkError/linkCode`` names the link.
    public static var passwordRequired: Self { Self(rawValue: "password_required") }
    /// The password sent is not the link's: ask again. Each guess counts against the service's
    /// guess limits; past them it answers HTTP 429, a ``SmartLinkError/Code/service`` error.
    public static var wrongPassword: Self { Self(rawValue: "wrong_password") }
}
