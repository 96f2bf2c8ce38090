// The app around README.md's snippets: the names they use without declaring them. Each snippet
// runs in its own function after these declarations (scripts/doc-snippets/extract.py); ShopRoute
// is generated from Examples/shop/routes.json by the SDK's own generator (scripts/check-doc-snippets).

/// The app's screens, as the quick start shows them.
@MainActor final class AppScreens {
    func showProduct(_ id: Int) async {}
    func showHome() async {}
}
let screens = AppScreens()

/// The app's router and navigator, as set up at launch.
let router = try! Router(schemes: ["shop"], hosts: ["shop.example.com"])
let navigator = Navigator(routers: [router])
/// The link service's app key (Info.plist) and where the app keeps its files.
let appKey = "app-key"
let supportDirectory = NSTemporaryDirectory()
/// A URL the app was given, a text it reads as a link, and the table of the low-level examples.
let url = URL(string: "https://go.example.com/Ab3dE9xQ")!
let input = "shop://product/42"
let table = try! RouteTable(["product/:id<int>"], schemes: ["shop"])

/// The app's own screens and error display.
@MainActor func show(_ error: any Error) {}
@MainActor func showProduct(_ id: Int) {}
@MainActor func showCategory(_ slug: String) {}
@MainActor func showHome() {}
@MainActor func route(_ url: URL) {}
/// The app's prompt for a password link's password.
@MainActor func askForPassword() async -> String { "" }

/// Another SDK that takes URLs, chained after Switchyard.
enum OtherSDK {
    static func handle(_ url: URL) -> Bool { false }
}

/// The app's SwiftUI root view.
struct RootView: View {
    var body: some View { EmptyView() }
}

/// Firebase Dynamic Links, as the migration guide's "before" code calls it (the SDK the guide removes).
final class DynamicLinks {
    final class DynamicLink { var url: URL? }
    static func dynamicLinks() -> DynamicLinks { DynamicLinks() }
    @discardableResult
    func handleUniversalLink(_ url: URL, completion: @escaping (DynamicLink?, (any Error)?) -> Void) -> Bool { true }
}
