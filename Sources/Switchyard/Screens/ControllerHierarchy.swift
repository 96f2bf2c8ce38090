/// A view-controller hierarchy read into plain values — a tab bar of navigation stacks or one
/// navigation stack, and the chain of controllers presented over it — with every decision a UIKit screen stack makes on it:
/// which stack is on top, where a stack's tracked screens start, what the modal is, and what to
/// pop, push, present or refresh for each ``NavigationOperation``. `UIKitScreenStack` only reads
/// UIKit into this value and performs the ``ControllerAction``s it answers, so the rules are
/// tested on any platform. `package`: only the SDK's UIKit module uses it.
///
/// ```swift
/// var hierarchy = ControllerHierarchy(tabs: ["home", "feed"], selectedIndex: 0,
///                                     tabStacks: [[.init(typeName: "HomeViewController")], []])
/// for operation in plan.operations(for: hierarchy) {
///     let action = hierarchy.action(for: operation)   // e.g. push HotelScreen on tab 0
///     hierarchy.perform(operation)
/// }
/// ```
package struct ControllerHierarchy: ScreenStack, Sendable, Hashable {
    /// One view controller: the screen the navigator made it for, or nil for one the app made,
    /// which counts as a screen named after its type.
    package struct Controller: Sendable, Hashable {
        /// The screen it was made for, nil when the navigator did not make it.
        package var screen: NavigationScreen?
        /// Its type's name (`HomeViewController`).
        package var typeName: String

        /// A controller made for a screen.
        package init(_ screen: NavigationScreen, typeName: String = "") {
            self.screen = screen
            self.typeName = typeName
        }

        /// A controller the app made.
        package init(typeName: String) {
            self.screen = nil
            self.typeName = typeName
        }

        /// The screen it shows: its own, or one named after its type.
        package var shown: NavigationScreen { screen ?? NavigationScreen(typeName) }
    }

    /// Where a navigation stack is.
    package enum Place: Sendable, Hashable {
        /// The root, when it is a navigation controller.
        case root
        /// A tab's navigation controller, by index.
        case tab(Int)
        /// The topmost presented navigation controller.
        case presented
    }

    /// One presented controller.
    package enum Presented: Sendable, Hashable {
        /// A navigation controller and its controllers, presented by a container (nil: the root, or
        /// the presentation under it).
        case stack([Controller], presenter: String?)
        /// Any other controller.
        case controller(Controller, presenter: String?)
    }

    /// The tab identifiers, in the tab bar's order.
    package var tabs: [String]
    /// The selected tab's index; nil when the root is not a tab bar.
    package var selectedIndex: Int?
    /// Each tab's controllers, bottom first; nil for a tab that is not a navigation controller.
    package var tabStacks: [[Controller]?]
    /// The root's controllers when the root is a navigation controller.
    package var rootStack: [Controller]?
    /// What is presented, bottom first: what the root presents, then what each presented
    /// controller presents in turn. Empty when nothing is presented.
    package var presented: [Presented]
    /// The screen that replaced the app's root (the first of ``rootStack``), nil for the app's own.
    package var replacedRoot: NavigationScreen?

    /// Creates a hierarchy.
    package init(tabs: [String] = [], selectedIndex: Int? = nil, tabStacks: [[Controller]?] = [],
                rootStack: [Controller]? = nil, presented: [Presented] = [], replacedRoot: NavigationScreen? = nil) {
        self.tabs = tabs
        self.selectedIndex = selectedIndex
        self.tabStacks = tabStacks
        self.rootStack = rootStack
        self.presented = presented
        self.replacedRoot = replacedRoot
    }

    // MARK: Reading

    /// The stack operations act on: the topmost presented stack, else the selected tab's, else the root's.
    package var topPlace: Place? {
        if case .stack = presented.last { return .presented }
        return place(ofTab: nil)
    }

    /// A tab's stack (nil: the selected tab's), or the root's when there is no tab bar.
    package func place(ofTab tab: String?) -> Place? {
        guard let selectedIndex else { return rootStack == nil ? nil : .root }
        let index = tab.flatMap { tabs.firstIndex(of: $0) } ?? selectedIndex
        return tabStacks.indices.contains(index) && tabStacks[index] != nil ? .tab(index) : nil
    }

    /// The controllers of a stack, bottom first.
    package func controllers(at place: Place) -> [Controller] {
        switch place {
        case .root: rootStack ?? []
        case .tab(let index): tabStacks.indices.contains(index) ? tabStacks[index] ?? [] : []
        case .presented: if case .stack(let controllers, _) = presented.last { controllers } else { [] }
        }
    }

    /// Where a stack's tracked screens start: a presented stack at its first controller; a tab's
    /// or the root's above a first controller the app made, or above the replaced root.
    package func base(of place: Place) -> Int {
        if place == .presented { return 0 }
        guard let first = controllers(at: place).first else { return 0 }
        return first.screen == nil || (place == .root && replacedRoot != nil) ? 1 : 0
    }

    /// The selected tab's identifier; nil without a tab bar.
    package var selectedTab: String? {
        selectedIndex.flatMap { tabs.indices.contains($0) ? tabs[$0] : nil }
    }

    /// The screens of a tab's stack (nil: the selected tab's, or the root's), above its base.
    package func screens(inTab tab: String?) -> [NavigationScreen] {
        guard let place = place(ofTab: tab) else { return [] }
        return controllers(at: place).dropFirst(base(of: place)).map(\.shown)
    }

    /// Each presented stack as a modal (one that is empty is left out), or the presented controller.
    package var modals: [PresentedModal] {
        presented.compactMap { presented in
            switch presented {
            case .stack(let controllers, let presenter):
                guard let first = controllers.first else { return nil }
                return PresentedModal(first.shown, path: controllers.dropFirst().map(\.shown), presenter: presenter)
            case .controller(let controller, let presenter):
                return PresentedModal(controller.shown, presenter: presenter)
            }
        }
    }

    // MARK: Deciding

    /// What UIKit must do for an operation on this hierarchy; nil when there is nothing to do
    /// (a tab that is not in ``tabs``, no stack to push on, an index outside the stack).
    package func action(for operation: NavigationOperation) -> ControllerAction? {
        switch operation {
        case .dismiss:
            return presented.isEmpty ? nil : .dismiss
        case .selectTab(let tab):
            guard selectedIndex != nil, let index = tabs.firstIndex(of: tab) else { return nil }
            return .select(index: index)
        case .present(let screen):
            return .present(screen, from: nil)
        case .presentFrom(let presenter, let screen):
            let index = tabs.firstIndex(of: presenter)
            return .present(screen, from: index.flatMap { tabStacks.indices.contains($0) ? Place.tab($0) : nil })
        case .push(let screen):
            return topPlace.map { .push(screen, on: $0) }
        case .popTo(let count):
            guard let place = topPlace else { return nil }
            return .keep(base(of: place) + max(count, 0), of: place)
        case .refresh(let index, let screen):
            guard let place = topPlace else { return nil }
            let position = base(of: place) + index
            guard controllers(at: place).indices.contains(position) else { return nil }
            return .refresh(position: position, of: place, screen)
        case .replaceRoot(let screen):
            return .replaceRoot(screen)
        }
    }

    /// The actions that empty every stack down to its base: what bringing back the app's own
    /// root (``NavigationOperation/replaceRoot(_:)`` with nil) does to the hierarchy it returns to.
    package var emptyingActions: [ControllerAction] {
        let places: [Place] = selectedIndex == nil ? (rootStack == nil ? [] : [.root]) : tabStacks.indices.map(Place.tab)
        return places.compactMap { place in
            controllers(at: place).count > base(of: place) ? .keep(base(of: place), of: place) : nil
        }
    }

    /// Performs an operation on the values, as UIKit will once its action runs. Bringing back the
    /// app's own root empties the stacks of the root recorded here; read the hierarchy again after it.
    package mutating func perform(_ operation: NavigationOperation) {
        switch operation {
        case .dismiss:
            _ = presented.popLast()
        case .selectTab:
            if case .select(let index) = action(for: operation) { selectedIndex = index }
        case .present(let screen):
            presented.append(.stack([Controller(screen)], presenter: nil))
        case .presentFrom(let presenter, let screen):
            presented.append(.stack([Controller(screen)], presenter: presenter))
        case .push, .popTo, .refresh:
            guard let place = topPlace else { return }
            var controllers = controllers(at: place)
            switch action(for: operation) {
            case .push(let screen, _): controllers.append(Controller(screen))
            case .keep(let count, _): controllers.removeSubrange(min(count, controllers.count)...)
            case .refresh(let position, _, let screen): controllers[position].screen = screen
            default: return
            }
            set(controllers, at: place)
        case .replaceRoot(let screen):
            presented = []
            if let screen {
                (tabs, selectedIndex, tabStacks, rootStack, replacedRoot) = ([], nil, [], [Controller(screen)], screen)
            } else {
                for case .keep(let count, let place) in emptyingActions {
                    set(Array(controllers(at: place).prefix(count)), at: place)
                }
                replacedRoot = nil
            }
        }
    }

    private mutating func set(_ controllers: [Controller], at place: Place) {
        switch place {
        case .root: rootStack = controllers
        case .tab(let index): tabStacks[index] = controllers
        case .presented:
            if case .stack(_, let presenter) = presented.last { presented[presented.count - 1] = .stack(controllers, presenter: presenter) }
        }
    }
}

/// What a UIKit screen stack does to its view controllers, as ``ControllerHierarchy/action(for:)``
/// decides it.
package enum ControllerAction: Sendable, Hashable {
    /// Dismiss the topmost presented controller.
    case dismiss
    /// Select the tab at an index.
    case select(index: Int)
    /// Present a navigation controller showing the screen, from a tab's stack (nil: from the
    /// topmost presented controller, or the root when none is presented).
    case present(NavigationScreen, from: ControllerHierarchy.Place?)
    /// Push the screen's controller on a stack.
    case push(NavigationScreen, on: ControllerHierarchy.Place)
    /// Keep the first `count` controllers of a stack (`setViewControllers` with that prefix).
    case keep(Int, of: ControllerHierarchy.Place)
    /// Tell the controller at a position of a stack that its screen has new parameters.
    case refresh(position: Int, of: ControllerHierarchy.Place, NavigationScreen)
    /// Replace the window's root with a navigation controller showing the screen; nil brings
    /// back the app's own root (then ``ControllerHierarchy/emptyingActions`` of it).
    case replaceRoot(NavigationScreen?)
}
