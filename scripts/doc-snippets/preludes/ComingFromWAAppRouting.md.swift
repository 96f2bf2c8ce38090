// The names ComingFromWAAppRouting.md's snippet uses without declaring them.

/// The app's screens: a UIKit navigator, a SwiftUI NavigationState or an in-memory stack.
@MainActor final class AppScreens {
    func apply(_ plan: NavigationPlan) {}
}
let screens = AppScreens()
