/// The checks of what a route's screens and plan settings ask for, made as each route is placed.
extension RouteTableBuilder {
    /// Plan settings that contradict each other or the pattern: `"root"` with `"container"` (a
    /// plan that replaces the root shows a new root, so there is no container of the app's to
    /// select, and SwiftUI and UIKit would disagree on which root shows), or `"presenter"` on a
    /// route without a modal step (nothing to present).
    /// The route's name in the message is written only when there is an issue: most routes have
    /// no plan setting, and each is checked as it is placed.
    static func planSettingIssue(_ definition: RouteDefinition, hasModal: Bool,
                                 routeIndex: Int) -> RouteTableBuildError.Issue? {
        let message: String
        if definition.replacesRoot, let container = definition.container {
            message = "\(label(routeIndex, definition)): \"root\" cannot be combined with \"container\" ('\(container)'): a route that replaces the root shows its first screen as the new root, and has no container to select"
        } else if let presenter = definition.presenter, !hasModal {
            message = "\(label(routeIndex, definition)): \"presenter\" ('\(presenter)') needs a modal step (a screen marked '!'), and this route has none"
        } else {
            return nil
        }
        return .init(code: .invalidPlanSetting, patterns: [definition.pattern], routeIndices: [routeIndex], position: nil,
                     message: message)
    }

    /// Whether the route at `index` has a setting ``planSettingIssue(_:hasModal:routeIndex:)``
    /// checks, read in place (passing the definition would copy it, retaining each of its fields).
    func hasPlanSettings(route index: Int) -> Bool {
        definitions[index].replacesRoot || definitions[index].presenter != nil
    }

    /// A screen on an anonymous wildcard gets no parameter. (A route may present several modals,
    /// each over the one before: ``NavigationPlan/modals``.)
    static func screenIssue(_ pattern: RoutePattern, routeIndex: Int) -> RouteTableBuildError.Issue? {
        func segments(_ elements: [PatternElement]) -> [PatternSegment] {
            elements.flatMap { element -> [PatternSegment] in
                switch element {
                case .segment(let segment): [segment]
                case .optional(let inner): segments(inner)
                }
            }
        }
        for segment in segments(pattern.elements) {
            if case .wildcard = segment.kind, let screen = segment.screen {
                return .init(code: .screenOnWildcard, patterns: [pattern.text], routeIndices: [routeIndex],
                             position: segment.position,
                             message: "screen on an anonymous wildcard at \(segment.position) in '\(pattern.text)' (name the parameter, as in ':id{\(screen)}')")
            }
        }
        return nil
    }
}
