public import Switchyard
public import Testing

/// Expects `navigator` to answer `input` with an outcome of `kind` (and, when given, on `route`,
/// a name or pattern), and records an issue at the caller's line when it does not. The link goes
/// through the navigator as the app's own `route` call does: filters, gates, destinations.
///
/// ```swift
/// @Test func ordersWaitForLogin() async throws {
///     await expectOutcome(of: "shop://orders/7", through: navigator, is: .heldByGate, route: "orders/:id")
/// }
/// ```
/// - Returns: the outcome, for further checks.
@discardableResult
public func expectOutcome(
    of input: String, through navigator: Navigator, is kind: RoutingOutcome.Kind, route: String? = nil,
    source: LinkSource? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    file: StaticString = #filePath, line: UInt = #line
) async -> RoutingOutcome {
    let outcome = await navigator.route(input, source: source)
    RouteExpectation.record(OutcomeExpectation.failure(outcome, input: input, kind: kind, route: route),
                            sourceLocation, file, line)
    return outcome
}

/// Expects `url` to plan exactly these steps in `table` (``NavigationPlan/description``: `tab
/// shop; push ProductListScreen; push ProductScreen(id: 42)`), and records an issue when it does not.
///
/// ```swift
/// expectPlan("shop://products/42", in: table,
///            is: "tab shop; push ProductListScreen; push ProductScreen(id: 42)")
/// ```
/// - Returns: the plan, or nil when the link was rejected or names no screens.
@discardableResult
public func expectPlan(
    _ url: String, in table: RouteTable, is expected: String, sourceLocation: SourceLocation = #_sourceLocation,
    file: StaticString = #filePath, line: UInt = #line
) -> NavigationPlan? {
    let (plan, failure) = OutcomeExpectation.plan(url, in: table, is: expected)
    RouteExpectation.record(failure, sourceLocation, file, line)
    return plan
}

/// Expects applying `url`'s plan to `stack` to take exactly these operations
/// (``NavigationOperation/description`` each), and records an issue when it does not.
///
/// ```swift
/// expectOperations("shop://products/42", in: table, from: InMemoryScreenStack(selectedTab: "shop"),
///                  are: ["push ProductListScreen", "push ProductScreen(id: 42)"])
/// ```
public func expectOperations(
    _ url: String, in table: RouteTable, from stack: InMemoryScreenStack, are expected: [String],
    sourceLocation: SourceLocation = #_sourceLocation, file: StaticString = #filePath, line: UInt = #line
) {
    let (plan, failure) = OutcomeExpectation.plan(url, in: table, is: nil)
    guard let plan else { return RouteExpectation.record(failure, sourceLocation, file, line) }
    let operations = plan.operations(for: stack).map(\.description)
    let mismatch = operations == expected ? nil : "'\(url)' takes the operations \(operations), expected \(expected)"
    RouteExpectation.record(mismatch, sourceLocation, file, line)
}

/// Expects applying `url`'s plan to `stack` to leave exactly these screens shown
/// (``InMemoryScreenStack/description``: the tab, its stack, then each modal, bottom first), and
/// records an issue when it does not.
///
/// ```swift
/// expectScreens("shop://checkout/pay/card", in: table, from: InMemoryScreenStack(),
///               are: "[]; modal [CheckoutScreen]; modal [PayScreen, CardScreen]")
/// ```
/// - Returns: the stack after the plan, or nil when the link was rejected or names no screens.
@discardableResult
public func expectScreens(
    _ url: String, in table: RouteTable, from stack: InMemoryScreenStack, are expected: String,
    sourceLocation: SourceLocation = #_sourceLocation, file: StaticString = #filePath, line: UInt = #line
) -> InMemoryScreenStack? {
    let (plan, failure) = OutcomeExpectation.plan(url, in: table, is: nil)
    guard let plan else {
        RouteExpectation.record(failure, sourceLocation, file, line)
        return nil
    }
    var after = stack
    after.apply(plan)
    let mismatch = after.description == expected ? nil : "'\(url)' leaves \(after), expected \(expected)"
    RouteExpectation.record(mismatch, sourceLocation, file, line)
    return after
}

/// The checks behind the outcome and plan expectations: each returns the failure message, or nil.
enum OutcomeExpectation {
    static func failure(_ outcome: RoutingOutcome, input: String, kind: RoutingOutcome.Kind, route: String?) -> String? {
        if outcome.kind != kind { return "'\(input)': \(outcome), expected \(kind.rawValue)" }
        if let route, outcome.link?.route != route, outcome.link?.routeName != route {
            return "'\(input)': \(outcome), expected the route '\(route)'"
        }
        return nil
    }

    static func plan(_ url: String, in table: RouteTable, is expected: String?) -> (NavigationPlan?, String?) {
        let link: DeepLink
        do {
            link = try table.resolve(url)
        } catch {
            return (nil, "'\(url)' was rejected (\(error.code): \(error.message)), expected a plan")
        }
        guard let plan = table.plan(for: link) else { return (nil, "'\(url)' plans no screens, expected a plan") }
        if let expected, plan.description != expected {
            return (plan, "'\(url)' plans \(plan.description), expected \(expected)")
        }
        return (plan, nil)
    }
}
