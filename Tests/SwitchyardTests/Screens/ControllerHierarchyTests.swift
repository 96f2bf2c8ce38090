import Switchyard
import Testing

/// The decisions `UIKitScreenStack` leaves to ``ControllerHierarchy``: which stack is on top, where
/// tracked screens start, what is modal, and the UIKit action for each operation.
@Suite struct ControllerHierarchyTests {
    typealias F = NavigationFixtures
    typealias C = ControllerHierarchy.Controller

    static let tabBar = ControllerHierarchy(
        tabs: ["home", "feed"], selectedIndex: 0,
        tabStacks: [[C(typeName: "HomeViewController"), C(F.screen("HotelListScreen"))], [C(typeName: "FeedViewController")], nil])

    @Test func readsTheTopStackAboveTheAppsRoots() {
        let shown = Self.tabBar
        #expect(shown.topPlace == .tab(0))
        #expect(shown.base(of: .tab(0)) == 1)
        #expect(shown.selectedTab == "home")
        #expect(shown.screens(inTab: nil) == [F.screen("HotelListScreen")])
        #expect(shown.screens(inTab: "feed") == [])
        #expect(shown.modal == nil)
        let stack = ControllerHierarchy(rootStack: [C(F.screen("ListScreen")), C(typeName: "Other")])
        #expect(stack.topPlace == .root && stack.base(of: .root) == 0)
        #expect(stack.screens(inTab: nil) == [F.screen("ListScreen"), F.screen("Other")])
    }

    @Test func detectsModals() {
        var shown = Self.tabBar
        shown.presented = [.stack([C(F.screen("CartScreen")), C(F.screen("PayScreen"))], presenter: "feed")]
        #expect(shown.topPlace == .presented && shown.base(of: .presented) == 0)
        #expect(shown.modal == PresentedModal(F.screen("CartScreen"), path: [F.screen("PayScreen")], presenter: "feed"))
        shown.presented = [.controller(C(typeName: "UIAlertController"), presenter: nil)]
        #expect(shown.topPlace == .tab(0))
        #expect(shown.modal == PresentedModal(F.screen("UIAlertController")))
        shown.presented = [.stack([], presenter: nil)]
        #expect(shown.modal == nil)
    }

    /// Applies a plan the way `UIKitScreenStack` does, and answers the actions it performs.
    static func actions(_ input: String, on start: ControllerHierarchy) throws -> ([ControllerAction], ControllerHierarchy) {
        var shown = start
        var actions: [ControllerAction] = []
        for operation in try #require(try F.plan(input)).operations(for: shown) {
            if let action = shown.action(for: operation) { actions.append(action) }
            shown.perform(operation)
        }
        return (actions, shown)
    }

    @Test func pushesPopsAndRefreshesAboveTheBase() throws {
        var start = Self.tabBar
        start.tabStacks[0]?.append(C(F.screen("HotelScreen", ["hotelID": "1"])))
        start.tabStacks[0]?.append(C(F.screen("BookingScreen")))
        let (actions, shown) = try Self.actions("shop://hotels/12", on: start)
        #expect(actions == [.keep(3, of: .tab(0)), .refresh(position: 2, of: .tab(0), F.screen("HotelScreen", ["hotelID": "12"]))])
        #expect(shown.screens(inTab: nil) == [F.screen("HotelListScreen"), F.screen("HotelScreen", ["hotelID": "12"])])
        #expect(try Self.actions("shop://hotels/12", on: shown).0 == [])
    }

    @Test func selectsTabsAndPresentsInsideTheModal() throws {
        let (actions, shown) = try Self.actions("shop://feed/7", on: Self.tabBar)
        #expect(actions == [.select(index: 1), .push(F.screen("PostScreen", ["postID": "7"]), on: .tab(1))])
        let (modal, after) = try Self.actions("shop://settings/privacy", on: shown)
        #expect(modal == [.present(F.screen("SettingsScreen"), from: nil), .push(F.screen("PrivacyScreen"), on: .presented)])
        #expect(after.modal == PresentedModal(F.screen("SettingsScreen"), path: [F.screen("PrivacyScreen")]))
        let (dismissing, _) = try Self.actions("shop://hotels", on: after)
        #expect(dismissing == [.dismiss, .keep(1, of: .tab(1)), .push(F.screen("HotelListScreen"), on: .tab(1))])
    }

    @Test func presentsFromANamedTabAndReplacesTheRoot() {
        var shown = Self.tabBar
        #expect(shown.action(for: .presentFrom("feed", F.screen("ShareScreen"))) == .present(F.screen("ShareScreen"), from: .tab(1)))
        #expect(shown.action(for: .presentFrom("sidebar", F.screen("ShareScreen"))) == .present(F.screen("ShareScreen"), from: nil))
        #expect(shown.action(for: .selectTab("unknown")) == nil)
        shown.perform(.replaceRoot(F.screen("LoginScreen")))
        #expect(shown.replacedRoot == F.screen("LoginScreen"))
        #expect(shown.topPlace == .root && shown.base(of: .root) == 1)
        #expect(shown.screens(inTab: nil) == [])
        #expect(shown.action(for: .push(F.screen("HelpScreen"))) == .push(F.screen("HelpScreen"), on: .root))
        var app = Self.tabBar
        app.tabStacks[1]?.append(C(F.screen("PostScreen")))
        #expect(app.emptyingActions == [.keep(1, of: .tab(0)), .keep(1, of: .tab(1))])
        app.perform(.replaceRoot(nil))
        #expect(app.screens(inTab: "home") == [] && app.screens(inTab: "feed") == [] && app.replacedRoot == nil)
    }
}
