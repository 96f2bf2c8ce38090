import CoreSpotlight
import Foundation
import Observation
import Switchyard
import SwitchyardUIKit

/// The app's links: one router for the shop's table (`routes.json`, the table of
/// Examples/shop), the navigator every entry point goes through, the login gate, the link
/// service's short links and the deferred link of the first launch.
@MainActor
@Observable
final class Shop {
    static let shared = Shop()

    /// Every entry point goes through this navigator. It is created before anything else (the
    /// delegates reach it from any isolation: `Navigator` is `Sendable`) and holds what arrives
    /// before the root screen is up (`waitsUntilReady`); ``rootScreenAppeared()`` opens it.
    nonisolated static let navigator = Navigator(routers: [], waitsUntilReady: true)

    /// The link service: its short links (`https://go.example.com/Ab3dE9xQ`) are universal links of
    /// the app (an associated domain), resolved by the service, then routed with the app's table.
    nonisolated static let linkService = URL(string: "https://go.example.com")!

    /// What the screens show, and what plans are applied to.
    let navigation = NavigationState()
    /// Whether the user is logged in: the gate in front of the account and its orders.
    private(set) var isLoggedIn = false
    /// The router, once ``configure()`` has run.
    private(set) var router: Router?
    private var deferredLinks: DeferredLinks?
    /// Tries the deferred link kept by an offline first launch again when the network returns.
    @ObservationIgnored private var networkRetry: Task<Void, Never>?

    /// Sets up the router and the navigator: called from `application(_:didFinishLaunchingWithOptions:)`,
    /// before any link can arrive.
    func configure() {
        do {
            var table = try RouteTableFile.load(path: Bundle.main.path(forResource: "routes", ofType: "json") ?? "routes.json")
            // The app's own route, a modal over a modal: the payment sheet over the checkout sheet
            // (`shop://checkout/pay`), opened as a plan like the table's screen routes.
            table.routes.append(RouteDefinition("checkout{CheckoutScreen}!/pay{PayScreen}!", name: "payment"))
            let router = try Router(table)
            try map(router)
            // The login gate: account and order links wait for login (the navigator keeps them,
            // `gatedLinkPolicy` below; the router's store keeps the one that will open in a file,
            // so that it survives the app being killed on the login screen), and the login screen
            // is shown; `logIn()` then opens them. Appended after `map`: its names are checked.
            router.pendingLinkStore = FilePendingLinkStore(path: Self.supportDirectory + "/switchyard-pending-link")
            try router.appendFilter(GateFilter(routes: ["account", "order"]) { [weak self] in
                await self?.gateIsOpen() ?? false
            })
            self.router = router

            let navigator = Self.navigator
            navigator.routers = [router]
            // Every link's fate, whichever entry point it came through: opened, held, replaced,
            // a duplicate, cancelled, timed out, refused with its reason.
            navigator.onOutcome = { outcome in print("deep link: \(outcome)") }
            // Links open one at a time; one that takes longer than 10 s is cancelled and the next runs.
            navigator.linkDeadline = .seconds(10)
            // Every account or order link tapped while logged out opens after login, oldest first.
            navigator.gatedLinkPolicy = .keepAll
            // Order notifications carry `{"order_id": "7"}`; the others use the built-in keys.
            navigator.pushLink = { payload, _ in
                (payload["order_id"] as? String).map { "shop://account/orders/\($0)" } ?? Navigator.link(inPushPayload: payload)
            }
            // Smart links: short links of the service are resolved, then routed; one that cannot be
            // resolved (deleted, expired, offline) goes to the default route, the home screen.
            let client = SmartLinkClient(service: Self.linkService, appKey: Self.appKey, table: router.table())
            navigator.smartLinks = SmartLinkRouting(client: client, onFailure: .openDefaultRoute)
            // Spotlight: the app indexes each product with its deep link as the item's identifier
            // (`CSSearchableItem(uniqueIdentifier: "shop://product/42", ...)`); anything else is refused.
            // `.onDeepLink` continues `Navigator.spotlightActivityType`, CoreSpotlight's constant.
            assert(Navigator.spotlightActivityType == CSSearchableItemActionType
                   && Navigator.spotlightIdentifierKey == CSSearchableItemActivityIdentifier)
            navigator.spotlightLink = { identifier in identifier.hasPrefix("shop://product/") ? identifier : nil }
            // The first launch's deferred link: the short link the link service's page copied when
            // the user tapped "Get the app", read only when iOS detects a web URL on the pasteboard
            // (that read shows iOS's paste prompt once; an app that would rather not passes no
            // pasteboard and shows a paste button: DeferredLinkPasteTarget).
            deferredLinks = DeferredLinks(navigator: navigator, client: client, pasteboard: SystemPasteboard(),
                                          ledger: FileDeferredLinkLedger(path: Self.supportDirectory + "/switchyard-deferred"))
        } catch {
            assertionFailure("routes.json: \(error)")
        }
    }

