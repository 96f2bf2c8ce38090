/// Turns a configuration into routes and a matcher, collecting every problem on the way.
struct TableCompiler {
    private let configuration: RouteTableConfiguration
    private var constraints: [ParameterConstraint]
    private var issues: [RouteTableError.Issue] = []

    init(configuration: RouteTableConfiguration, constraints: [ParameterConstraint]) {
        self.configuration = configuration
        self.constraints = [.int, .uuid]
        for constraint in constraints {
            if let existing = self.constraints.firstIndex(where: { $0.name == constraint.name }) {
                if existing < 2 {
                    issues.append(setting("constraint '\(constraint.name)' is built in and cannot be redefined"))
                } else {
                    issues.append(setting("constraint '\(constraint.name)' is registered twice"))
                }
                continue
            }
            self.constraints.append(constraint)
        }
        // Constrained edges are tried in order of constraint name, never of registration.
        self.constraints.sort { $0.name < $1.name }
    }

    /// The routes, the matcher, and the index of route names.
    mutating func compile() throws(RouteTableError) -> (routes: [Route], matcher: CompiledMatcher, names: [String: Int]) {
        validateSettings()
        let delimiter = configuration.delimiter
        let caseSensitive = configuration.caseSensitive
        let known = Set(constraints.map(\.name))
        var constraintIndex: [String: Int32] = [:]
        for (index, constraint) in constraints.enumerated() { constraintIndex[constraint.name] = Int32(index) }
        // Plain patterns skip the full parser when the delimiter is usable (else the parser's
        // fallback delimiter and its issues decide).
        let fastDelimiter: UInt8? = Self.isUsableDelimiter(delimiter) ? delimiter.asciiValue : nil
        let count = configuration.routes.count
        var builder = MatcherBuilder(caseSensitive: caseSensitive, expectedForms: count)
        var owners = FormOwners(expectedForms: count)
        let form = FormTokens()
        let patterns = RouteData(definitions: configuration.routes, delimiter: delimiter)
        var routes: [Route] = []
        routes.reserveCapacity(count)
        var names: [String: Int] = [:]

        let definitions = configuration.routes
        for index in definitions.indices {
            // Fields are read in place: a copy of the definition would retain each of them.
            let text = definitions[index].pattern
            if let name = definitions[index].name {
                if let first = names[name] {
                    issues.append(.init(
                        code: .duplicateName, patterns: [configuration.routes[first].pattern, text],
                        routeIndices: [first, index], position: nil,
                        message: "duplicate route name '\(name)': '\(configuration.routes[first].pattern)' and '\(text)'"))
                } else {
                    names[name] = index
                }
            }
            if let fastDelimiter, text.utf8.withContiguousStorageIfAvailable({
                form.loadSimple($0, delimiter: fastDelimiter, fold: !caseSensitive)
            }) == true {
                // One form, no constraints, screens or wildcards: only the conflict check remains.
                routes.append(Route(index: index, data: patterns))
                place(form, route: index, ordinal: 0, into: &builder, owners: &owners, patterns: patterns,
                      constraintIndex: constraintIndex)
                continue
            }
            let pattern: RoutePattern
            do {
                pattern = try RoutePattern(text, delimiter: delimiter)
            } catch {
                issues.append(.init(code: .syntax, patterns: [text], routeIndices: [index],
                                    position: error.position, message: error.description))
                continue
            }
            var usable = true
            for patternForm in pattern.forms {
                for segment in patternForm {
                    if let constraint = segment.constraint, !known.contains(constraint) {
                        usable = false
                        let error = PatternError(.unknownConstraint, "unknown constraint '\(constraint)'",
                                                 pattern: text, position: segment.position)
                        if !issues.contains(where: { $0.message == error.description }) {
                            issues.append(.init(code: .unknownConstraint, patterns: [text],
                                                routeIndices: [index], position: segment.position,
                                                message: error.description))
                        }
                    }
                }
            }
            if let issue = Self.screenIssue(pattern, routeIndex: index) {
                usable = false
                issues.append(issue)
            }
            patterns.keep(pattern, at: index)
            routes.append(Route(index: index, data: patterns))
            guard usable else { continue }
            for (ordinal, segments) in pattern.forms.enumerated() {
                form.load(segments[...], fold: !caseSensitive, constraintIndex: constraintIndex)
                place(form, route: index, ordinal: ordinal, into: &builder, owners: &owners, patterns: patterns,
                      constraintIndex: constraintIndex)
            }
            // A route that names screens also answers each prefix of its path that ends at a screen.
            for (ordinal, segments) in pattern.forms.enumerated() where segments.contains(where: { $0.screen != nil }) {
                for length in 1..<max(segments.count, 1) where segments[length - 1].screen != nil {
                    let prefix = segments[0..<length]
                    if case .rest = prefix.last!.kind { continue }
                    form.load(prefix, fold: !caseSensitive, constraintIndex: constraintIndex)
                    let screens = prefix.map { FormOwners.Screen(name: $0.screen, isModal: $0.isModal) }
                    let found = owners.find(form) {
                        sameKey(form, $0, patterns: patterns, constraintIndex: constraintIndex)
                    }
                    if let owner = found {
                        if owner.isPrefix {
                            // Two screen routes may share a prefix when it shows the same screens.
                            if owner.screens != screens {
                                let other = configuration.routes[owner.route].pattern
                                let shown = Self.render(caseSensitive ? prefix : prefix.map(Self.lowercased)[...], delimiter)
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
                    builder.insert(form, routeIndex: index, formOrdinal: ordinal)
                }
            }
        }
        if !issues.isEmpty { throw RouteTableError(issues: issues) }
        return (routes, builder.build(constraints: constraints), names)
    }

    /// Places a route's own form in the matcher, unless a form with the same key is there already.
    private mutating func place(_ form: FormTokens, route index: Int, ordinal: Int, into builder: inout MatcherBuilder,
                                owners: inout FormOwners, patterns: RouteData, constraintIndex: [String: Int32]) {
        let found = owners.find(form) { sameKey(form, $0, patterns: patterns, constraintIndex: constraintIndex) }
        if let owner = found {
            if owner.isPrefix {
                issues.append(prefixConflict(prefixOf: owner.route, route: index))
                return
            }
            let other = configuration.routes[owner.route].pattern
            let pattern = configuration.routes[index].pattern
            let message = owner.route == index
                ? "conflict: two optional forms of '\(other)' match the same URLs"
                : "conflict: '\(other)' and '\(pattern)' match the same URLs"
            issues.append(.init(code: .conflict, patterns: owner.route == index ? [other] : [other, pattern],
                                routeIndices: owner.route == index ? [index] : [owner.route, index],
                                position: nil, message: message))
            return
        }
        owners.claim(.init(route: index, isPrefix: false, screens: [], ordinal: ordinal, length: form.count))
        builder.insert(form, routeIndex: index, formOrdinal: ordinal)
    }

    /// Whether a form has exactly the canonical key of the form an owner placed (their hashes
    /// are equal): the owner's form is tokenized again, as it was when placed.
    private func sameKey(_ form: FormTokens, _ owner: FormOwners.Owner, patterns: RouteData,
                         constraintIndex: [String: Int32]) -> Bool {
        let text = configuration.routes[owner.route].pattern
        let fold = !configuration.caseSensitive
        let other = FormTokens()
        let simple = Self.isUsableDelimiter(configuration.delimiter) && text.utf8.withContiguousStorageIfAvailable {
            other.loadSimple($0, delimiter: configuration.delimiter.asciiValue!, fold: fold)
        } == true
        if !simple {
            let segments = patterns.pattern(at: owner.route).forms[owner.ordinal]
            other.load(segments.prefix(owner.length), fold: fold, constraintIndex: constraintIndex)
        }
        return FormOwners.canonicalKey(form) == FormOwners.canonicalKey(other)
    }

    /// A delimiter the pattern syntax leaves free (``validateSettings()`` reports the others).
    private static func isUsableDelimiter(_ delimiter: Character) -> Bool {
        guard let ascii = delimiter.asciiValue else { return false }
        return !(PatternParser.isNameByte(ascii) || PatternParser.isReservedByte(ascii) || ascii <= 0x20
                 || ascii == UInt8(ascii: "%") || ascii == 0x7F)
    }

    private mutating func validateSettings() {
        let delimiter = configuration.delimiter
        if delimiter.asciiValue != nil {
            if !Self.isUsableDelimiter(delimiter) {
                issues.append(setting("delimiter '\(delimiter)' cannot be used (it is part of the pattern syntax)"))
            }
        } else {
            issues.append(setting("delimiter '\(delimiter)' must be a single ASCII character"))
        }
        for scheme in configuration.schemes {
            let bytes = Array(scheme.utf8)
            let valid = !bytes.isEmpty && URLScanner.isLetter(bytes[0]) && bytes.allSatisfy {
                URLScanner.isLetter($0) || URLScanner.isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-")
                    || $0 == UInt8(ascii: ".")
            }
            if !valid { issues.append(setting("invalid scheme '\(scheme)'")) }
            if ["http", "https"].contains(scheme.lowercased()) {
                issues.append(setting("scheme '\(scheme)' is for universal links: list the host in 'hosts' instead"))
            }
        }
        for host in configuration.hosts {
            let invalid = host.isEmpty || host.contains { $0 == "/" || $0 == ":" || $0 == "@" || $0.isWhitespace }
            if invalid { issues.append(setting("invalid host '\(host)' (write the bare host name, such as shop.example.com)")) }
        }
    }

    /// A screen on an anonymous wildcard gets no parameter; a route presents at most one modal.
    static func screenIssue(_ pattern: RoutePattern, routeIndex: Int) -> RouteTableError.Issue? {
        func segments(_ elements: [PatternElement]) -> [PatternSegment] {
            elements.flatMap { element -> [PatternSegment] in
                switch element {
                case .segment(let segment): [segment]
                case .optional(let inner): segments(inner)
                }
            }
        }
        var modals = 0
        for segment in segments(pattern.elements) {
            if case .wildcard = segment.kind, let screen = segment.screen {
                return .init(code: .screenOnWildcard, patterns: [pattern.text], routeIndices: [routeIndex],
                             position: segment.position,
                             message: "screen on an anonymous wildcard at \(segment.position) in '\(pattern.text)' (name the parameter, as in ':id{\(screen)}')")
            }
            if segment.isModal {
                modals += 1
                if modals == 2 {
                    return .init(code: .secondModal, patterns: [pattern.text], routeIndices: [routeIndex],
                                 position: segment.position,
                                 message: "second modal step ('!') at \(segment.position) in '\(pattern.text)' (a route presents at most one modal)")
                }
            }
        }
        return nil
    }

    private func prefixConflict(prefixOf screenRoute: Int, route: Int) -> RouteTableError.Issue {
        let screenPattern = configuration.routes[screenRoute].pattern
        let other = configuration.routes[route].pattern
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

    private func setting(_ message: String) -> RouteTableError.Issue {
        .init(code: .invalidSetting, patterns: [], routeIndices: [], position: nil, message: message)
    }

    static func lowercased(_ segment: PatternSegment) -> PatternSegment {
        guard case .literal(let text) = segment.kind else { return segment }
        var copy = segment
        copy.kind = .literal(String(decoding: text.utf8.map(URLScanner.lowered), as: UTF8.self))
        return copy
    }
}
