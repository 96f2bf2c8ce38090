public import Foundation

/// A deferred deep link: the short link someone tapped before the app was installed, opened on
/// the app's first launch, once, through the navigator's pipeline with source
/// ``LinkSource/deferred``.
///
/// Deterministic first: the link service's iOS page copies the short link to the pasteboard in
/// the user's own tap on "Get the app" (`https://go.example.com/Ab3dE9xQ?sy_copied=1732420000`,
/// the copy's time in seconds). The app reads it back in one of two ways, both opt-in:
///
/// - ``pasteboard`` (`SystemPasteboard` in SwitchyardUIKit): read at first launch. Detecting a
///   web URL shows no prompt, but *reading* the text another app copied shows iOS's "Allow
///   Paste" prompt (iOS 16 and later), so a first launch with a fresh link there prompts once;
/// - a paste button (`UIPasteControl`, iOS 16: `DeferredLinkPasteTarget` in SwitchyardUIKit) on a
///   first-launch screen: the user's own tap pastes, with no prompt, and ``openPasted(_:)`` opens it.
///
/// On first launch ``openOnFirstLaunch()``:
///
/// 1. retries the short link the ``ledger`` kept (below), if any, and reads nothing else; otherwise
///    does nothing when the ledger says the check already gave a final answer on this install;
/// 2. with a ``pasteboard``, asks it whether a web URL is likely there, without reading it;
/// 3. only then reads it, and accepts it only if it is a short link of the client's service
///    (same scheme, host and port, one path segment that is a code), copied by the page (it
///    carries `sy_copied`) no longer ago than ``maximumAge``; any other text is ignored, never
///    opened;
/// 4. keeps it in the ledger, resolves it with the service, and opens the deep link through the
///    navigator. When the service cannot answer (unreachable, or failing: ``Outcome/awaitingService(_:meanwhile:)``)
///    the link stays kept, and the navigator meanwhile treats it as its ``Navigator/smartLinks``
///    say (with ``SmartLinkRouting/FailurePolicy/openDefaultRoute``, the default route opens);
///    the next call tries the kept link again: the next launch, and, while the app runs
///    ``retryWhenNetworkReturns(_:)``, each time the network returns. Once the service has
///    answered, the kept link is forgotten (a link with a password is answered
///    ``Outcome/opened(_:)`` with ``RoutingOutcome/unresolvedSmartLink(_:_:)`` and
///    ``SmartLinkError/Code/passwordRequired``, a final answer: the app asks its user and calls
///    ``Navigator/route(_:password:source:)`` with source ``LinkSource/deferred``);
/// 5. otherwise, only where the app opted in (``heuristicClaim``), asks the service for a
///    heuristic match (``SmartLinkClient/claimDeferred(platform:osVersion:language:)``);
/// 6. records the check in the ledger once the answer is final (``Outcome/isFinal``): a first
///    launch without network (the service unreachable, or answering 5xx, or the link timing out)
///    records nothing, so the next launch tries again. A default route opened meanwhile, or the
///    link held until ``Navigator/markReady()``, does not end the check.
///
/// ```swift
/// let deferred = DeferredLinks(navigator: navigator, client: client,
///                              pasteboard: SystemPasteboard(),   // SwitchyardUIKit; nil: no pasteboard read
///                              ledger: FileDeferredLinkLedger(path: support + "/switchyard-deferred"))
/// if case .awaitingService = await deferred.openOnFirstLaunch() {
///     // each time the network returns (NWPathMonitor), tries the kept link again, until the service answers
///     Task { await deferred.retryWhenNetworkReturns(NetworkPathReachability()) }   // SwitchyardUIKit
/// }
/// ```
///
/// Calls to ``openOnFirstLaunch()`` made while one runs (on this value or a copy of it) wait for
/// that one's outcome instead of running a second check.
public struct DeferredLinks: Sendable {
    /// The query item the link service's page adds to the copied short link: when it was copied,
    /// in whole seconds since 1970.
    public static let copiedMarker = "sy_copied"

    /// What the app sends for heuristic matching (opt-in; see the README on what the service
    /// stores and for how long).
    public struct HeuristicClaim: Sendable, Hashable {
        /// `ios` or `android`.
        public var platform: String
        /// The OS version, such as `18.1`.
        public var osVersion: String
        /// The preferred language tag, such as `en-US`.
        public var language: String?

        /// Creates a claim.
        public init(platform: String, osVersion: String, language: String?) {
            self.platform = platform
            self.osVersion = osVersion
            self.language = language
        }
    }

