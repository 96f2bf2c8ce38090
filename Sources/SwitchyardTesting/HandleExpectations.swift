public import Switchyard
public import Testing

/// Expects a system callback's `handle` to answer `answer` for `input` (the `Bool` the app returns
/// to iOS, or to the next SDK in a chain), and the navigator to report an outcome of `kind` for it:
/// ``RoutingOutcome/Kind/duplicate`` for the same tap delivered again (connection options and
/// `.onOpenURL`), ``RoutingOutcome/Kind/heldUntilReady`` before `markReady()`, the outcome of the
/// link once it ran otherwise. Records an issue at the caller's line when either differs.
///
/// The outcome is the first one ``Navigator/onOutcome`` reports for `input` after the call (the
/// app's own `onOutcome` still gets every outcome); call it when the link's outcome will come
/// (a link that never finishes makes it wait).
///
/// ```swift
/// await expectHandle("https://shop.example.com/product/42", source: .universalLink, by: navigator,
///                    answers: true, is: .heldUntilReady)
/// await expectHandle("https://shop.example.com/product/42", by: navigator, answers: true, is: .duplicate)
/// ```
/// - Returns: the outcome reported.
@discardableResult
public func expectHandle(
    _ input: String, source: LinkSource? = nil, by navigator: Navigator, answers answer: Bool,
    is kind: RoutingOutcome.Kind, sourceLocation: SourceLocation = #_sourceLocation,
    file: StaticString = #filePath, line: UInt = #line
) async -> RoutingOutcome {
    let first = FirstOutcome(input: input)
    let previous = navigator.onOutcome
    navigator.onOutcome = { outcome in
        previous?(outcome)
        first.offer(outcome)
    }
    let answered = navigator.handle(input, source: source)
    let outcome = await first.value
    navigator.onOutcome = previous
    var failures: [String] = []
    if answered != answer { failures.append("'\(input)': handle answered \(answered), expected \(answer)") }
    if outcome.kind != kind { failures.append("'\(input)': \(outcome), expected \(kind.rawValue)") }
    RouteExpectation.record(failures.isEmpty ? nil : failures.joined(separator: "; "), sourceLocation, file, line)
    return outcome
}

/// The first outcome reported for an input: its link's URL, or the short link it came from, is
/// the input, or it has no link (a rejection).
final class FirstOutcome: Sendable {
    let input: String
    private let state = Locked<(outcome: RoutingOutcome?, waiter: CheckedContinuation<RoutingOutcome, Never>?)>((nil, nil))

    init(input: String) {
        self.input = input
    }

    /// Takes `outcome` when it is the input's and none came before.
    func offer(_ outcome: RoutingOutcome) {
        guard outcome.link.map({ $0.url == input || $0.smartLink?.url == input }) ?? true else { return }
        let waiter = state.withLock { state -> CheckedContinuation<RoutingOutcome, Never>? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: outcome)
    }

    /// The outcome, once there is one.
    var value: RoutingOutcome {
        get async {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state -> RoutingOutcome? in
                    if state.outcome == nil { state.waiter = continuation }
                    return state.outcome
                }
                if let ready { continuation.resume(returning: ready) }
            }
        }
    }
}
