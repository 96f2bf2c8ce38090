/// Turns a parsed route-table document into a ``RouteTableConfiguration``, checking every key.
struct RouteTableDecoder {
    typealias Kind = RouteTableFileError.Kind
    typealias Route = (index: Int, pattern: String?)

    static let topLevelKeys = ["schemes", "hosts", "delimiter", "caseSensitive", "apps", "routes"]
    static let routeKeys = ["pattern", "name", "webOnly", "defaults", "allowedParameters", "container", "root",
                             "presenter", "formerNames", "since"]
    static let sinceKeys = ["ios", "android"]
    static let appsKeys = ["ios", "android"]
    static let androidKeys = ["package", "sha256CertFingerprints"]

    let file: String

    func decode(_ document: JSONValue) throws(RouteTableFileError) -> RouteTableConfiguration {
        guard case .object(let top) = document else {
            throw fail(.wrongType(subject: "the top-level value", expected: "an object"))
        }
        try checkKeys(of: top, allowed: Self.topLevelKeys, in: nil)
        var configuration = RouteTableConfiguration()
        if let schemes = top["schemes"] {
            configuration.schemes = try strings(schemes, subject: "'schemes'")
            if let problem = configuration.schemes.lazy.compactMap(TableSettings.schemeProblem).first {
                throw fail(.setting(problem))
            }
        }
        if let hosts = top["hosts"] {
            let hosts = try strings(hosts, subject: "'hosts'")
            if let problem = hosts.lazy.compactMap(TableSettings.hostProblem).first { throw fail(.setting(problem)) }
            configuration.hosts = hosts.map { $0.lowercased() }
        }
        if let delimiter = top["delimiter"] {
            guard case .string(let text) = delimiter else {
                throw fail(.wrongType(subject: "'delimiter'", expected: "a string"))
            }
            if let problem = TableSettings.delimiterProblem(text: text) { throw fail(.setting(problem)) }
            configuration.delimiter = text.first!
        }
        if let caseSensitive = top["caseSensitive"] {
            configuration.caseSensitive = try bool(caseSensitive, subject: "'caseSensitive'")
        }
        if let apps = top["apps"] {
            configuration.apps = try decodeApps(apps)
        }
        guard let routes = top["routes"] else { throw fail(.missingKey("routes", in: nil)) }
        guard case .array(let entries) = routes else {
            throw fail(.wrongType(subject: "'routes'", expected: "an array"))
        }
        var firstIndexByName: [String: Int] = [:]
        for (index, entry) in entries.enumerated() {
            let route = try decodeRoute(entry, index: index)
            if let name = route.name {
                if let first = firstIndexByName[name] {
                    let problem = TableSettings.duplicateName(
                        name, first: (first, configuration.routes[first].pattern), second: (index, route.pattern))
                    throw fail(.setting(problem), route: (index, route.pattern))
                }
                firstIndexByName[name] = index
            }
            configuration.routes.append(route)
        }
        return configuration
    }

    // MARK: Routes

