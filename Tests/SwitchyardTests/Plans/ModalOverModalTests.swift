import Foundation
import Switchyard
import Testing

/// A plan with several modal steps presents each over the one before, and applying plans keeps,
/// dismisses and presents whole presentations: in memory, in the observable state, in a UIKit
/// hierarchy, and through a save and restore.
@Suite struct ModalOverModalTests {
    typealias F = NavigationFixtures
    typealias C = ControllerHierarchy.Controller

    static let checkout = PresentedModal(F.screen("CheckoutScreen"))
    static let payment = PresentedModal(F.screen("PayScreen"), path: [F.screen("CardScreen")])

    @Test func eachModalStepStartsAPresentation() throws {
        let plan = try #require(try F.plan("shop://checkout/pay/card"))
        #expect(plan.description == "modal CheckoutScreen; modal PayScreen; push CardScreen")
        #expect(plan.modals == [Self.checkout, Self.payment])
        #expect(plan.stackScreens == [])
        let prefix = try #require(try F.plan("shop://checkout/pay"))
        #expect(prefix.modals == [Self.checkout, PresentedModal(F.screen("PayScreen"))])
    }

    @Test func onlyTheFirstPresentationHasThePresenter() {
        let plan = NavigationPlan(steps: [NavigationStep(screen: "A", presentation: .modal),
                                          NavigationStep(screen: "B", presentation: .modal)], presenter: "feed")
        #expect(plan.modals == [PresentedModal(F.screen("A"), presenter: "feed"), PresentedModal(F.screen("B"))])
        #expect(plan.operations(for: InMemoryScreenStack()).map(\.description) == ["present A from feed", "present B"])
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let note: String
        let modals: [PresentedModal]
        let input: String
        let operations: [String]
        let after: String
        var testDescription: String { note }
    }

    static let cases: [Case] = [
        Case(note: "from nothing, both presentations, the card pushed in the second", modals: [],
             input: "shop://checkout/pay/card",
             operations: ["present CheckoutScreen", "present PayScreen", "push CardScreen"],
             after: "[]; modal [CheckoutScreen]; modal [PayScreen, CardScreen]"),
        Case(note: "the first presentation shown: kept, the second presented over it", modals: [checkout],
             input: "shop://checkout/pay/card", operations: ["present PayScreen", "push CardScreen"],
             after: "[]; modal [CheckoutScreen]; modal [PayScreen, CardScreen]"),
        Case(note: "both shown: nothing to do", modals: [checkout, payment], input: "shop://checkout/pay/card",
             operations: [], after: "[]; modal [CheckoutScreen]; modal [PayScreen, CardScreen]"),
        Case(note: "back to the first: the one over it is dismissed", modals: [checkout, payment],
             input: "shop://checkout", operations: ["dismiss"], after: "[]; modal [CheckoutScreen]"),
        Case(note: "the topmost kept presentation is reconciled like a stack", modals: [checkout, payment],
             input: "shop://checkout/pay", operations: ["popTo 1"],
             after: "[]; modal [CheckoutScreen]; modal [PayScreen]"),
        Case(note: "a presentation under another that must change: the one over it goes first",
             modals: [PresentedModal(F.screen("CheckoutScreen"), path: [F.screen("X")]), payment],
             input: "shop://checkout/pay/card",
             operations: ["dismiss", "popTo 1", "present PayScreen", "push CardScreen"],
             after: "[]; modal [CheckoutScreen]; modal [PayScreen, CardScreen]"),
        Case(note: "another modal: every presentation is dismissed, topmost first", modals: [checkout, payment],
             input: "shop://cart", operations: ["dismiss", "dismiss", "present CartScreen"],
             after: "[]; modal [CartScreen]"),
        Case(note: "a plan without modals dismisses them all", modals: [checkout, payment],
             input: "shop://hotels", operations: ["dismiss", "dismiss", "push HotelListScreen"],
             after: "[HotelListScreen]"),
    ]

