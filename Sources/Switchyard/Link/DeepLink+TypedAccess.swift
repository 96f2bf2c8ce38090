public import struct Foundation.UUID

extension DeepLink {
    /// A parameter's value as text: the route parameter of that name, else the query parameter.
    ///
    /// - Throws: ``ParameterError`` when the link has no such parameter.
    public func string(_ name: String) throws(ParameterError) -> String {
        if let value = routeParameter(name) ?? queryParameters[name] { return value }
        throw ParameterError(.missing, name: name, value: nil,
                             message: "no parameter '\(name)' in \(route.map { "route '\($0)'" } ?? "the link")")
    }

    /// A parameter as an integer (an optional `-` and decimal digits).
    ///
    /// ```swift
    /// try link.int("product_id") // 1988
    /// ```
    public func int(_ name: String) throws(ParameterError) -> Int {
        let value = try string(name)
        guard let number = Int(value) else {
            throw ParameterError(.invalid, name: name, value: value,
                                 message: "parameter '\(name)' is '\(value)', not an integer")
        }
        return number
    }

    /// A parameter as a UUID (8-4-4-4-12 hexadecimal digits, either case).
    public func uuid(_ name: String) throws(ParameterError) -> UUID {
        let value = try string(name)
        guard ParameterConstraint.uuid.accepts(value), let uuid = UUID(uuidString: value) else {
            throw ParameterError(.invalid, name: name, value: value,
                                 message: "parameter '\(name)' is '\(value)', not a UUID")
        }
        return uuid
    }

    /// A parameter as a Boolean: `true`/`false`, `yes`/`no`, `1`/`0`, `on`/`off` in any case,
    /// and an item without a value (`?flag`) as `true`.
    public func bool(_ name: String) throws(ParameterError) -> Bool {
        let value = try string(name)
        switch value.lowercased() {
        case "true", "yes", "1", "on", "": return true
        case "false", "no", "0", "off": return false
        default:
            throw ParameterError(.invalid, name: name, value: value,
                                 message: "parameter '\(name)' is '\(value)', not a Boolean")
        }
    }
}
