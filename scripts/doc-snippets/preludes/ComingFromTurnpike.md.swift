// The names ComingFromTurnpike.md's snippet uses without declaring them.

/// What the guide's destinations show, and the routes its filter logs, in order.
final class Shown: Sendable {
    func append(_ entry: String) {}
}
let shown = Shown()
let log = Shown()
