@_spi(SwitchyardService) import Switchyard

/// How both stores write a link's dictionaries: as JSON text, keys sorted.
enum StoredJSON {
    /// `{"name": "value", ...}`.
    static func text(_ strings: [String: String]) -> String {
        JSONValue.object(strings.mapValues(JSONValue.string)).serialized(sortedKeys: true)
    }

    /// The metadata object as JSON, or nil.
    static func text(_ object: [String: JSONValue]?) -> String? {
        object.map { JSONValue.object($0).serialized(sortedKeys: true) }
    }

    /// Reads back a dictionary of strings written by `text(_:)`.
    /// The text of a column that is never NULL.
    static func present(_ text: String?, column: String, code: String) throws(StoreError) -> String {
        guard let text else { throw StoreError(.corrupt, "link '\(code)' has NULL in \(column)") }
        return text
    }

    static func strings(_ text: String, column: String, code: String) throws(StoreError) -> [String: String] {
        let object = try self.object(text, column: column, code: code)
        var strings: [String: String] = [:]
        for (key, value) in object {
            guard let string = value.stringValue else {
                throw StoreError(.corrupt, "link '\(code)': \(column) holds a \(value.typeName) under '\(key)'")
            }
            strings[key] = string
        }
        return strings
    }

    /// Reads back a JSON object.
    static func object(_ text: String, column: String, code: String) throws(StoreError) -> [String: JSONValue] {
        let value: JSONValue
        do {
            value = try JSONValue.parse(text)
        } catch {
            throw StoreError(.corrupt, "link '\(code)': \(column) is not JSON (\(error))")
        }
        guard let object = value.objectValue else {
            throw StoreError(.corrupt, "link '\(code)': \(column) is a \(value.typeName), not an object")
        }
        return object
    }
}
