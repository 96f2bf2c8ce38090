/// Collects a route table one route at a time, checking each route as it is added, then builds
/// the immutable ``RouteTable`` that resolution uses.
///
/// A route that does not parse, names an unknown constraint, reuses a route name or matches
/// exactly the URLs of a route added before is refused where it is added, with the problem named
/// (the pattern and position; both patterns for a conflict). The builder then keeps the routes it
/// had, so a bad route never disables the good ones. ``Router`` registers through one.
///
/// ```swift
/// var builder = try RouteTableBuilder(RouteTableConfiguration(schemes: ["shop"]))
/// try builder.add(RouteDefinition("product/:id", name: "product"))
/// do {
///     try builder.add(RouteDefinition("product/{pid}"))
/// } catch {
///     print(error)   // conflict: 'product/:id' and 'product/{pid}' match the same URLs
/// }
/// let table = builder.build()   // product/:id only
/// ```
public struct RouteTableBuilder: Sendable {
    /// The settings, with no routes (they are ``definitions``).
    private let settings: RouteTableConfiguration
    private let maximumInputLength: Int
    /// The built-in and app-defined constraints, sorted by name: tokens refer to them by index.
    let constraints: [ParameterConstraint]
    private let constraintIndex: [String: Int32]
    /// The routes added, in order; while the initializer collects issues, a refused route keeps
    /// its place here (so that every issue names configuration indices) but nothing else refers to it.
    public private(set) var definitions: [RouteDefinition]
    private var parsed: [Int: RoutePattern] = [:]
    private var names: [String: Int] = [:]
    private var matcher: MatcherBuilder
    private var owners: FormOwners

    /// Starts a table with a configuration's settings and routes.
    ///
    /// - Parameters:
    ///   - configuration: schemes, hosts, delimiter, case rule, and the first routes.
    ///   - constraints: app-defined constraints, beside the built-in `int` and `uuid`.
    ///   - maximumInputLength: inputs longer than this many UTF-8 bytes are rejected.
    /// - Throws: ``RouteTableBuildError`` listing every problem in the settings and routes.
    /// - Complexity: O(*n*) in the total length of the patterns.
    public init(
        _ configuration: RouteTableConfiguration,
        constraints: [ParameterConstraint] = [],
        maximumInputLength: Int = RouteTable.defaultMaximumInputLength
    ) throws(RouteTableBuildError) {
        var issues: [RouteTableBuildError.Issue] = []
        var sorted: [ParameterConstraint] = [.int, .uuid]
        for constraint in constraints {
            if let existing = sorted.firstIndex(where: { $0.name == constraint.name }) {
                issues.append(Self.setting(existing < 2
                    ? "constraint '\(constraint.name)' is built in and cannot be redefined"
                    : "constraint '\(constraint.name)' is registered twice"))
                continue
            }
            sorted.append(constraint)
        }
        // Constrained edges are tried in order of constraint name, never of registration.
        sorted.sort { $0.name < $1.name }
        var index: [String: Int32] = [:]
        for (position, constraint) in sorted.enumerated() { index[constraint.name] = Int32(position) }
        self.constraints = sorted
        self.constraintIndex = index
        var settings = configuration
        settings.routes = []
        self.settings = settings
        self.maximumInputLength = maximumInputLength
        issues += TableSettings.problems(of: configuration).map {
            Self.setting($0.message, code: RouteTableBuildError.Issue.Code(rawValue: $0.code))
        }
        let count = configuration.routes.count
        matcher = MatcherBuilder(caseSensitive: configuration.caseSensitive, expectedForms: count)
        owners = FormOwners(expectedForms: count)
        definitions = configuration.routes
        let form = FormTokens()
        for route in definitions.indices {
            issues += place(route: route, scratch: form)
        }
        if !issues.isEmpty { throw RouteTableBuildError(issues: issues) }
    }

    /// Adds a route, checked against the routes added before it.
    ///
    /// ```swift
    /// try builder.add(RouteDefinition("list{ListScreen}/:itemID{DetailScreen}"))
    /// ```
    /// - Throws: ``RouteTableBuildError`` naming every problem with this route (syntax with its
    ///   position, an unknown constraint, a duplicate name, a conflict with both patterns); the
    ///   builder is then unchanged.
    /// - Complexity: O(*m*) in the pattern's length, amortized.
    public mutating func add(_ definition: RouteDefinition) throws(RouteTableBuildError) {
        definitions.append(definition)
        let issues = place(route: definitions.count - 1, scratch: FormTokens())
        if !issues.isEmpty {
            definitions.removeLast()
            throw RouteTableBuildError(issues: issues)
        }
    }

