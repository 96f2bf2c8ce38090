import Switchyard
import Testing

/// Plans that replace the app's root (Compass's logout, HOKO's `setRootViewController:`) and
/// modals presented by a named container (WAAppRouting's `presentingController`).
@Suite struct NavigationRootAndPresenterTests {
    typealias F = NavigationFixtures

    static let table: RouteTable = {
        do {
            return try RouteTable(RouteTableFile.parse(#"""
                {"schemes": ["shop"], "routes": [
                  {"pattern": "logout{LoginScreen}/help{HelpScreen}", "root": true},
                  {"pattern": "home", "root": true},
                  {"pattern": "share{ShareScreen}!/:target{TargetScreen}", "presenter": "feed"},
                  "cart{CartScreen}!",
                  "hotels{HotelListScreen}/:hotelID{HotelScreen}"
                ]}
                """#, fileName: "routes.json"))
        } catch {
            fatalError("fixture table: \(error)")
        }
    }()

    static func plan(_ input: String) throws -> NavigationPlan {
        try #require(table.plan(for: try table.resolve(input)))
    }

    static let busy = InMemoryScreenStack(
        selectedTab: "home",
        stacks: ["home": [F.screen("HotelListScreen")], "feed": [F.screen("PostScreen", ["postID": "1"])]],
        modals: [PresentedModal(F.screen("CartScreen"))])

    @Test func plansCarryTheRootAndThePresenter() throws {
        let logout = try Self.plan("shop://logout/help")
        #expect(logout.replacesRoot)
        #expect(logout.newRoot == F.screen("LoginScreen"))
        #expect(logout.description == "root; push LoginScreen; push HelpScreen")
        let home = try Self.plan("shop://home")
        #expect(!home.isEmpty)
        #expect(home.newRoot == nil)
        let share = try Self.plan("shop://share/7")
        #expect(share.presenter == "feed")
        #expect(share.modals == [PresentedModal(F.screen("ShareScreen"), path: [F.screen("TargetScreen", ["target": "7"])],
                                                presenter: "feed")])
        #expect(share.description == "modal ShareScreen; push TargetScreen(target: 7); presenter feed")
        #expect(try !Self.plan("shop://cart").replacesRoot)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var note: String
        var stack: InMemoryScreenStack
        var input: String
        var operations: [String]
        var after: String
        var testDescription: String { note }
    }

    @Test(arguments: [
        Case(note: "a root plan drops the modal, the tabs and their stacks", stack: busy, input: "shop://logout/help",
             operations: ["replaceRoot LoginScreen", "push HelpScreen"], after: "root LoginScreen; [HelpScreen]"),
        Case(note: "a root plan on its own root with more shown starts afresh",
             stack: InMemoryScreenStack(screens: [F.screen("HelpScreen")], replacedRoot: F.screen("LoginScreen")),
             input: "shop://logout", operations: ["replaceRoot LoginScreen"], after: "root LoginScreen; []"),
        Case(note: "a root plan on the app's root starts afresh", stack: busy, input: "shop://home",
             operations: ["replaceRoot (app root)"], after: "[]"),
        Case(note: "a root plan without screens brings back the app's own root",
             stack: InMemoryScreenStack(screens: [F.screen("HelpScreen")], replacedRoot: F.screen("LoginScreen")),
             input: "shop://home", operations: ["replaceRoot (app root)"], after: "[]"),
        Case(note: "a plan that does not replace the root builds on the replaced one",
             stack: InMemoryScreenStack(replacedRoot: F.screen("LoginScreen")), input: "shop://hotels/3",
             operations: ["push HotelListScreen", "push HotelScreen(hotelID: 3)"],
             after: "root LoginScreen; [HotelListScreen, HotelScreen(hotelID: 3)]"),
        Case(note: "a modal is presented from its presenter", stack: InMemoryScreenStack(), input: "shop://share/7",
             operations: ["present ShareScreen from feed", "push TargetScreen(target: 7)"],
             after: "[]; modal [ShareScreen, TargetScreen(target: 7)] from feed"),
        Case(note: "the same screen from another presenter is presented again",
             stack: InMemoryScreenStack(modals: [PresentedModal(F.screen("ShareScreen"))]), input: "shop://share/7",
             operations: ["dismiss", "present ShareScreen from feed", "push TargetScreen(target: 7)"],
             after: "[]; modal [ShareScreen, TargetScreen(target: 7)] from feed"),
        Case(note: "the same modal from the same presenter is reconciled inside",
             stack: InMemoryScreenStack(modals: [PresentedModal(F.screen("ShareScreen"), presenter: "feed")]),
             input: "shop://share/7", operations: ["push TargetScreen(target: 7)"],
             after: "[]; modal [ShareScreen, TargetScreen(target: 7)] from feed"),
    ])
    func operations(_ row: Case) throws {
        let plan = try Self.plan(row.input)
        var stack = row.stack
        #expect(stack.apply(plan).map(\.description) == row.operations)
        #expect(stack.description == row.after)
        #expect(stack.apply(plan) == [])
    }

    @Test func routesDeclaredInCodeCarryBoth() throws {
        let table = try RouteTable(RouteTableConfiguration(schemes: ["shop"], routes: [
            RouteDefinition("logout{LoginScreen}", replacesRoot: true),
            RouteDefinition("share{ShareScreen}!", presenter: "feed"),
        ]))
        let logout = try #require(table.plan(for: try table.resolve("shop://logout")))
        #expect(logout.replacesRoot && logout.newRoot == F.screen("LoginScreen"))
        let share = try table.resolve("shop://share")
        #expect(table.plan(for: share)?.presenter == "feed")
    }

    @MainActor
    @Test func navigationStateShowsTheNewRootAndThePresenter() throws {
        let state = NavigationState(Self.busy)
        #expect(state.apply(try Self.plan("shop://logout/help")) == [.replaceRoot(F.screen("LoginScreen")), .push(F.screen("HelpScreen"))])
        #expect(state.replacedRoot == F.screen("LoginScreen"))
        #expect(state.path == [F.screen("HelpScreen")])
        #expect(state.modal == nil && state.selectedTab == nil && state[tab: "home"] == [])
        state.apply(try Self.plan("shop://share/7"))
        #expect(state.modal?.presenter == "feed")
        #expect(state.modalPath == [F.screen("TargetScreen", ["target": "7"])])
        state.apply(try Self.plan("shop://home"))
        #expect(state.replacedRoot == nil && state.modal == nil && state.path == [])
    }

    /// Contradictory plan settings are refused when the table loads, with the route and the setting named.
    @Test(arguments: [
        (#"{"pattern": "welcome/:postID{PostScreen}", "root": true, "container": "feed"}"#,
         #"route 2 ('welcome/:postID{PostScreen}'): "root" cannot be combined with "container" ('feed'): a route that replaces the root shows its first screen as the new root, and has no container to select"#),
        (#"{"pattern": "settings{SettingsScreen}", "presenter": "feed"}"#,
         #"route 2 ('settings{SettingsScreen}'): "presenter" ('feed') needs a modal step (a screen marked '!'), and this route has none"#),
        (#"{"pattern": "about", "presenter": "feed"}"#,
         #"route 2 ('about'): "presenter" ('feed') needs a modal step (a screen marked '!'), and this route has none"#),
    ])
    func contradictorySettingsAreRefusedAtLoad(route: String, message: String) throws {
        let configuration = try RouteTableFile.parse(#"{"schemes": ["shop"], "routes": ["home", "# + route + "]}",
                                                     fileName: "routes.json")
        let error = try #require(throws: RouteTableBuildError.self) { try RouteTable(configuration) }
        #expect(error.issues.map(\.code) == [.invalidPlanSetting])
        #expect(error.message == message)
        #expect(throws: RouteTableBuildError.self, "a router refuses it too") { try Router(configuration) }
    }
}
