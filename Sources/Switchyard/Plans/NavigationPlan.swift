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
    /// Whether the plan replaces the app's root (from ``RouteDefinition/replacesRoot``): see
    /// ``newRoot`` for what becomes the root.
    public var replacesRoot: Bool
    /// The container that presents the plan's first modal (from ``RouteDefinition/presenter``); nil
    /// presents it from the root. Later modals are presented over the one before.
    public var presenter: String?

    /// Creates a plan.
    public init(container: String? = nil, steps: [NavigationStep] = [], replacesRoot: Bool = false,
                presenter: String? = nil) {
        self.container = container
        self.steps = steps
        self.replacesRoot = replacesRoot
        self.presenter = presenter
    }

    /// Whether the plan changes nothing: no container, no steps and no new root. Applying it gives
    /// no operations.
    public var isEmpty: Bool { container == nil && steps.isEmpty && !replacesRoot }

    /// The root a plan that ``replacesRoot`` shows: its first pushed screen when it names no
    /// container, otherwise nil — the app's own root, whose tab the container then selects.
    /// Nil as well for a plan that does not replace the root.
    public var newRoot: NavigationScreen? {
        replacesRoot && container == nil ? stackScreens.first : nil
    }

    /// The screens pushed before the first modal step: the container's stack, bottom first.
    public var stackScreens: [NavigationScreen] {
        steps.prefix { $0.presentation == .push }.map(\.destination)
    }

    /// The presentations the plan leaves shown, bottom first: one per modal step, with the push
    /// steps after it (up to the next modal step) pushed inside it; each later one is presented
    /// over the one before. The first is presented from ``presenter``. Empty when no step is modal.
    ///
    /// `cart{CartScreen}!/pay{PayScreen}!/card{CardScreen}` plans `[modal [CartScreen], modal
    /// [PayScreen, CardScreen]]`: the payment sheet over the cart sheet, the card form pushed in it.
    public var modals: [PresentedModal] {
        var modals: [PresentedModal] = []
        for step in steps.drop(while: { $0.presentation == .push }) {
            if step.presentation == .modal {
                modals.append(PresentedModal(step.destination, presenter: modals.isEmpty ? presenter : nil))
            } else {
                modals[modals.count - 1].path.append(step.destination)
            }
        }
        return modals
    }

    /// `tab feed; push A; push B(id: 3)`; `root; push Login`; `...; presenter feed`.
    public var description: String {
        let parts = (replacesRoot ? ["root"] : []) + (container.map { ["tab \($0)"] } ?? []) + steps.map(\.description)
            + (presenter.map { ["presenter \($0)"] } ?? [])
        return parts.isEmpty ? "(empty plan)" : parts.joined(separator: "; ")
    }
}
