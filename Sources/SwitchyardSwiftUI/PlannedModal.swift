#if canImport(SwiftUI)
public import SwiftUI
public import Switchyard

/// Shows a ``NavigationState``'s modal with a stack of its own: as a sheet, or as a full-screen
/// cover for the screens `coversFullScreen` names (a sheet on macOS, which has no covers). What
/// the user does (swipe down, back) writes straight into the state.
///
/// ```swift
/// MainTabs().plannedModal(navigation, coversFullScreen: { $0.identifier == "CheckoutScreen" }) { screen in
///     ScreenView(screen)
/// }
/// ```
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
public struct PlannedModal<Destination: View>: ViewModifier {
    let state: NavigationState
    let coversFullScreen: (NavigationScreen) -> Bool
    let destination: (NavigationScreen) -> Destination

    /// The content, with the modal presented over it.
    public func body(content: Content) -> some View {
        #if os(macOS)
        content.sheet(item: modal(cover: nil), content: stack)
        #else
        content
            .sheet(item: modal(cover: false), content: stack)
            .fullScreenCover(item: modal(cover: true), content: stack)
        #endif
    }

    /// The state's modal when it is of this kind (nil: either); setting nil dismisses it.
    private func modal(cover: Bool?) -> Binding<PresentedModal?> {
        Binding(get: {
            guard let modal = state.modal, cover == nil || coversFullScreen(modal.root) == cover else { return nil }
            return modal
        }, set: { modal in
            if modal == nil, let shown = state.modal, cover == nil || coversFullScreen(shown.root) == cover {
                state.modal = nil
            } else if let modal {
                state.modal = modal
            }
        })
    }

    /// The modal's own stack: its screen, then what was pushed inside it.
    private func stack(_ modal: PresentedModal) -> some View {
        NavigationStack(path: Binding(get: { state.modalPath }, set: { state.modalPath = $0 })) {
            destination(modal.root)
                .navigationDestination(for: NavigationScreen.self) { screen in destination(screen) }
        }
    }
}

extension View {
    /// Presents `state`'s modal over this view: see ``PlannedModal``.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
    public func plannedModal<Destination: View>(
        _ state: NavigationState, coversFullScreen: @escaping (NavigationScreen) -> Bool = { _ in false },
        @ViewBuilder destination: @escaping (NavigationScreen) -> Destination
    ) -> some View {
        modifier(PlannedModal(state: state, coversFullScreen: coversFullScreen, destination: destination))
    }
}
#endif
