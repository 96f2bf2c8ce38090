import Switchyard
import Testing

@Suite struct NavigationPlanForInputTests {
    @Test func plansAnInputOrAnswersNil() {
        let planner = NavigationPlanner(table: NavigationFixtures.table)
        #expect(planner.plan(forInput: "shop://hotels/12")?.steps.map(\.screen) == ["HotelListScreen", "HotelScreen"])
        #expect(planner.plan(forInput: "shop://nowhere") == nil)
        #expect(planner.plan(forInput: "shop://bad%zz") == nil)
        #expect(planner.plan(forInput: "https://elsewhere.example.com/hotels") == nil)
    }
}