    /// The configuration of the table ``build()`` makes: the settings and ``definitions``.
    public var configuration: RouteTableConfiguration {
        var configuration = settings
        configuration.routes = definitions
        return configuration
    }

    /// The immutable table of the routes added.
    ///
    /// - Complexity: O(*n*) in the number of routes.
    public func build() -> RouteTable {
        let data = RouteData(definitions: definitions, delimiter: settings.delimiter)
        for (index, pattern) in parsed { data.keep(pattern, at: index) }
        var routes: [Route] = []
        routes.reserveCapacity(definitions.count)
        for index in definitions.indices { routes.append(Route(index: index, data: data)) }
        return RouteTable(storage: RouteTable.Storage(
            configuration: configuration, routes: routes, matcher: matcher.build(constraints: constraints, routes: definitions),
            rules: scannerRules, routesByName: names))
    }

    /// How the table reads inputs: its schemes, hosts, delimiter and length limit.
    var scannerRules: ScannerRules {
        ScannerRules(schemes: settings.schemes, hosts: settings.hosts, delimiter: settings.delimiter,
                     maximumLength: maximumInputLength)
    }

    /// A builder with these settings and constraints and no routes.
    func withoutRoutes() -> RouteTableBuilder { RouteTableBuilder(settingsOf: self) }

    private init(settingsOf other: RouteTableBuilder) {
        settings = other.settings
        maximumInputLength = other.maximumInputLength
        constraints = other.constraints
        constraintIndex = other.constraintIndex
        definitions = []
        matcher = MatcherBuilder(caseSensitive: other.settings.caseSensitive)
        owners = FormOwners()
    }

    /// Checks `pattern` as the only route of a table with these settings and constraints, without
    /// adding it, and hands `body` each form that table's matcher would hold, tokenized as
    /// ``MatcherBuilder/insert(_:routeIndex:formOrdinal:)`` takes it: the pattern's forms, then the
    /// prefixes that end at a screen. The pattern-handler table compiles its patterns through here,
    /// so that a handler's pattern matches what the same route would.
    ///
    /// - Parameter body: takes a form (a scratch, valid only during the call) and its ordinal.
    /// - Throws: ``RouteTableBuildError``, as ``add(_:)`` in an empty table; `body` has then not run.
    /// - Complexity: O(*m*) in the pattern's length.
    func placedForms(ofLonePattern pattern: String, _ body: (FormTokens, _ ordinal: Int) -> Void) throws(RouteTableBuildError) {
        var lone = withoutRoutes()
        try lone.add(RouteDefinition(pattern))
        let form = FormTokens()
        for owner in lone.owners.claimed {
            Self.load(owner, of: pattern, parsed: lone.parsed[owner.route], into: form,
                      fold: !settings.caseSensitive, constraintIndex: constraintIndex,
                      delimiter: TableSettings.delimiterByte(settings.delimiter))
            body(form, owner.ordinal)
        }
    }

    /// One form placed in the matcher when the route is accepted.
    private struct Placement {
        var ordinal: Int
        var length: Int
    }

