/// A ``ScreenStack`` held in memory: tabs, one stack per tab, and the modals presented over them,
/// each with its own stack.
/// Tests and the command line apply plans to it; ``NavigationState`` stores one.
///
/// An app without tabs uses the stack of tab `nil` (stored under ``noTab``).
///
/// ```swift
/// var stack = InMemoryScreenStack()
/// let operations = stack.apply(plan) // [push HotelListScreen, push HotelScreen(hotelID: 12)]
/// stack.screens()                    // the same two screens
/// ```
public struct InMemoryScreenStack: ScreenStack, Sendable, Hashable, CustomStringConvertible {
    /// The key of the stack shown when no tab is selected.
    public static let noTab = ""

    /// The selected tab; nil for an app without tabs.
    public var selectedTab: String?
    /// Every tab's stack by tab identifier (``noTab`` for the tab-less stack), bottom first.
    public var stacks: [String: [NavigationScreen]]
    /// The presentations, bottom first: the modal over the app, then each presented over the one
    /// before it.
    public var modals: [PresentedModal]
    /// The screen that replaced the app's root (a login screen after logout), nil while the app's
    /// own root is shown; ``stacks`` hold the screens pushed above whichever root is shown.
    public var replacedRoot: NavigationScreen?

    /// Creates a stack.
    public init(selectedTab: String? = nil, stacks: [String: [NavigationScreen]] = [:], modals: [PresentedModal] = [],
                replacedRoot: NavigationScreen? = nil) {
        self.selectedTab = selectedTab
        self.stacks = stacks
        self.modals = modals
        self.replacedRoot = replacedRoot
    }

    /// Creates a tab-less stack showing these screens (above `replacedRoot`, when the root was replaced).
    public init(screens: [NavigationScreen], modals: [PresentedModal] = [], replacedRoot: NavigationScreen? = nil) {
        self.init(stacks: [Self.noTab: screens], modals: modals, replacedRoot: replacedRoot)
    }

    /// The modal presented over the app (the first of ``modals``); setting nil dismisses every
    /// presentation, and setting another modal replaces them all with it.
    public var modal: PresentedModal? {
        get { modals.first }
        set {
            guard let newValue else { return modals = [] }
            modals = modals.first?.id == newValue.id ? [newValue] + modals.dropFirst() : [newValue]
        }
    }

    /// The screens of a tab, bottom first; `nil` gives the selected tab's (or the tab-less) stack.
    public func screens(inTab tab: String? = nil) -> [NavigationScreen] {
        stacks[tab ?? selectedTab ?? Self.noTab] ?? []
    }

    /// Performs one operation (see ``NavigationOperation`` for which stack each acts on).
    public mutating func perform(_ operation: NavigationOperation) {
        switch operation {
        case .dismiss:
            _ = modals.popLast()
        case .selectTab(let tab):
            selectedTab = tab
        case .present(let screen):
            modals.append(PresentedModal(screen))
        case .presentFrom(let presenter, let screen):
            modals.append(PresentedModal(screen, presenter: presenter))
        case .replaceRoot(let screen):
            replacedRoot = screen
            selectedTab = nil
            stacks = [:]
            modals = []
        case .popTo, .push, .refresh:
            if var shown = modals.last {
                var screens = shown.screens
                Self.perform(operation, on: &screens)
                if let root = screens.first {
                    shown.root = root
                    shown.path = Array(screens.dropFirst())
                    modals[modals.count - 1] = shown
                } else {
                    modals.removeLast()
                }
            } else {
                let key = selectedTab ?? Self.noTab
                var screens = stacks[key] ?? []
                Self.perform(operation, on: &screens)
                stacks[key] = screens
            }
        }
    }

    /// Applies a plan: computes its operations for this stack, performs them, returns them.
    @discardableResult
    public mutating func apply(_ plan: NavigationPlan) -> [NavigationOperation] {
        let operations = plan.operations(for: self)
        for operation in operations { perform(operation) }
        return operations
    }

    private static func perform(_ operation: NavigationOperation, on screens: inout [NavigationScreen]) {
        switch operation {
        case .popTo(let count):
            screens.removeSubrange(min(max(count, 0), screens.count)...)
        case .push(let screen):
            screens.append(screen)
        case .refresh(let index, let screen):
            if screens.indices.contains(index) { screens[index] = screen }
        case .dismiss, .selectTab, .present, .presentFrom, .replaceRoot:
            break
        }
    }

    /// `tab feed; [A, B(id: 3)]; modal [C]; modal [D]`, one line; `root Login; [...]` after a new root.
    public var description: String {
        var parts: [String] = []
        if let replacedRoot { parts.append("root \(replacedRoot)") }
        if let selectedTab { parts.append("tab \(selectedTab)") }
        parts.append("[" + screens().map(\.description).joined(separator: ", ") + "]")
        parts += modals.map(\.description)
        return parts.joined(separator: "; ")
    }
}