    /// What the first-launch check did.
    public enum Outcome: Sendable {
        /// The check gave a final answer before on this install: nothing was looked at.
        case alreadyChecked(Date)
        /// Nothing to open: no likely URL on the pasteboard, and no heuristic claim (or no match).
        case nothingFound
        /// The pasteboard held text that is not a fresh short link of the service; it was not opened.
        case ignored(reason: String)
        /// A deferred link was routed; the navigator's outcome. For a short link from the
        /// pasteboard or a paste, the link service answered.
        case opened(RoutingOutcome)
        /// The short link was accepted (or kept from an earlier launch), but the link service
        /// could not answer for it (``SmartLinkError/Code/transport``, ``SmartLinkError/Code/service``):
        /// it stays in the ledger and the next ``openOnFirstLaunch()`` (or the network's return,
        /// under ``retryWhenNetworkReturns(_:)``) tries it again. `meanwhile` is what the navigator
        /// did with the unresolved short link (the default route opened, under
        /// ``SmartLinkRouting/FailurePolicy/openDefaultRoute``; otherwise, and on a retry when the
        /// network returns, which routes nothing, ``RoutingOutcome/unresolvedSmartLink(_:_:)``).
        case awaitingService(SmartLinkError, meanwhile: RoutingOutcome)
        /// The heuristic claim failed (the service unreachable, the key refused).
        case claimFailed(SmartLinkError)
        /// The ledger could not be read (nothing was looked at) or written (the check ran, and will
        /// run again next launch).
        case ledgerFailed(any Error)

        /// Whether this answer is final, so the ledger records the check and forgets the kept
        /// link: false while the link service has not answered for the link (it could not be
        /// reached or failed, ``SmartLinkError/Code/transport`` or ``SmartLinkError/Code/service``:
        /// ``awaitingService(_:meanwhile:)``, ``claimFailed(_:)``), whatever opened meanwhile; false
        /// when the link ran past the navigator's deadline or the ledger failed. The next call then
        /// tries again. A link the service answered for and the navigator holds until
        /// ``Navigator/markReady()`` is final: the navigator opens it then.
        public var isFinal: Bool {
            switch self {
            case .claimFailed(let error), .opened(.unresolvedSmartLink(_, let error)):
                !error.isServiceUnavailable
            case .awaitingService, .opened(.timedOut), .ledgerFailed:
                false
            default:
                true
            }
        }
    }

    /// The navigator the link opens through.
    public let navigator: Navigator
    /// The link service's client: its service URL says which short links count.
    public let client: SmartLinkClient
    /// The pasteboard read at first launch; nil (the default) reads none (see the type's
    /// discussion for when iOS prompts).
    public let pasteboard: (any DeferredLinkPasteboard)?
    /// Records that the check ran.
    public let ledger: any DeferredLinkLedger
    /// The oldest copy that still counts (default one day).
    public var maximumAge: TimeInterval
    /// Heuristic matching, where the app opted in; nil (the default) never calls the service.
    public var heuristicClaim: HeuristicClaim?
    /// The clock.
    public var now: @Sendable () -> Date
    /// The check in flight, shared by copies of this value.
    package let flight = DeferredCheckFlight()

    /// Creates the first-launch check.
    public init(navigator: Navigator, client: SmartLinkClient, pasteboard: (any DeferredLinkPasteboard)? = nil,
                ledger: any DeferredLinkLedger, maximumAge: TimeInterval = 24 * 3600,
                heuristicClaim: HeuristicClaim? = nil, now: @escaping @Sendable () -> Date = { Date() }) {
        self.navigator = navigator
        self.client = client
        self.pasteboard = pasteboard
        self.ledger = ledger
        self.maximumAge = maximumAge
        self.heuristicClaim = heuristicClaim
        self.now = now
    }

    /// Runs the check (see the type's discussion); call it once the navigator's routers are set
    /// up. With a short link kept from an earlier call that the service could not answer, it
    /// tries that link again and reads nothing else (``retryWhenNetworkReturns(_:)`` calls it
    /// when the network returns). A call made while another runs waits for that one's outcome
    /// and returns it: one check, one pasteboard read, one resolve.
    public func openOnFirstLaunch() async -> Outcome {
        await flight.run { await recording(retryingKeptLink: true) { now in await check(at: now) } }
    }

    /// Opens text the user pasted with a paste button (`UIPasteControl`: no prompt) on a
    /// first-launch screen: accepted only as ``openOnFirstLaunch()`` accepts the pasteboard's text
    /// (a fresh short link of the service), and only while the ledger has no final answer.
    ///
    /// ```swift
    /// let pasteTarget = DeferredLinkPasteTarget { text in Task { await deferred.openPasted(text) } }   // SwitchyardUIKit
    /// ```
    public func openPasted(_ text: String) async -> Outcome {
        await recording(retryingKeptLink: false) { now in
            switch shortLink(in: text, at: now) {
            case .success(let link): await open(accepted: link)
            case .failure(let refusal): .ignored(reason: refusal.message)
            }
        }
    }