    /// Checks the route at `index` against those placed before it and places it, or answers its
    /// issues and leaves everything but `definitions` as it was.
    private mutating func place(route index: Int, scratch form: FormTokens) -> [RouteTableBuildError.Issue] {
        var issues: [RouteTableBuildError.Issue] = []
        let caseSensitive = settings.caseSensitive
        let delimiter = settings.delimiter
        // Fields are read in place: a copy of the definition would retain each of them.
        let text = definitions[index].pattern
        let name = definitions[index].name
        if let name, let first = names[name] {
            let problem = TableSettings.duplicateName(name, first: (first, definitions[first].pattern),
                                                      second: (index, text))
            issues.append(.init(code: .duplicateName, patterns: [definitions[first].pattern, text],
                                routeIndices: [first, index], position: nil, message: problem.message))
        }
        let claimed = owners.count
        // Plain patterns skip the full parser when the delimiter is usable (else the parser's
        // fallback delimiter and its issues decide).
        if let fastDelimiter = TableSettings.delimiterByte(delimiter), text.utf8.withContiguousStorageIfAvailable({
            form.loadSimple($0, delimiter: fastDelimiter, fold: !caseSensitive)
        }) == true {
            // One form, no constraints, screens or wildcards: only the conflict check remains, and
            // the form still in the scratch goes straight into the matcher (no placement list).
            if let issue = Self.planSettingIssue(definitions[index], hasModal: false, routeIndex: index) {
                issues.append(issue)
            }
            guard claim(form, route: index, ordinal: 0, into: &issues), issues.isEmpty else {
                owners.truncate(to: claimed)
                return issues
            }
            if let name { names[name] = index }
            matcher.insert(form, routeIndex: index, formOrdinal: 0)
            return []
        }
        let pattern: RoutePattern
        do {
            pattern = try RoutePattern(text, delimiter: delimiter)
        } catch {
            issues.append(.init(code: .syntax, patterns: [text], routeIndices: [index],
                                position: error.position, message: error.description))
            return issues
        }
        let before = issues.count
        issues += unknownConstraints(pattern, routeIndex: index)
        if let issue = Self.screenIssue(pattern, routeIndex: index) { issues.append(issue) }
        let hasModal = pattern.forms.contains { $0.contains(where: \.isModal) }
        if let issue = Self.planSettingIssue(definitions[index], hasModal: hasModal, routeIndex: index) {
            issues.append(issue)
        }
        guard issues.count == before else { return issues }
        // Kept before the conflict check, which reads the route's own earlier forms.
        parsed[index] = pattern
        let placements = claimForms(of: pattern, route: index, scratch: form, into: &issues)
        guard issues.isEmpty else {
            owners.truncate(to: claimed)
            parsed[index] = nil
            return issues
        }
        if let name { names[name] = index }
        for placement in placements {
            let segments = pattern.forms[placement.ordinal]
            form.load(segments.prefix(placement.length), fold: !caseSensitive, constraintIndex: constraintIndex)
            matcher.insert(form, routeIndex: index, formOrdinal: placement.ordinal)
        }
        return []
    }

    /// Claims a parsed route's forms, then the prefixes ending at a screen, in the conflict check.
    private mutating func claimForms(of pattern: RoutePattern, route index: Int, scratch form: FormTokens,
                                     into issues: inout [RouteTableBuildError.Issue]) -> [Placement] {
        let caseSensitive = settings.caseSensitive
        let text = definitions[index].pattern
        var placements: [Placement] = []
        for (ordinal, segments) in pattern.forms.enumerated() {
            form.load(segments[...], fold: !caseSensitive, constraintIndex: constraintIndex)
            if claim(form, route: index, ordinal: ordinal, into: &issues) {
                placements.append(Placement(ordinal: ordinal, length: segments.count))
            }
        }
        // A route that names screens also answers each prefix of its path that ends at a screen.
        for (ordinal, segments) in pattern.forms.enumerated() where segments.contains(where: { $0.screen != nil }) {
            for length in 1..<max(segments.count, 1) where segments[length - 1].screen != nil {
                let prefix = segments[0..<length]
                if case .rest = prefix.last!.kind { continue }
                form.load(prefix, fold: !caseSensitive, constraintIndex: constraintIndex)
                let screens = prefix.map { FormOwners.Screen(name: $0.screen, isModal: $0.isModal) }
                if let owner = findOwner(form) {
                    if owner.isPrefix {
                        // Two screen routes may share a prefix when it shows the same screens.
                        if owner.screens != screens {
                            let other = definitions[owner.route].pattern
                            let shown = Self.render(caseSensitive ? prefix : prefix.map(Self.lowercased)[...],
                                                    settings.delimiter)
                            issues.append(.init(
                                code: .conflict, patterns: [other, text],
                                routeIndices: [owner.route, index], position: nil,
                                message: "conflict: '\(other)' and '\(text)' share the prefix '\(shown)' but show different screens on it"))
                        }
                    } else if owner.route != index {
                        issues.append(prefixConflict(prefixOf: index, route: owner.route))
                    }
                    continue
                }
                owners.claim(.init(route: index, isPrefix: true, screens: screens, ordinal: ordinal, length: length))
                placements.append(Placement(ordinal: ordinal, length: length))
            }
        }
        return placements
    }

