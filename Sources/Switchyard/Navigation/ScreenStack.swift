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
    /// The presented modal, if any.
    var modal: PresentedModal? { get }
    /// The screen that replaced the app's root (``NavigationOperation/replaceRoot(_:)``), nil
    /// while the app's own root is shown.
    var replacedRoot: NavigationScreen? { get }
    /// Performs one operation.
    mutating func perform(_ operation: NavigationOperation)
}

extension ScreenStack {
    /// Nil: a stack that cannot replace its root always shows the app's own.
    public var replacedRoot: NavigationScreen? { nil }
}

extension NavigationPlan {
    /// The operations that bring a stack to this plan, reusing what it already shows.
    ///
    /// The rules, in order:
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
    /// 5. A shown modal is kept only when the plan presents the same screen identifier from the
    ///    same presenter and the tab and stack below need no change; its inner stack is then
    ///    reconciled like rule 4. Otherwise it is dismissed first.
    /// 6. The plan's modal is presented last (`presentFrom` when the plan names a presenter), then
    ///    the screens pushed inside it.
    ///
    /// Operations come in this order: `replaceRoot` or `dismiss`, `selectTab`, `popTo`, `refresh`
    /// (bottom first), `push`, `present` or `presentFrom`, then pushes inside the modal.
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
        operations += Self.presenting(modal)
        return operations
    }

    /// Rules 3 to 6, for the stack above the root: `target` is the container's stack to build.
    private func reconciling(_ stack: some ScreenStack, to target: [NavigationScreen]) -> [NavigationOperation] {
        let modal = self.modal
        let changesTab = container.map { $0 != stack.selectedTab } ?? false
        let presentsOver = stackScreens.isEmpty && modal != nil
        let below = presentsOver ? [] : Self.reconcile(stack.screens(inTab: container), to: target)

        var operations: [NavigationOperation] = []
        if let shown = stack.modal {
            if let modal, modal.root.identifier == shown.root.identifier, modal.presenter == shown.presenter,
               !changesTab, below.isEmpty {
                return Self.reconcile(shown.screens, to: modal.screens)
            }
            operations.append(.dismiss)
        }
        if changesTab, let container { operations.append(.selectTab(container)) }
        operations += below
        operations += Self.presenting(modal)
        return operations
    }

    /// Rule 6: present the modal (from its presenter, when it names one), then push inside it.
    static func presenting(_ modal: PresentedModal?) -> [NavigationOperation] {
        guard let modal else { return [] }
        let present: NavigationOperation = modal.presenter.map { .presentFrom($0, modal.root) } ?? .present(modal.root)
        return [present] + modal.path.map(NavigationOperation.push)
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
