/// A ``ScreenStack`` held in memory: tabs, one stack per tab, and a modal with its own stack.
/// Tests and the command line apply plans to it; ``NavigationState`` stores one.
///
/// An app without tabs uses the stack of tab `nil` (stored under ``noTab``).
///
/// ```swift
/// var stack = InMemoryScreenStack()
/// let operations = stack.apply(plan) // [push HotelListScreen, push HotelScreen(hotelID: 12)]
/// stack.screens()                    // the same two screens
/// ```
public struct InMemoryScreenStack: ScreenStack, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The key of the stack shown when no tab is selected.
    public static let noTab = ""

    /// The selected tab; nil for an app without tabs.
    public var selectedTab: String?
    /// Every tab's stack by tab identifier (``noTab`` for the tab-less stack), bottom first.
    public var stacks: [String: [NavigationScreen]]
    /// The presented modal, if any.
    public var modal: PresentedModal?
    /// The screen that replaced the app's root (a login screen after logout), nil while the app's
    /// own root is shown; ``stacks`` hold the screens pushed above whichever root is shown.
    public var replacedRoot: NavigationScreen?

    /// Creates a stack.
    public init(selectedTab: String? = nil, stacks: [String: [NavigationScreen]] = [:], modal: PresentedModal? = nil,
                replacedRoot: NavigationScreen? = nil) {
        self.selectedTab = selectedTab
        self.stacks = stacks
        self.modal = modal
        self.replacedRoot = replacedRoot
    }

    /// Creates a tab-less stack showing these screens (above `replacedRoot`, when the root was replaced).
    public init(screens: [NavigationScreen], modal: PresentedModal? = nil, replacedRoot: NavigationScreen? = nil) {
        self.init(stacks: [Self.noTab: screens], modal: modal, replacedRoot: replacedRoot)
    }

    /// The screens of a tab, bottom first; `nil` gives the selected tab's (or the tab-less) stack.
    public func screens(inTab tab: String? = nil) -> [NavigationScreen] {
        stacks[tab ?? selectedTab ?? Self.noTab] ?? []
    }

    /// Performs one operation (see ``NavigationOperation`` for which stack each acts on).
    public mutating func perform(_ operation: NavigationOperation) {
        switch operation {
        case .dismiss:
            modal = nil
        case .selectTab(let tab):
            selectedTab = tab
        case .present(let screen):
            modal = PresentedModal(screen)
        case .presentFrom(let presenter, let screen):
            modal = PresentedModal(screen, presenter: presenter)
        case .replaceRoot(let screen):
            replacedRoot = screen
            selectedTab = nil
            stacks = [:]
            modal = nil
        case .popTo, .push, .refresh:
            if var shown = modal {
                var screens = shown.screens
                Self.perform(operation, on: &screens)
                if let root = screens.first {
                    shown.root = root
                    shown.path = Array(screens.dropFirst())
                    modal = shown
                } else {
                    modal = nil
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

    /// `tab feed; [A, B(id: 3)]; modal [C]`, one line; `root Login; [...]` after a new root.
    public var description: String {
        var parts: [String] = []
        if let replacedRoot { parts.append("root \(replacedRoot)") }
        if let selectedTab { parts.append("tab \(selectedTab)") }
        parts.append("[" + screens().map(\.description).joined(separator: ", ") + "]")
        if let modal { parts.append(modal.description) }
        return parts.joined(separator: "; ")
    }
}
