/// Checks parameters against one route and writes its path: the work behind
/// ``RouteTable/url(for:parameters:query:fragment:scheme:host:)``.
struct LinkBuilder {
    let route: Route
    let delimiter: UInt8
    let constraints: [ParameterConstraint]

    /// The key a wildcard's value is given under.
    static let wildcardKey = "*"

    private var pattern: String { route.text }

    /// The parameter keys a form takes: its names, and `"*"` when it has a wildcard.
    static func keys(of form: ArraySlice<PatternSegment>) -> Set<String> {
        var keys: Set<String> = []
        for segment in form {
            if let name = segment.parameterName { keys.insert(name) }
            if segment.kind == .wildcard { keys.insert(wildcardKey) }
        }
        return keys
    }

    /// Every key the route takes in some form, in order of appearance.
    private var allKeys: [String] {
        var keys = route.pattern.parameterNames
        if route.pattern.forms.contains(where: { $0.contains { $0.kind == .wildcard } }) { keys.append(Self.wildcardKey) }
        return keys
    }

    /// The shortest form that takes exactly the given parameters.
    func chooseForm(for parameters: [String: String]) throws(LinkBuildError) -> [PatternSegment] {
        let known = allKeys
        try checkKnownAndNonEmpty(parameters, known: known)
        let given = Set(parameters.keys)
        if let form = route.pattern.forms.first(where: { Self.keys(of: $0[...]) == given }) { return form }
        let required = route.pattern.forms.map { Self.keys(of: $0[...]) }.reduce(Set(known)) { $0.intersection($1) }
        if let missing = known.first(where: { required.contains($0) && !given.contains($0) }) {
            throw missingParameter(missing)
        }
        let listed = given.sorted().map { "'\($0)'" }.joined(separator: ", ")
        throw LinkBuildError(.noMatchingForm, "no form of '\(pattern)' takes exactly the parameters \(listed)",
                             route: pattern)
    }

    /// Checks that `parameters` are exactly the keys of a given form.
    func check(_ parameters: [String: String], against form: ArraySlice<PatternSegment>) throws(LinkBuildError) {
        let keys = Self.keys(of: form)
        try checkKnownAndNonEmpty(parameters, known: allKeys.filter { keys.contains($0) })
        if let missing = allKeys.first(where: { keys.contains($0) && parameters[$0] == nil }) {
            throw missingParameter(missing)
        }
    }

    private func checkKnownAndNonEmpty(_ parameters: [String: String], known: [String]) throws(LinkBuildError) {
        if let unknown = parameters.keys.sorted().first(where: { !known.contains($0) }) {
            throw LinkBuildError(.unknownParameter, "unknown parameter '\(unknown)' for route '\(pattern)'",
                                 route: pattern)
        }
        for key in known {
            guard let value = parameters[key] else { continue }
            if value.isEmpty {
                throw LinkBuildError(.emptyValue, "parameter '\(key)' is empty in route '\(pattern)'", route: pattern)
            }
            if let control = value.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                throw LinkBuildError(
                    .invalidValue,
                    "parameter '\(key)' holds the control character \(URLScanner.scalarName(UInt8(control.value))), which a link cannot carry",
                    route: pattern)
            }
        }
    }

    private func missingParameter(_ key: String) -> LinkBuildError {
        if key == Self.wildcardKey {
            return LinkBuildError(.missingParameter,
                                  "missing parameter '*' (the wildcard's value) for route '\(pattern)'", route: pattern)
        }
        return LinkBuildError(.missingParameter, "missing parameter '\(key)' for route '\(pattern)'", route: pattern)
    }

    /// The encoded path of a form, with constraints checked.
    func path(_ form: ArraySlice<PatternSegment>, parameters: [String: String]) throws(LinkBuildError) -> String {
        let separator = String(UnicodeScalar(delimiter))
        var pieces: [String] = []
        pieces.reserveCapacity(form.count)
        for segment in form {
            switch segment.kind {
            case .literal(let text):
                pieces.append(LinkEncoding.pathSegment(text, delimiter: delimiter))
            case .parameter(let name):
                let value = parameters[name] ?? ""
                if let name = segment.constraint, let constraint = constraints.first(where: { $0.name == name }),
                   !constraint.accepts(value) {
                    throw LinkBuildError(
                        .constraintViolation,
                        "parameter '\(segment.parameterName!)' is '\(value)', which does not satisfy <\(name)> in '\(pattern)'",
                        route: pattern)
                }
                pieces.append(LinkEncoding.pathSegment(value, delimiter: delimiter))
            case .wildcard:
                pieces.append(LinkEncoding.pathSegment(parameters[Self.wildcardKey] ?? "", delimiter: delimiter))
            case .rest(let name):
                let value = parameters[name] ?? ""
                let parts = value.split(separator: Character(UnicodeScalar(delimiter)), omittingEmptySubsequences: false)
                if parts.contains(where: \.isEmpty) {
                    throw LinkBuildError(
                        .emptySegment,
                        "parameter '\(name)' is '\(value)', which has an empty segment, in '\(pattern)'",
                        route: pattern)
                }
                pieces.append(contentsOf: parts.map { LinkEncoding.pathSegment(String($0), delimiter: delimiter) })
            }
        }
        return pieces.joined(separator: separator)
    }

    /// The decoded segment at `index` of a link's raw path (empty segments skipped, as matching does).
    static func segment(_ index: Int, ofPath path: String, delimiter: UInt8) -> String? {
        let segments = path.utf8.split(separator: delimiter, omittingEmptySubsequences: true)
        guard index < segments.count else { return nil }
        return Array(segments[index]).withUnsafeBufferPointer { PercentDecoding.decode($0, plusIsSpace: false) }
    }

    /// `[a: 1, b: 2]`, keys sorted: how messages show parameters.
    static func describe(_ parameters: [String: String]) -> String {
        if parameters.isEmpty { return "[:]" }
        return "[" + parameters.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "]"
    }
}
