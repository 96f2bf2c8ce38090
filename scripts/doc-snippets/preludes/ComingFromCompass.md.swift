// The names ComingFromCompass.md's snippet uses without declaring them.

/// What the guide's destinations show, in order.
final class Shown: Sendable {
    func append(_ entry: String) {}
}
let shown = Shown()