    /// Runs a check (or retries the kept link) unless the ledger has a final answer, and records
    /// it, forgetting the kept link, when its answer is final. `routesMeanwhile` false: a kept
    /// link the service still cannot answer for routes nothing (a retry while the app is in use).
    func recording(retryingKeptLink: Bool, routesMeanwhile: Bool = true,
                   _ check: (Date) async -> Outcome) async -> Outcome {
        let now = now()
        let kept: String?
        do {
            kept = try ledger.keptLink()
            if kept == nil, let earlier = try ledger.checkedAt() { return .alreadyChecked(earlier) }
        } catch {
            return .ledgerFailed(error)
        }
        let outcome: Outcome
        if retryingKeptLink, let kept {
            outcome = await open(kept: kept, routesMeanwhile: routesMeanwhile)
        } else {
            outcome = await check(now)
        }
        guard outcome.isFinal else { return outcome }
        // Pasted text that is no short link leaves a kept link waiting for the service.
        if kept != nil, case .ignored = outcome { return outcome }
        do {
            try ledger.keepLink(nil)
            try ledger.recordCheck(at: now)
        } catch {
            return .ledgerFailed(error)
        }
        return outcome
    }

    /// Keeps an accepted short link in the ledger, then opens it.
    private func open(accepted link: String) async -> Outcome {
        do {
            try ledger.keepLink(link)
        } catch {
            return .ledgerFailed(error)
        }
        return await open(kept: link)
    }

    /// Resolves a kept short link with the service and routes its deep link; when the service
    /// cannot answer, the navigator routes the unresolved short link meanwhile (its failure
    /// policy), unless `routesMeanwhile` is false: then nothing is routed, and `meanwhile` is
    /// ``RoutingOutcome/unresolvedSmartLink(_:_:)``.
    private func open(kept link: String, routesMeanwhile: Bool = true) async -> Outcome {
        guard let code = client.code(in: link) else {
            return .ignored(reason: "not a short link of \(client.service.absoluteString)")
        }
        do {
            let resolved = try await client.resolve(code: code)
            return .opened(await navigator.route(deepLink: resolved, source: .deferred))
        } catch {
            if !routesMeanwhile, error.isServiceUnavailable {
                return .awaitingService(error, meanwhile: .unresolvedSmartLink(DeepLink(url: link, source: .deferred), error))
            }
            let meanwhile = await navigator.route(unresolvedShortLink: link, source: .deferred, failure: error)
            return error.isServiceUnavailable ? .awaitingService(error, meanwhile: meanwhile) : .opened(meanwhile)
        }
    }

    /// Steps 2 to 5 of the check.
    func check(at now: Date) async -> Outcome {
        if let pasteboard, await pasteboard.hasProbableWebURL(), let text = await pasteboard.string() {
            switch shortLink(in: text, at: now) {
            case .success(let link):
                return await open(accepted: link)
            case .failure(let refusal):
                if heuristicClaim == nil { return .ignored(reason: refusal.message) }
            }
        }
        guard let claim = heuristicClaim else { return .nothingFound }
        do {
            guard let link = try await client.claimDeferred(platform: claim.platform, osVersion: claim.osVersion,
                                                            language: claim.language) else { return .nothingFound }
            return .opened(await navigator.route(deepLink: link, source: .deferred))
        } catch {
            return .claimFailed(error)
        }
    }

    /// The short link in `text` when it is one of the client's service, copied by its page no
    /// longer than ``maximumAge`` before `now` (and not in the future); the copy marker removed.
    public func shortLink(in text: String, at now: Date) -> Result<String, Refusal> {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.utf8.count <= 2048, let components = URLComponents(string: trimmed), let url = components.url,
              client.code(in: url) != nil else {
            return .failure(Refusal(.notAShortLink, message: "not a short link of \(client.service.absoluteString)"))
        }
        let markers = components.queryItems?.filter { $0.name == Self.copiedMarker } ?? []
        guard markers.count == 1, let value = markers[0].value, let seconds = Double(value) else {
            return .failure(Refusal(.notCopiedByPage, message: "the short link was not copied by the link's page"))
        }
        let age = now.timeIntervalSince1970 - seconds
        guard age >= -300, age <= maximumAge else {
            return .failure(Refusal(.stale, message: "the short link was copied \(Int(age)) s ago, more than \(Int(maximumAge)) s"))
        }
        var clean = components
        clean.queryItems = components.queryItems?.filter { $0.name != Self.copiedMarker }
        if clean.queryItems?.isEmpty == true { clean.queryItems = nil }
        return .success(clean.string ?? trimmed)
    }
}
