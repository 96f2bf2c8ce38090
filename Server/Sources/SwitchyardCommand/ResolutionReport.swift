import Switchyard

/// What `switchyard resolve` says about one input: matched, default (no route) or rejected.
public struct ResolutionReport: Sendable {
    /// The three outcomes, as written in the `outcome` field.
    public enum Outcome: String, Sendable {
        /// A route matched.
        case matched
        /// The input was readable but no route matched: the app's default route handles it.
        case `default`
        /// The input is not a link this table can read.
        case rejected
    }

    /// The input, exactly as given.
    public let input: String
    /// The resolved link, or why the input was rejected.
    public let result: Result<DeepLink, LinkInputError>
    /// The navigation plan of a matched link (no steps for a route without screens); nil otherwise.
    public let plan: NavigationPlan?

    /// Resolves `input` against `table`.
    public init(input: String, table: RouteTable) {
        self.input = input
        self.result = Result { () throws(LinkInputError) in try table.resolve(input) }
        self.plan = (try? result.get()).flatMap { table.plan(for: $0) }
    }

    /// The outcome.
    public var outcome: Outcome {
        switch result {
        case .success(let link): link.isMatched ? .matched : .default
        case .failure: .rejected
        }
    }

    /// The `--json` line; keys always in this order:
    /// `input, outcome, route, name, routeParameters, queryParameters, queryItems, fragment, scheme,
    /// host, plan`, then `error` only when rejected.
    ///
    /// `route`, `name` and `routeParameters` are null unless matched (`name` is also null for a
    /// route without one). For a rejected input every link field is null, because the input was
    /// never read as a link. `plan` is the navigation plan's steps, each
    /// `{"parameters", "presentation": "push"|"modal", "screen"}` — `[]` for a matched route without
    /// screens, null unless matched.
    public var json: JSONObjectWriter {
        var line = JSONObjectWriter()
        line["input"] = .value(.string(input))
        line["outcome"] = .value(.string(outcome.rawValue))
        let link = try? result.get()
        line["route"] = .value(link?.route.map { .string($0) } ?? .null)
        line["name"] = .value(link?.routeName.map { .string($0) } ?? .null)
        line["routeParameters"] = .value(link?.routeParameters.map(Self.object) ?? .null)
        line["queryParameters"] = .value(link.map { Self.object($0.queryParameters) } ?? .null)
        line["queryItems"] = .value(link.map(Self.queryItems) ?? .null)
        line["fragment"] = .value(link?.fragment.map { .string($0) } ?? .null)
        line["scheme"] = .value(link?.scheme.map { .string($0) } ?? .null)
        line["host"] = .value(link?.host.map { .string($0) } ?? .null)
        line["plan"] = .value(plan.map(Self.steps) ?? .null)
        if case .failure(let error) = result {
            var object = JSONObjectWriter()
            object["code"] = .value(.string(error.code.description))
            object["message"] = .value(.string(error.message))
            line["error"] = .object(object)
        }
        return line
    }

    /// The readable line:
    ///
    /// ```
    /// shop://product/42?ref=mail  →  product/:id<int> (product)  {id: 42}  ?ref=mail
    /// shop://nowhere  →  default route
    /// ftp://x  →  REJECTED  unknown scheme 'ftp' (this table answers: shop)  [unknown_scheme]
    /// ```
    public var text: String {
        var parts = [input, "→"]
        switch result {
        case .failure(let error):
            parts += ["REJECTED", error.message, "[\(error.code)]"]
        case .success(let link):
            if let route = link.route {
                parts.append(link.routeName.map { "\(route) (\($0))" } ?? route)
                let parameters = (link.routeParameters ?? [:]).sorted { $0.key < $1.key }
                if !parameters.isEmpty {
                    parts.append("{" + parameters.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}")
                }
            } else {
                parts.append("default route")
            }
            if !link.queryItems.isEmpty {
                parts.append("?" + link.queryItems.map(\.description).joined(separator: "&"))
            }
            if let fragment = link.fragment {
                parts.append("#" + fragment)
            }
            if let plan, !plan.steps.isEmpty {
                parts.append("plan: " + plan.steps.map(\.description).joined(separator: ", "))
            }
        }
        return parts.joined(separator: "  ")
    }

    private static func object(_ dictionary: [String: String]) -> JSONValue {
        .object(dictionary.mapValues { .string($0) })
    }

    private static func steps(_ plan: NavigationPlan) -> JSONValue {
        .array(plan.steps.map { step in
            .object([
                "screen": .string(step.screen), "presentation": .string(step.presentation.rawValue),
                "parameters": object(step.parameters),
            ])
        })
    }

    private static func queryItems(_ link: DeepLink) -> JSONValue {
        .array(link.queryItems.map { .object(["name": .string($0.name), "value": .string($0.value)]) })
    }
}
