import Foundation
import Observation
import Switchyard
import Testing

@MainActor
@Suite struct NavigationStateTests {
    typealias F = NavigationFixtures

    @Test func appliesPlansAsPathAndModal() throws {
        let state = NavigationState()
        let operations = state.apply(try #require(try F.plan("shop://hotels/12/book")))
        #expect(operations.count == 3)
        #expect(state.path == [F.screen("HotelListScreen"), F.screen("HotelScreen", ["hotelID": "12"])])
        #expect(state.modal?.root == F.screen("BookingScreen", ["hotelID": "12"]))
        #expect(state.modalPath == [])
        #expect(state.selectedTab == nil)
    }

    @Test func userNavigationWritesBackAndIsSeenByTheNextPlan() throws {
        let state = NavigationState()
        state.apply(try #require(try F.plan("shop://hotels/12/book")))
        // The user swipes the sheet away and goes back once: SwiftUI writes the bindings.
        state.modal = nil
        state.path.removeLast()
        #expect(state.apply(try #require(try F.plan("shop://hotels/4"))) == [.push(F.screen("HotelScreen", ["hotelID": "4"]))])
    }

    @Test func modalPathAndTabsBind() throws {
        let state = NavigationState(InMemoryScreenStack(selectedTab: "home", stacks: ["home": [F.screen("A")]]))
        state.apply(try #require(try F.plan("shop://settings/privacy")))
        #expect(state.modalPath == [F.screen("PrivacyScreen")])
        state.modalPath = []
        #expect(state.modal == PresentedModal(F.screen("SettingsScreen")))
        state.modal = nil
        state.modalPath = [F.screen("Ignored")]
        #expect(state.modal == nil)
        state[tab: "feed"] = [F.screen("PostScreen", ["postID": "7"])]
        state.selectedTab = "feed"
        #expect(state.path == [F.screen("PostScreen", ["postID": "7"])])
        #expect(state[tab: "home"] == [F.screen("A")])
        #expect(state.apply(try #require(try F.plan("shop://feed/7"))) == [])
    }

    @Test func observersAreToldOfAnAppliedPlan() throws {
        let state = NavigationState()
        let changed = Flag()
        withObservationTracking {
            _ = state.path
        } onChange: {
            changed.set()
        }
        #expect(!changed.value)
        state.apply(try #require(try F.plan("shop://list/3")))
        #expect(changed.value)
    }

    @Test func opensInputsThroughAPlanner() throws {
        let state = NavigationState()
        var planner = NavigationPlanner(table: F.table)
        try planner.setDefaults(forRoute: "post") { _ in ["from": "builder"] }
        func open(_ input: String, source: LinkSource? = nil) -> [NavigationOperation]? {
            planner.plan(forInput: input, source: source).map { state.apply($0) }
        }
        #expect(open("https://shop.example.com/feed/7", source: .userActivity)
            == [.selectTab("feed"), .push(F.screen("PostScreen", ["postID": "7", "from": "builder"]))])
        #expect(open("shop://nowhere") == nil)
        #expect(open("https://other.example.com/feed/7") == nil)
        #expect(open("shop://about/team") == [])
        #expect(state.stack.description == "tab feed; [PostScreen(from: builder, postID: 7)]")
    }

    @Test func stateIsAScreenStack() throws {
        let state = NavigationState(InMemoryScreenStack(screens: [F.screen("ListScreen")]))
        let plan = try #require(try F.plan("shop://list/3"))
        #expect(plan.operations(for: state) == [.push(F.screen("DetailScreen", ["itemID": "3"]))])
        #expect(state.screens(inTab: nil) == [F.screen("ListScreen")])
    }
}

/// A flag the observation callback sets (it may run on any thread).
final class Flag: @unchecked Sendable {
    private var isSet = false
    private let lock = NSLock()
    var value: Bool { lock.withLock { isSet } }
    func set() { lock.withLock { isSet = true } }
}
