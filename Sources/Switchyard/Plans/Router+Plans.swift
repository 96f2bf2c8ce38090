/// Applies a navigation plan to the app's screens: a UIKit screen stack, a SwiftUI
/// ``NavigationState``, an in-memory stack.
public typealias PlanApplier = @Sendable (NavigationPlan, DeepLink) async throws -> Void

extension Router {
    /// Where the plans of screen routes go, and where to read what the app shows. A route whose
    /// pattern names screens (`list{ListScreen}/:id{DetailScreen}`) and that has no closure of its
    /// own then opens its plan *through this router's pipeline*: filters (a gate holds it until
    /// login, and ``Navigator/openPendingLink()`` rebuilds the stack afterwards), handlers, then
    /// `apply` with the plan and the link. Each ``Routable`` destination navigates from `screens`
    /// (``Routable/navigate(to:from:)``, Compass's `currentController`), read once per link before
    /// its destination runs. Each call sets both: nil `apply` leaves such routes to the default
    /// route; nil `screens` (the default) gives destinations no screens.
    ///
    /// ```swift
    /// // `navigation`: a @MainActor object that owns the app's NavigationState or UIKitScreenStack
    /// router.applyPlans({ plan, _ in await navigation.apply(plan) }, screens: { await navigation.stack })
    /// ```
    public func applyPlans(_ apply: PlanApplier?, screens: (@Sendable () async -> InMemoryScreenStack)? = nil) {
        state.withLock { state in
            state.planApplier = apply
            state.screens = screens
            state.cache = nil
        }
    }

    /// The destination of every screen route without a closure of its own while plans are
    /// applied: `table`'s plan for the link, handed to `apply`.
    static func planDestination(_ table: RouteTable, _ apply: @escaping PlanApplier) -> Destination {
        let planner = NavigationPlanner(table: table)
        return { link in
            guard let plan = planner.plan(for: link) else { return }
            // A link past its deadline (its task cancelled) applies no plan.
            try Task.checkCancellation()
            try await apply(plan, link)
        }
    }

    /// The context a destination navigates from: the screens the app gave, read now.
    func navigationContext() async -> NavigationContext {
        guard let screens = state.withLock({ $0.screens }) else { return NavigationContext() }
        return NavigationContext(screens: await screens())
    }
}
