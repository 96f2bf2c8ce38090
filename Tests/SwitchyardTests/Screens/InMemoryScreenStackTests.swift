import Switchyard
import Testing

@Suite struct InMemoryScreenStackTests {
    typealias F = NavigationFixtures

    @Test func operationsActOnTheTopmostStack() {
        var stack = InMemoryScreenStack(screens: [F.screen("A")])
        stack.perform(.push(F.screen("B")))
        stack.perform(.present(F.screen("M")))
        stack.perform(.push(F.screen("N")))
        #expect(stack.description == "[A, B]; modal [M, N]")
        stack.perform(.refresh(index: 0, F.screen("M", ["x": "1"])))
        #expect(stack.modal == PresentedModal(F.screen("M", ["x": "1"]), path: [F.screen("N")]))
        stack.perform(.popTo(count: 1))
        #expect(stack.description == "[A, B]; modal [M(x: 1)]")
        stack.perform(.dismiss)
        stack.perform(.refresh(index: 1, F.screen("B", ["y": "2"])))
        stack.perform(.popTo(count: 5))
        #expect(stack.description == "[A, B(y: 2)]")
        stack.perform(.popTo(count: 0))
        #expect(stack.screens().isEmpty)
    }

    @Test func tabsHaveTheirOwnStacks() {
        var stack = InMemoryScreenStack()
        stack.perform(.push(F.screen("A")))
        stack.perform(.selectTab("feed"))
        stack.perform(.push(F.screen("B")))
        #expect(stack.screens(inTab: "feed") == [F.screen("B")])
        #expect(stack.stacks[InMemoryScreenStack.noTab] == [F.screen("A")])
        #expect(stack.description == "tab feed; [B]")
    }

    @Test func screenAndModalValues() {
        let screen = F.screen("HotelScreen", ["z": "1", "a": "2"])
        #expect(screen.description == "HotelScreen(a: 2, z: 1)")
        #expect(screen.id == screen)
        let modal = PresentedModal(screen, path: [F.screen("X")])
        #expect(modal.id == "HotelScreen")
        #expect(PresentedModal(F.screen("HotelScreen", ["other": "1"])).id == modal.id)
        #expect(modal.screens == [screen, F.screen("X")])
        #expect(NavigationOperation.selectTab("feed").description == "selectTab feed")
        #expect(NavigationOperation.present(screen).description == "present HotelScreen(a: 2, z: 1)")
    }
}
