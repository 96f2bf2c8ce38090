extension RouteTableBuilder {
    /// One form placed in the matcher when the route is accepted.
    private struct Placement {
        var ordinal: Int
        var length: Int
    }

    /// Checks the route at `index` against those placed before it and places it, or answers its
    /// issues and leaves everything but `definitions` as it was.
    mutating func place(route index: Int, scratch form: FormTokens) -> [RouteTableBuildError.Issue] {
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
        if !formerNames.isEmpty || !definitions[index].formerNames.isEmpty {
            issues += formerNameIssues(route: index)
        }
        let claimed = owners.count
        // Plain patterns skip the full parser when the delimiter is usable (else the parser's
        // fallback delimiter and its issues decide).
        if let fastDelimiter = delimiterByte, text.utf8.withContiguousStorageIfAvailable({
            form.loadSimple($0, delimiter: fastDelimiter, fold: !caseSensitive)
        }) == true {
            // One form, no constraints, screens or wildcards: only the conflict check remains, and
            // the form still in the scratch goes straight into the matcher (no placement list).
            if hasPlanSettings(route: index),
               let issue = Self.planSettingIssue(definitions[index], hasModal: false, routeIndex: index) {
                issues.append(issue)
            }
            guard claim(form, route: index, ordinal: 0, into: &issues), issues.isEmpty else {
                owners.truncate(to: claimed)
                return issues
            }
            if let name { names[name] = index }
            keepFormerNames(route: index)
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
        if hasPlanSettings(route: index),
           let issue = Self.planSettingIssue(definitions[index], hasModal: hasModal, routeIndex: index) {
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
        keepFormerNames(route: index)
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
        let delimiter = delimiterByte
        return owners.find(form) { owner in
            let other = FormTokens()
            Self.load(owner, of: definitions[owner.route].pattern, parsed: parsed[owner.route], into: other,
                      fold: fold, constraintIndex: constraintIndex, delimiter: delimiter)
            return FormOwners.canonicalKey(form) == FormOwners.canonicalKey(other)
        }
    }

    /// Tokenizes a claimed form again, as it was when placed: straight from the pattern's text when
    /// it is simple, else from its parsed form.
    static func load(_ owner: FormOwners.Owner, of text: String, parsed: RoutePattern?, into form: FormTokens,
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
}
