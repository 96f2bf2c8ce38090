public import SwitchyardAttest
public import X509
public import SwitchyardStore

/// Apple App Attest on the app's endpoints: which environment each app's keys come from, what a
/// redeem-limited link asks of an install when it does not say, and the cap on distinct installs
/// per client address. Without any of it set, links ask nothing (``InstallProof/none``).
public struct AppAttestSettings: Sendable {
    /// The environment of each iOS app id's keys (`TEAMID.bundle` from the table's `apps.ios`);
    /// an app id missing here is ``AppAttestEnvironment/production``.
    public var environments: [String: AppAttestEnvironment]
    /// What each iOS app id's attestations and assertions must state of the running app (its
    /// validation category, its bundle version); an app id missing here allows everything.
    public var policies: [String: AppAttestPolicy] = [:]
    /// The root attestations must chain to: Apple's App Attestation Root CA unless a test sets
    /// another.
    @_spi(AttestTesting) public var root: Certificate = AppAttestRoot.certificate
    /// The proof a redeem-limited link asks when it does not say (`installProof`); links without
    /// a limit ask ``InstallProof/none`` unless they say otherwise.
    public var redeemLimitedDefault: InstallProof
    /// How many distinct installs one client address (IPv6: its /64) may spend of one link per
    /// hour without an attested key; nil for no cap. Attested installs are not counted.
    public var installsPerAddressPerHour: Int?
    /// How many redemptions of one link installs without an attested key may spend in all, every
    /// address together; nil for no cap. Beyond it only an attested install redeems the link
    /// (403 `install-proof-required`), so made-up installs from any number of addresses cannot
    /// drain a coupon.
    public var unprovedRedeemsPerLink: Int? = defaultUnprovedRedeemsPerLink
    /// How long a challenge from `POST /api/v1/attest/challenge` may be used.
    public var challengeLifetime: Duration
    /// How many challenges one client address (IPv6: its /64) may hold at once, neither spent nor
    /// expired; nil for no cap. Beyond it `POST /api/v1/attest/challenge` answers 429
    /// `too-many-challenges`.
    public var challengesPerAddress: Int?
    /// How many challenges may be outstanding at once, every address together (a /48 holds
    /// millions of /64s); nil for no bound. Beyond it the challenge call answers 503
    /// `attest-busy` with `Retry-After`.
    public var challengesInAll: Int? = defaultChallengesInAll
    /// How many keys one install may attest; nil for no cap. Beyond it `POST /api/v1/attest`
    /// answers 429 `too-many-keys`: a real device minting keys is bounded too.
    public var keysPerInstall: Int? = defaultKeysPerInstall

    /// The default cap on distinct unattested installs per address per link per hour.
    public static let defaultInstallsPerAddressPerHour: Int? = 10
    /// The default cap on outstanding challenges per address: an install needs one for its
    /// attestation, so this leaves room for many installs behind one NAT within a challenge's life.
    public static let defaultChallengesPerAddress: Int? = 100
    /// The default bound on outstanding challenges, every address together: 100,000 (a few MB).
    public static let defaultChallengesInAll: Int? = 100_000
    /// The default cap on keys attested per install: 5 (a reinstall keeps its install id only
    /// when the app restores it; each attempt after a failure attests a new key).
    public static let defaultKeysPerInstall: Int? = 5
    /// The default cap on a link's unattested redemptions: 10, whatever the number of addresses.
    public static let defaultUnprovedRedeemsPerLink: Int? = 10

    /// Settings with the defaults: production keys, no proof asked, 10 installs per address per
    /// link per hour, challenges good for five minutes, 100 outstanding challenges per address.
    public init(environments: [String: AppAttestEnvironment] = [:], redeemLimitedDefault: InstallProof = .none,
                installsPerAddressPerHour: Int? = defaultInstallsPerAddressPerHour,
                challengeLifetime: Duration = .seconds(300),
                challengesPerAddress: Int? = defaultChallengesPerAddress) {
        self.environments = environments
        self.redeemLimitedDefault = redeemLimitedDefault
        self.installsPerAddressPerHour = installsPerAddressPerHour
        self.challengeLifetime = challengeLifetime
        self.challengesPerAddress = challengesPerAddress
    }

    /// The proof `link` asks: its own, else the default for a redeem-limited link, else none.
    func proof(of link: SmartLink) -> InstallProof {
        link.installProof ?? (link.redeemLimit != nil ? redeemLimitedDefault : .none)
    }

    /// Whether `link` asks an attested install for `action`: whenever its proof is attested. An
    /// attested link spends a redemption and hands out its metadata only to an install that
    /// proves itself, on every endpoint (redeem, resolve, deferred claim), whatever
    /// ``SmartLink/installProofFor`` a link made before this rule stored.
    func demands(_ action: InstallProofAction, of link: SmartLink) -> Bool {
        proof(of: link) == .attested
    }
}
