/// The screens a link should leave behind: an optional container (tab) to select, then the
/// ordered steps that build its stack.
///
/// `hotels{HotelListScreen}/:hotelID{HotelScreen}/book{BookingScreen}!` opened as
/// `shop://hotels/12/book` plans the hotel list, hotel 12 pushed on it, and the booking screen
/// presented modally:
///
/// ```swift
/// let plan = try table.plan(for: table.resolve("shop://hotels/12/book"))!
/// plan.steps.map(\.description)
/// // ["push HotelListScreen", "push HotelScreen(hotelID: 12)", "modal BookingScreen(hotelID: 12)"]
/// ```
public struct NavigationPlan: Sendable, Hashable, CustomStringConvertible {
    /// The container to select first (a tab, from ``RouteDefinition/container``), if any.
    public var container: String?
    /// The steps, bottom of the stack first. Empty for a matched route that names no screens.
    public var steps: [NavigationStep]

    /// Creates a plan.
    public init(container: String? = nil, steps: [NavigationStep] = []) {
        self.container = container
        self.steps = steps
    }

    /// Whether the plan changes nothing: no container and no steps. Applying it gives no operations.
    public var isEmpty: Bool { container == nil && steps.isEmpty }

    /// The screens pushed before the first modal step: the container's stack, bottom first.
    public var stackScreens: [NavigationScreen] {
        steps.prefix { $0.presentation == .push }.map(\.destination)
    }

    /// The modal step and the screens pushed inside it, or nil when no step is modal.
    public var modal: PresentedModal? {
        guard let first = steps.firstIndex(where: { $0.presentation == .modal }) else { return nil }
        return PresentedModal(steps[first].destination, path: steps[(first + 1)...].map(\.destination))
    }

    /// `tab feed; push A; push B(id: 3)`.
    public var description: String {
        let parts = (container.map { ["tab \($0)"] } ?? []) + steps.map(\.description)
        return parts.isEmpty ? "(empty plan)" : parts.joined(separator: "; ")
    }
}