    /// Opens the link held since launch, restores a link that waited for login before the app was
    /// killed (the navigator opens a link it holds and restores once), then runs the deferred-link
    /// check: it does nothing once the link service has answered, and until then tries the short
    /// link it kept again (an offline first launch), at each appearance and launch, and each time
    /// the network returns (`NWPathMonitor`) while the app runs.
    func rootScreenAppeared() async {
        await Self.navigator.markReady()
        if await router?.restorePendingLink() != nil, isLoggedIn { await Self.navigator.openPendingLink() }
        if let deferredLinks {
            switch await deferredLinks.openOnFirstLaunch() {
            case .ignored(let reason):
                print("deferred link: pasteboard ignored: \(reason)")
            case .awaitingService(let error, _):
                print("deferred link: kept until the link service answers (\(error.message))")
                if networkRetry == nil {
                    networkRetry = Task {
                        await deferredLinks.retryWhenNetworkReturns(NetworkPathReachability())
                        networkRetry = nil
                    }
                }
            default:
                break
            }
        }
    }

    /// Logs in, then opens the link the gate held, once, through the whole pipeline again.
    func logIn() async {
        isLoggedIn = true
        navigation.modal = nil
        await Self.navigator.openPendingLink()
    }

    /// Logs out; a link held for login is dropped, and links wait while the root is rebuilt.
    func logOut() async {
        Self.navigator.markNotReady()
        isLoggedIn = false
        Self.navigator.discardHeldLinks()
        navigation.path = []
        await Self.navigator.markReady()
    }

    // MARK: Routes

    /// Gives the table's routes their destinations. Screen routes (`products{ProductListScreen}/...`,
    /// `cart{CartScreen}!`, `account{AccountScreen}`, `checkout{CheckoutScreen}!/pay{PayScreen}!`)
    /// open their navigation plan on ``navigation`` (the last one a sheet over a sheet); the others
    /// push a screen.
    private func map(_ router: Router) throws {
        router.applyPlans { [weak self] plan, _ in await self?.show(plan) }
        try router.map("/") { [weak self] _ in await self?.showHome() }
        try router.map("product/:id<int>") { [weak self] link in
            let id = try link.string("id")
            await self?.push(NavigationScreen("ProductScreen", parameters: ["id": id]))
        }
        try router.map("category/:slug") { [weak self] link in
            let slug = try link.string("slug")
            await self?.push(NavigationScreen("CategoryScreen", parameters: ["slug": slug]))
        }
        try router.map("search") { [weak self] link in
            await self?.push(NavigationScreen("SearchScreen", parameters: ["q": link.queryParameters["q"] ?? ""]))
        }
        // The UIKit screen (OrderViewController), behind the login gate.
        try router.map("account/orders/:orderID") { [weak self] link in
            let orderID = try link.string("orderID")
            await self?.push(NavigationScreen("OrderScreen", parameters: ["orderID": orderID]))
        }
        router.mapDefault { [weak self] _ in await self?.showHome() }
    }

    private func show(_ plan: NavigationPlan) {
        navigation.apply(plan)
    }

    private func push(_ screen: NavigationScreen) {
        navigation.modal = nil
        navigation.path.append(screen)
    }

    private func showHome() {
        navigation.modal = nil
        navigation.path = []
    }

    /// The gate's question: open when logged in; otherwise the login screen is shown and the link
    /// waits (GateFilter holds it as the router's pending link).
    private func gateIsOpen() -> Bool {
        if !isLoggedIn { navigation.modal = PresentedModal(NavigationScreen("LoginScreen")) }
        return isLoggedIn
    }

    // MARK: Configuration

    /// The link service's app key, from Info.plist (`SwitchyardAppKey`).
    nonisolated static var appKey: String {
        Bundle.main.object(forInfoDictionaryKey: "SwitchyardAppKey") as? String ?? ""
    }

    /// Application Support, created if needed: the ledger and the pending link live there, so a
    /// reinstall starts afresh.
    nonisolated static var supportDirectory: String {
        let url = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }
}