    private func decodeRoute(_ entry: JSONValue, index: Int) throws(RouteTableFileError) -> RouteDefinition {
        switch entry {
        case .string(let pattern):
            guard !pattern.isEmpty else { throw fail(.emptyValue("pattern"), route: (index, nil)) }
            return RouteDefinition(pattern)
        case .object(let members):
            let declared = members["pattern"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
            let route: Route = (index, declared)
            try checkKeys(of: members, allowed: Self.routeKeys, in: nil, route: route)
            guard let patternValue = members["pattern"] else {
                throw fail(.missingKey("pattern", in: nil), route: route)
            }
            let pattern = try nonEmptyString(patternValue, key: "pattern", route: route)
            var definition = RouteDefinition(pattern)
            if let name = members["name"] {
                definition.name = try nonEmptyString(name, key: "name", route: route)
            }
            if let webOnly = members["webOnly"] {
                definition.webOnly = try bool(webOnly, subject: "'webOnly'", route: route)
            }
            if let defaults = members["defaults"] {
                definition.defaults = try decodeDefaults(defaults, route: route)
            }
            if let allowed = members["allowedParameters"] {
                definition.allowedParameters = try strings(allowed, subject: "'allowedParameters'", route: route)
            }
            if let container = members["container"] {
                definition.container = try nonEmptyString(container, key: "container", route: route)
            }
            if let root = members["root"] {
                definition.replacesRoot = try bool(root, subject: "'root'", route: route)
            }
            if let presenter = members["presenter"] {
                definition.presenter = try nonEmptyString(presenter, key: "presenter", route: route)
            }
            if let formerNames = members["formerNames"] {
                definition.formerNames = try strings(formerNames, subject: "'formerNames'", route: route)
                if definition.formerNames.contains(where: \.isEmpty) {
                    throw fail(.emptyValue("formerNames"), route: route)
                }
            }
            if let since = members["since"] {
                definition.since = try decodeSince(since, route: route)
            }
            return definition
        default:
            throw fail(.wrongType(subject: "a route", expected: "a pattern string or an object"), route: (index, nil))
        }
    }

    private func decodeDefaults(_ value: JSONValue, route: Route) throws(RouteTableFileError) -> [String: String] {
        guard case .object(let members) = value else {
            throw fail(.wrongType(subject: "'defaults'", expected: "an object"), route: route)
        }
        var defaults: [String: String] = [:]
        for (key, value) in members.sorted(by: { $0.key < $1.key }) {
            switch value {
            case .string(let text): defaults[key] = text
            case .number(let number): defaults[key] = JSONTextWriter.text(for: number)
            case .bool(let flag): defaults[key] = flag ? "true" : "false"
            default:
                throw fail(
                    .wrongType(subject: "'defaults.\(key)'", expected: "a string, number or boolean"), route: route)
            }
        }
        return defaults
    }

    /// `"since": {"ios": "2.3", "android": 230}`: dotted numbers for iOS, a positive version code
    /// for Android.
    private func decodeSince(_ value: JSONValue, route: Route) throws(RouteTableFileError) -> AppVersionRequirement {
        guard case .object(let members) = value else {
            throw fail(.wrongType(subject: "'since'", expected: "an object such as {\"ios\": \"2.3\", \"android\": 230}"), route: route)
        }
        try checkKeys(of: members, allowed: Self.sinceKeys, in: "'since'", route: route)
        var since = AppVersionRequirement()
        if let ios = members["ios"] {
            guard case .string(let text) = ios, let version = DottedVersion(text) else {
                throw fail(.invalidVersion(key: "since.ios", value: ios.serialized(),
                                           expected: "a string of one to four dotted numbers, such as \"2.3\""), route: route)
            }
            since.ios = version
        }
        if let android = members["android"] {
            guard case .number(let number) = android, number >= 1, number <= 2_100_000_000, number.rounded() == number else {
                throw fail(.invalidVersion(key: "since.android", value: android.serialized(),
                                           expected: "a whole number from 1 to 2100000000 (the versionCode), such as 230"), route: route)
            }
            since.android = Int(number)
        }
        return since
    }

    // MARK: Apps

    private func decodeApps(_ value: JSONValue) throws(RouteTableFileError) -> AppIdentifiers {
        guard case .object(let members) = value else {
            throw fail(.wrongType(subject: "'apps'", expected: "an object"))
        }
        try checkKeys(of: members, allowed: Self.appsKeys, in: "'apps'")
        var apps = AppIdentifiers()
        if let ios = members["ios"] {
            apps.ios = try strings(ios, subject: "'apps.ios'")
        }
        if let android = members["android"] {
            guard case .array(let entries) = android else {
                throw fail(.wrongType(subject: "'apps.android'", expected: "an array"))
            }
            for (index, entry) in entries.enumerated() {
                let label = "Android app \(index + 1)"
                guard case .object(let app) = entry else {
                    throw fail(.wrongType(subject: label, expected: "an object"))
                }
                try checkKeys(of: app, allowed: Self.androidKeys, in: label)
                guard let package = app["package"] else { throw fail(.missingKey("package", in: label)) }
                guard case .string(let name) = package, !name.isEmpty else {
                    throw fail(.wrongType(subject: "'package' of \(label)", expected: "a non-empty string"))
                }
                guard let fingerprints = app["sha256CertFingerprints"] else {
                    throw fail(.missingKey("sha256CertFingerprints", in: label))
                }
                let certificates = try strings(fingerprints, subject: "'sha256CertFingerprints' of \(label)")
                apps.android.append(.init(package: name, sha256CertFingerprints: certificates))
            }
        }
        return apps
    }

    // MARK: Values

    private func checkKeys(
        of members: [String: JSONValue], allowed: [String], in container: String?, route: Route? = nil
    ) throws(RouteTableFileError) {
        // Sorted, so that a file with several unknown keys always reports the same one.
        if let unknown = members.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw fail(.unknownKey(unknown, in: container, expected: allowed), route: route)
        }
    }

    private func strings(
        _ value: JSONValue, subject: String, route: Route? = nil
    ) throws(RouteTableFileError) -> [String] {
        guard case .array(let elements) = value else {
            throw fail(.wrongType(subject: subject, expected: "an array of strings"), route: route)
        }
        var strings: [String] = []
        for element in elements {
            guard case .string(let string) = element else {
                throw fail(.wrongType(subject: subject, expected: "an array of strings"), route: route)
            }
            strings.append(string)
        }
        return strings
    }

    private func bool(_ value: JSONValue, subject: String, route: Route? = nil) throws(RouteTableFileError) -> Bool {
        guard case .bool(let flag) = value else {
            throw fail(.wrongType(subject: subject, expected: "a boolean"), route: route)
        }
        return flag
    }

    private func nonEmptyString(_ value: JSONValue, key: String, route: Route) throws(RouteTableFileError) -> String {
        guard case .string(let string) = value else {
            throw fail(.wrongType(subject: "'\(key)'", expected: "a string"), route: route)
        }
        guard !string.isEmpty else { throw fail(.emptyValue(key), route: route) }
        return string
    }

    private func fail(_ kind: Kind, route: Route? = nil) -> RouteTableFileError {
        RouteTableFileError(kind, file: file, route: route)
    }
}
