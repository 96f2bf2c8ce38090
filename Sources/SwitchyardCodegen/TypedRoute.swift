import Switchyard

/// A named route as the generated enum sees it: its case name and its typed parameters.
struct TypedRoute {
    /// How a parameter's value is typed in Swift.
    enum ValueType: String {
        case int = "Int"
        case uuid = "UUID"
        case string = "String"
    }

    /// One associated value.
    struct Parameter {
        /// The parameter's name in the pattern.
        var name: String
        /// The label (camel-cased name), unescaped.
        var label: String
        var type: ValueType
        /// True when the parameter is missing from some form of the pattern (it is inside an optional group).
        var isOptional: Bool

        var declaredType: String { type.rawValue + (isOptional ? "?" : "") }
    }

    var index: Int
    var routeName: String
    var pattern: String
    var caseName: String
    var parameters: [Parameter]

    /// Member names of the generated type that a case must not take.
    static let reservedCaseNames: Set<String> = [
        "self", "init", "name", "parameters", "url", "routeTable", "routeTableJSON", "customConstraintNames",
        "hashValue", "hash",
    ]

    /// The typed parameters of `pattern`, in order of appearance; throws when two give one label.
    static func parameters(of pattern: RoutePattern, routeIndex: Int) throws(RouteCodeGenerationError) -> [Parameter] {
        var parameters: [Parameter] = []
        for name in pattern.parameterNames {
            var occurrences = 0
            var segment: PatternSegment?
            for form in pattern.forms {
                if let found = form.first(where: { $0.parameterName == name }) {
                    occurrences += 1
                    segment = segment ?? found
                }
            }
            var type = ValueType.string
            if let segment, case .parameter = segment.kind {
                switch segment.constraint {
                case "int": type = .int
                case "uuid": type = .uuid
                default: type = .string
                }
            }
            guard var label = SwiftSyntaxText.lowerCamelCase(name) else {
                throw RouteCodeGenerationError(.unrepresentable, [
                    .init(
                        code: .unusableName, message: "parameter '\(name)' gives no Swift identifier",
                        routeIndices: [routeIndex])
                ])
            }
            if label == "self" { label = "selfValue" }
            if let other = parameters.first(where: { $0.label == label }) {
                throw RouteCodeGenerationError(.unrepresentable, [
                    .init(
                        code: .labelClash,
                        message: "the parameters '\(other.name)' and '\(name)' both give the label '\(label)'",
                        routeIndices: [routeIndex])
                ])
            }
            parameters.append(
                Parameter(
                    name: name, label: label, type: type,
                    isOptional: occurrences < pattern.forms.count))
        }
        return parameters
    }

    /// Whether any form of the pattern has an anonymous wildcard, whose value a link does not carry.
    static func hasWildcard(_ pattern: RoutePattern) -> Bool {
        pattern.forms.contains { $0.contains { $0.kind == .wildcard } }
    }
}
