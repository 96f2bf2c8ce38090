// The names GettingStarted.md's snippets use without declaring them. The third snippet resolves
// with the table the first one builds: the prelude builds the same.

/// The app's screens.
enum Screens {
    @MainActor static func showProduct(_ id: Int) {}
}
let table = try! RouteTable(RouteTableConfiguration(
    schemes: ["shop"], hosts: ["shop.example.com"], routes: [RouteDefinition("product/:id<int>", name: "product")]))
