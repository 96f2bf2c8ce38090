import Testing
import Switchyard

/// Stands in for the app's screens in the README's quick start.
private actor Screens {
    private(set) var shown: [String] = []
    func showProduct(_ id: Int) { shown.append("product \(id)") }
    func showHome() { shown.append("home") }
}

/// The README's quick start, verbatim between the markers, so it keeps compiling and working.
@Suite struct ReadmeQuickStartTests {
    @Test func quickStart() async throws {
        let screens = Screens()
        // README quick start begins
        let router = try Router(schemes: ["shop"], hosts: ["shop.example.com"])

        try router.map("product/:id<int>", name: "product") { link in
            try await screens.showProduct(link.int("id"))   // 42
        }
        router.mapDefault { _ in
            await screens.showHome()                        // links no route matches
        }
        router.appendFilter { link in                       // runs before every destination
            link.queryParameters["utm_source"] == "spam" ? .halt : .pass
        }

        let navigator = Navigator(routers: [router])      // holds links until markReady()
        navigator.onOutcome = { outcome in print("deep link:", outcome) }   // every link's fate
        await navigator.markReady()                        // the root screen shows: links open from now on
        let outcome = await navigator.route("https://shop.example.com/product/42?ref=mail")   // opened
        // README quick start ends
        guard case .opened = outcome else { Issue.record("expected opened, got \(outcome)"); return }
        #expect(await navigator.route("shop://nowhere").handled)
        #expect(await navigator.route("shop://product/7?utm_source=spam").handled)
        #expect(await screens.shown == ["product 42", "home"])
        #expect(await navigator.route("https://evil.example.com/product/42").handled == false)
        #expect(!navigator.handle("https://evil.example.com/product/42"))
    }
}