    /// Each constraint a pattern names that the table does not know, once.
    private func unknownConstraints(_ pattern: RoutePattern, routeIndex: Int) -> [RouteTableBuildError.Issue] {
        var issues: [RouteTableBuildError.Issue] = []
        for patternForm in pattern.forms {
            for segment in patternForm {
                guard let constraint = segment.constraint, constraintIndex[constraint] == nil else { continue }
                let error = PatternError(.unknownConstraint, "unknown constraint '\(constraint)'",
                                         pattern: pattern.text, position: segment.position)
                if !issues.contains(where: { $0.message == error.description }) {
                    issues.append(.init(code: .unknownConstraint, patterns: [pattern.text], routeIndices: [routeIndex],
                                        position: segment.position, message: error.description))
                }
            }
        }
        return issues
    }

    /// Claims a route's own form in the conflict check, unless a form with the same key is there
    /// already (then the conflict is added to `issues`).
    private mutating func claim(_ form: FormTokens, route index: Int, ordinal: Int,
                                into issues: inout [RouteTableBuildError.Issue]) -> Bool {
        if let owner = findOwner(form) {
            if owner.isPrefix {
                issues.append(prefixConflict(prefixOf: owner.route, route: index))
                return false
            }
            let other = definitions[owner.route].pattern
            let pattern = definitions[index].pattern
            let message = owner.route == index
                ? "conflict: two optional forms of '\(other)' match the same URLs"
                : "conflict: '\(other)' and '\(pattern)' match the same URLs"
            issues.append(.init(code: .conflict, patterns: owner.route == index ? [other] : [other, pattern],
                                routeIndices: owner.route == index ? [index] : [owner.route, index],
                                position: nil, message: message))
            return false
        }
        owners.claim(.init(route: index, isPrefix: false, screens: [], ordinal: ordinal, length: form.count))
        return true
    }

    /// The owner of a form with exactly the canonical key of this one, if any (their hashes are
    /// equal, and the owner's form, tokenized again as it was when placed, has the same key).
    private mutating func findOwner(_ form: FormTokens) -> FormOwners.Owner? {
        let (definitions, parsed, constraintIndex) = (definitions, parsed, constraintIndex)
        let fold = !settings.caseSensitive
        let delimiter = TableSettings.delimiterByte(settings.delimiter)
        return owners.find(form) { owner in
            let other = FormTokens()
            Self.load(owner, of: definitions[owner.route].pattern, parsed: parsed[owner.route], into: other,
                      fold: fold, constraintIndex: constraintIndex, delimiter: delimiter)
            return FormOwners.canonicalKey(form) == FormOwners.canonicalKey(other)
        }
    }

    /// Tokenizes a claimed form again, as it was when placed: straight from the pattern's text when
    /// it is simple, else from its parsed form.
    private static func load(_ owner: FormOwners.Owner, of text: String, parsed: RoutePattern?, into form: FormTokens,
                             fold: Bool, constraintIndex: [String: Int32], delimiter: UInt8?) {
        let simple = delimiter.map { delimiter in
            text.utf8.withContiguousStorageIfAvailable {
                form.loadSimple($0, delimiter: delimiter, fold: fold)
            } == true
        } ?? false
        if !simple, let pattern = parsed {
            form.load(pattern.forms[owner.ordinal].prefix(owner.length), fold: fold, constraintIndex: constraintIndex)
        }
    }

    private func prefixConflict(prefixOf screenRoute: Int, route: Int) -> RouteTableBuildError.Issue {
        let screenPattern = definitions[screenRoute].pattern
        let other = definitions[route].pattern
        return .init(code: .conflict, patterns: [screenPattern, other], routeIndices: [screenRoute, route],
                     position: nil,
                     message: "conflict: '\(other)' is also a screen prefix of '\(screenPattern)', which opens it with a navigation plan")
    }

    static func render(_ segments: ArraySlice<PatternSegment>, _ delimiter: Character) -> String {
        segments.map { segment -> String in
            switch segment.kind {
            case .literal(let text): text
            case .parameter(let name): ":" + name + (segment.constraint.map { "<\($0)>" } ?? "")
            case .wildcard: "*"
            case .rest(let name): "{\(name)...}"
            }
        }.joined(separator: String(delimiter))
    }

    private static func setting(_ message: String, code: RouteTableBuildError.Issue.Code = .invalidSetting)
        -> RouteTableBuildError.Issue
    {
        .init(code: code, patterns: [], routeIndices: [], position: nil, message: message)
    }

    static func lowercased(_ segment: PatternSegment) -> PatternSegment {
        guard case .literal(let text) = segment.kind else { return segment }
        var copy = segment
        copy.kind = .literal(String(decoding: text.utf8.map(URLScanner.lowered), as: UTF8.self))
        return copy
    }
}