    @Test(arguments: cases) func reconcilesPresentations(_ row: Case) throws {
        var stack = InMemoryScreenStack(screens: [], modals: row.modals)
        let operations = stack.apply(try #require(try F.plan(row.input)))
        #expect(operations.map(\.description) == row.operations)
        #expect(stack.description == row.after)
        #expect(try #require(try F.plan(row.input)).operations(for: stack) == [], "applied once, the plan is shown")
    }

    @MainActor @Test func theObservableStateBindsEveryLevel() throws {
        let state = NavigationState()
        state.apply(try #require(try F.plan("shop://checkout/pay/card")))
        #expect(state.modals == [Self.checkout, Self.payment])
        #expect(state.modal == Self.checkout && state.modalPath == [])
        state.modals[1].path = []                      // back inside the second sheet
        #expect(state.modals.last == PresentedModal(F.screen("PayScreen")))
        state.modals = Array(state.modals.prefix(1))   // the second sheet swiped down
        #expect(state.modals == [Self.checkout])
        state.apply(try #require(try F.plan("shop://checkout/pay/card")))
        state.modal = nil                              // the first sheet swiped down: both go
        #expect(state.modals.isEmpty)
    }

    @Test func theTopScreenIsTheTopmostPresentations() {
        let shown = InMemoryScreenStack(screens: [F.screen("A")], modals: [Self.checkout, Self.payment])
        #expect(NavigationContext(screens: shown).topScreen == F.screen("CardScreen"))
        #expect(InMemoryScreenStack(showing: shown) == shown)
    }

    @MainActor @Test func aSavedStackOfPresentationsIsRestored() throws {
        let state = NavigationState()
        state.apply(try #require(try F.plan("shop://checkout/pay/card")))
        let saved = try JSONEncoder().encode(state)
        let object = try #require(JSONSerialization.jsonObject(with: saved) as? [String: Any])
        #expect((object["modals"] as? [Any])?.count == 2)
        let restored = try JSONDecoder().decode(NavigationState.self, from: saved)
        #expect(restored.modals == [Self.checkout, Self.payment])
        #expect(restored.apply(try #require(try F.plan("shop://checkout"))) == [.dismiss])
    }

    @Test func aStackSavedWithOneModalIsReadAsOnePresentation() throws {
        let saved = #"{"selectedTab": "home", "stacks": {"home": [{"identifier": "A", "parameters": {}}]},"#
            + #" "modal": {"root": {"identifier": "CartScreen", "parameters": {}}, "path": []}}"#
        let stack = try JSONDecoder().decode(InMemoryScreenStack.self, from: Data(saved.utf8))
        #expect(stack.description == "tab home; [A]; modal [CartScreen]")
        let none = try JSONDecoder().decode(InMemoryScreenStack.self, from: Data(#"{"stacks": {}}"#.utf8))
        #expect(none == InMemoryScreenStack())
    }

    @Test func uiKitPresentsFromTheTopmostAndDismissesItAlone() throws {
        let start = ControllerHierarchy(rootStack: [C(typeName: "HomeViewController")])
        let (actions, shown) = try ControllerHierarchyTests.actions("shop://checkout/pay/card", on: start)
        #expect(actions == [.present(F.screen("CheckoutScreen"), from: nil), .present(F.screen("PayScreen"), from: nil),
                            .push(F.screen("CardScreen"), on: .presented)])
        #expect(shown.presented == [.stack([C(F.screen("CheckoutScreen"))], presenter: nil),
                                    .stack([C(F.screen("PayScreen")), C(F.screen("CardScreen"))], presenter: nil)])
        #expect(shown.modals == [Self.checkout, Self.payment])
        #expect(shown.topPlace == .presented && shown.controllers(at: .presented).count == 2)
        let (back, after) = try ControllerHierarchyTests.actions("shop://checkout", on: shown)
        #expect(back == [.dismiss])
        #expect(after.modals == [Self.checkout])
        #expect(after.controllers(at: .presented) == [C(F.screen("CheckoutScreen"))])
    }
}
