import Foundation
import Switchyard
import Testing

/// A navigation state survives being saved and restored, and the restored state reconciles plans
/// from what it shows.
@MainActor
@Suite struct NavigationStateCodableTests {
    typealias F = NavigationFixtures

    @Test func aSavedStateIsRestoredAsItWas() throws {
        let state = NavigationState(InMemoryScreenStack(selectedTab: "home", stacks: ["home": [F.screen("A")]],
                                                        replacedRoot: F.screen("Login")))
        state.apply(try #require(try F.plan("shop://hotels/12/book")))
        let saved = try JSONEncoder().encode(state)
        let restored = try JSONDecoder().decode(NavigationState.self, from: saved)
        #expect(restored.stack == state.stack)
        #expect(restored.modal?.root == F.screen("BookingScreen", ["hotelID": "12"]))
        #expect(restored.apply(try #require(try F.plan("shop://hotels/12/book"))).isEmpty,
                "the restored state already shows the plan")
    }

    @Test func aScreenIsWrittenAsItsIdentifierAndParameters() throws {
        let json = try JSONEncoder().encode(F.screen("HotelScreen", ["hotelID": "12"]))
        let object = try #require(JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(object["identifier"] as? String == "HotelScreen")
        #expect(object["parameters"] as? [String: String] == ["hotelID": "12"])
    }
}
