// The names ComingFromHOKO.md's snippets use without declaring them.

/// What the guide's destinations show, and what its handler records, in order.
final class Shown: Sendable {
    func append(_ entry: String) {}
}
let shown = Shown()
let analytics = Shown()

/// The app's login state, which the gate asks.
final class Session: @unchecked Sendable {
    var isLoggedIn = false
    func logIn() { isLoggedIn = true }
}
let session = Session()

/// The link service's app key (Info.plist, `SwitchyardAppKey`) and the app's router.
let appKey = "app-key"
let router = try! Router(schemes: ["hoko"])

/// The app's share sheet.
@MainActor func share(_ url: String) {}
