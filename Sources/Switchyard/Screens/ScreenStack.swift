/// Something that shows screens and can be driven by ``NavigationOperation``s: the in-memory
/// stack, the observable ``NavigationState``, a UIKit navigation controller, or any other
/// container an app plugs in (a split view, a sidebar) by mapping `selectTab` to its children.
///
/// A conformer reports what it shows; ``NavigationPlan/operations(for:)`` turns a plan into the
/// operations that bring it there, and the conformer performs them in order.
public protocol ScreenStack {
    /// The selected tab (or container child), nil when there is none.
    var selectedTab: String? { get }
    /// The screens pushed in a tab, bottom first, above the tab's root; `nil` asks for the
    /// selected tab's (or the only) stack.
    func screens(inTab tab: String?) -> [NavigationScreen]
    /// The presentations shown, bottom first: the modal presented over the app's screens, then each
    /// modal presented over the one before it. Empty when nothing is presented.
    var modals: [PresentedModal] { get }
    /// The screen that replaced the app's root (``NavigationOperation/replaceRoot(_:)``), nil
    /// while the app's own root is shown.
    var replacedRoot: NavigationScreen? { get }
    /// Performs one operation.
    mutating func perform(_ operation: NavigationOperation)
}

extension ScreenStack {
    /// Nil: a stack that cannot replace its root always shows the app's own.
    public var replacedRoot: NavigationScreen? { nil }

    /// The modal presented over the app's screens (the first of ``modals``), if any.
    public var modal: PresentedModal? { modals.first }
}

extension NavigationPlan {
    /// The operations that bring a stack to this plan, reusing what it already shows.
    ///
    /// A plan presents one modal per modal step, each over the one before it (``NavigationPlan/modals``);
    /// the rules, in order:
    /// 1. An empty plan (no container, no steps, no new root) gives no operations.
    /// 2. A plan that ``replacesRoot`` starts afresh — `replaceRoot` with its ``newRoot``, then
    ///    `selectTab` of its container, the pushes above the new root, and its modal — unless the
    ///    stack already shows that root with exactly the plan's screens above it (rules 3 to 6
    ///    would change nothing), which gives no operations.
    /// 3. The plan's container is selected when it is not already.
    /// 4. The container's stack is compared with the steps before the first modal, from the
    ///    bottom: at each depth where the identifiers agree the screen is kept — as is when the
    ///    parameters agree too, otherwise it gets a `refresh` with the new ones. At the first
    ///    depth where they differ, the stack is popped back there and the remaining steps are
    ///    pushed. A plan whose first step is modal leaves the stack under it as it is.
    /// 5. Shown presentations are kept from the bottom while each presents the same screen
    ///    identifier from the same presenter as the plan's at its level, and only when the tab and
    ///    stack below need no change. A kept presentation with another kept over it must already
    ///    show exactly the plan's screens (operations act on the topmost stack only); the topmost
    ///    kept one is reconciled like rule 4. Every shown presentation above those kept is
    ///    dismissed first, topmost first (one `dismiss` each).
    /// 6. The plan's presentations that are not shown are presented last, bottom first (the first
    ///    with `presentFrom` when the plan names a presenter), each followed by the screens pushed
    ///    inside it.
    ///
    /// Operations come in this order: `replaceRoot` or `dismiss`es, `selectTab`, `popTo`, `refresh`
    /// (bottom first), `push`, then for each presentation `present` or `presentFrom` and the pushes
    /// inside it.
    ///
    /// ```swift
    /// var stack = InMemoryScreenStack(screens: [NavigationScreen("HotelListScreen")])
    /// plan.operations(for: stack) // [push HotelScreen(hotelID: 12)]
    /// ```
    /// - Complexity: O(*n*) in the number of steps and screens shown.
    public func operations(for stack: some ScreenStack) -> [NavigationOperation] {
        if isEmpty { return [] }
        let newRoot = self.newRoot
        let target = newRoot == nil ? stackScreens : Array(stackScreens.dropFirst())
        let reconciled = reconciling(stack, to: target)
        guard replacesRoot, stack.replacedRoot != newRoot || !reconciled.isEmpty else { return reconciled }
        var operations: [NavigationOperation] = [.replaceRoot(newRoot)]
        if let container { operations.append(.selectTab(container)) }
        operations += target.map(NavigationOperation.push)
        operations += Self.presenting(modals)
        return operations
    }

    /// Rules 3 to 6, for the stack above the root: `target` is the container's stack to build.
    private func reconciling(_ stack: some ScreenStack, to target: [NavigationScreen]) -> [NavigationOperation] {
        let modals = self.modals
        let changesTab = container.map { $0 != stack.selectedTab } ?? false
        let presentsOver = stackScreens.isEmpty && !modals.isEmpty
        let below = presentsOver ? [] : Self.reconcile(stack.screens(inTab: container), to: target)
        let shown = stack.modals
        let kept = changesTab || !below.isEmpty ? 0 : Self.keptPresentations(shown, modals)

        var operations = [NavigationOperation](repeating: .dismiss, count: shown.count - kept)
        if kept > 0 {
            operations += Self.reconcile(shown[kept - 1].screens, to: modals[kept - 1].screens)
        } else {
            if changesTab, let container { operations.append(.selectTab(container)) }
            operations += below
        }
        operations += Self.presenting(modals[kept...])
        return operations
    }

    /// Rule 5: how many of the shown presentations stay, from the bottom.
    static func keptPresentations(_ shown: [PresentedModal], _ planned: [PresentedModal]) -> Int {
        var kept = 0
        while kept < min(shown.count, planned.count), shown[kept].root.identifier == planned[kept].root.identifier,
              shown[kept].presenter == planned[kept].presenter {
            kept += 1
            // Only the topmost kept presentation can still change: one under it must match already.
            if kept < min(shown.count, planned.count), shown[kept - 1].screens != planned[kept - 1].screens { break }
        }
        return kept
    }

    /// Rule 6: each presentation, bottom first (from its presenter, when it names one), then the
    /// screens pushed inside it.
    static func presenting(_ modals: some Collection<PresentedModal>) -> [NavigationOperation] {
        modals.flatMap { modal in
            let present: NavigationOperation = modal.presenter.map { .presentFrom($0, modal.root) } ?? .present(modal.root)
            return [present] + modal.path.map(NavigationOperation.push)
        }
    }

    /// Rule 4: keep the common bottom (refreshing changed parameters), pop the rest, push what is missing.
    static func reconcile(_ shown: [NavigationScreen], to target: [NavigationScreen]) -> [NavigationOperation] {
        var depth = 0
        var refreshes: [NavigationOperation] = []
        while depth < shown.count, depth < target.count, shown[depth].identifier == target[depth].identifier {
            if shown[depth].parameters != target[depth].parameters {
                refreshes.append(.refresh(index: depth, target[depth]))
            }
            depth += 1
        }
        var operations: [NavigationOperation] = depth < shown.count ? [.popTo(count: depth)] : []
        operations += refreshes
        operations += target[depth...].map(NavigationOperation.push)
        return operations
    }
}
