#if canImport(SwiftUI)
public import SwiftUI
public import Switchyard

/// Shows a ``NavigationState``'s modals, each with a stack of its own and each presented from the
/// one before it (a modal over a modal): as a sheet, or as a full-screen cover for the screens
/// `coversFullScreen` names (a sheet on macOS, which has no covers). What the user does (swipe
/// down, back) writes straight into the state; dismissing one modal dismisses those over it.
///
/// ```swift
/// MainTabs().plannedModal(navigation, coversFullScreen: { $0.identifier == "CheckoutScreen" }) { screen in
///     ScreenView(screen)
/// }
/// ```
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
public struct PlannedModal<Destination: View>: ViewModifier {
    let state: NavigationState
    /// The presentation this modifier shows: 0 over the app, then each one inside the one before.
    let level: Int
    let coversFullScreen: (NavigationScreen) -> Bool
    let destination: (NavigationScreen) -> Destination

    /// The content, with the modal of this level presented over it.
    public func body(content: Content) -> some View {
        #if os(macOS)
        content.sheet(item: modal(cover: nil), content: stack)
        #else
        content
            .sheet(item: modal(cover: false), content: stack)
            .fullScreenCover(item: modal(cover: true), content: stack)
        #endif
    }

    /// The state's modal at this level when it is of this kind (nil: either); setting nil
    /// dismisses it and every modal over it.
    private func modal(cover: Bool?) -> Binding<PresentedModal?> {
        Binding(get: {
            guard state.modals.indices.contains(level) else { return nil }
            let modal = state.modals[level]
            return cover == nil || coversFullScreen(modal.root) == cover ? modal : nil
        }, set: { modal in
            if let modal {
                if state.modals.indices.contains(level) { state.modals[level] = modal } else { state.modals.append(modal) }
            } else if state.modals.indices.contains(level), cover == nil || coversFullScreen(state.modals[level].root) == cover {
                state.modals = Array(state.modals.prefix(level))
            }
        })
    }

    /// The modal's own stack (its screen, then what was pushed inside it), and the next modal
    /// presented from it.
    private func stack(_ modal: PresentedModal) -> some View {
        NavigationStack(path: Binding(get: { state.modals.indices.contains(level) ? state.modals[level].path : [] },
                                      set: { path in if state.modals.indices.contains(level) { state.modals[level].path = path } })) {
            destination(modal.root)
                .navigationDestination(for: NavigationScreen.self) { screen in destination(screen) }
        }
        .modifier(PlannedModal(state: state, level: level + 1, coversFullScreen: coversFullScreen, destination: destination))
    }
}

extension View {
    /// Presents `state`'s modals over this view, each over the one before: see ``PlannedModal``.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
    public func plannedModal<Destination: View>(
        _ state: NavigationState, coversFullScreen: @escaping (NavigationScreen) -> Bool = { _ in false },
        @ViewBuilder destination: @escaping (NavigationScreen) -> Destination
    ) -> some View {
        modifier(PlannedModal(state: state, level: 0, coversFullScreen: coversFullScreen, destination: destination))
    }
}
#endif
