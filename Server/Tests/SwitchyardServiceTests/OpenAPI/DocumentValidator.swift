import Foundation
@_spi(SwitchyardService) import Switchyard
@testable import SwitchyardService

/// Validates JSON values against schemas of an OpenAPI 3.1 document, given as the document's own
/// JSON: the subset of JSON Schema the document uses (`type` with `null`, `properties`,
/// `required`, `additionalProperties`, `items`, `enum`, `$ref` into the document, `oneOf`,
/// `anyOf`, bounds, `pattern`, and the formats `date-time`, `date` and `uri`, loosely).
///
/// Stricter than JSON Schema in two ways, so that the document is the whole contract: an object
/// schema with `properties` and no `additionalProperties` accepts no other member (an answer's
/// undocumented member is an error, not a silent extra), and a keyword the validator does not
/// know is an error rather than ignored.
struct DocumentValidator {
    /// The whole document, for `$ref`.
    let document: JSONValue

    /// The keywords understood; any other in a schema is reported.
    static let keywords: Set<String> = [
        "type", "description", "properties", "required", "additionalProperties", "items", "enum", "$ref", "oneOf", "anyOf",
        "minimum", "maximum", "minLength", "maxLength", "pattern", "format",
    ]

    /// What is wrong with `value` under `schema`, one line each; empty when it is valid.
    func errors(_ value: JSONValue, _ schema: JSONValue, at path: String = "$") -> [String] {
        guard case .object(let keywords) = schema else { return ["\(path): the schema is not an object"] }
        if let unknown = keywords.keys.filter({ !Self.keywords.contains($0) }).sorted().first {
            return ["\(path): unknown keyword '\(unknown)'"]
        }
        if let reference = keywords["$ref"] {
            guard let target = resolve(reference) else { return ["\(path): unresolved $ref \(reference.serialized())"] }
            return errors(value, target, at: path)
        }
        if let types = keywords["type"] {
            let names = types.arrayValue?.compactMap(\.stringValue) ?? [types.stringValue].compactMap { $0 }
            guard names.contains(where: { Self.matches(value, type: $0) }) else { return ["\(path): \(value.typeName) is not \(names)"] }
        }
        var found: [String] = []
        if let allowed = keywords["enum"]?.arrayValue, !allowed.contains(value) {
            found.append("\(path): \(value.serialized()) is not one of \(JSONValue.array(allowed).serialized())")
        }
        for (keyword, all) in [("oneOf", false), ("anyOf", true)] {
            guard let choices = keywords[keyword]?.arrayValue else { continue }
            let passing = choices.filter { errors(value, $0, at: path).isEmpty }.count
            if all ? passing == 0 : passing != 1 { found.append("\(path): \(passing) of the \(keyword) schemas match") }
        }
        switch value {
        case .string(let text): found += stringErrors(text, keywords, at: path)
        case .number(let number):
            if let minimum = keywords["minimum"]?.doubleValue, number < minimum { found.append("\(path): \(number) is below \(minimum)") }
            if let maximum = keywords["maximum"]?.doubleValue, number > maximum { found.append("\(path): \(number) is above \(maximum)") }
        case .array(let elements):
            if let items = keywords["items"] {
                for (index, element) in elements.enumerated() { found += errors(element, items, at: "\(path)[\(index)]") }
            }
        case .object(let members):
            let properties = keywords["properties"]?.objectValue ?? [:]
            for name in keywords["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where members[name] == nil {
                found.append("\(path): the required member '\(name)' is missing")
            }
            for (name, member) in members.sorted(by: { $0.key < $1.key }) {
                if let property = properties[name] {
                    found += errors(member, property, at: "\(path).\(name)")
                } else if let other = keywords["additionalProperties"] {
                    if other == false { found.append("\(path): the member '\(name)' is not allowed") }
                    else if other != true { found += errors(member, other, at: "\(path).\(name)") }
                } else if !properties.isEmpty {
                    found.append("\(path): the member '\(name)' is not documented")
                }
            }
        default: break
        }
        return found
    }

    private func stringErrors(_ text: String, _ keywords: [String: JSONValue], at path: String) -> [String] {
        var found: [String] = []
        let length = text.unicodeScalars.count
        if let minimum = keywords["minLength"]?.doubleValue, Double(length) < minimum { found.append("\(path): shorter than \(minimum)") }
        if let maximum = keywords["maxLength"]?.doubleValue, Double(length) > maximum { found.append("\(path): longer than \(maximum)") }
        if let pattern = keywords["pattern"]?.stringValue, text.range(of: pattern, options: .regularExpression) == nil {
            found.append("\(path): '\(text)' does not match \(pattern)")
        }
        let formatted = switch keywords["format"]?.stringValue {
        case "date-time"?: APIDates.parse(text) != nil
        case "date"?: text.range(of: #"^\d{4}-\d{2}-\d{2}$"#, options: .regularExpression) != nil
        case "uri"?: URL(string: text)?.scheme != nil
        default: true
        }
        if !formatted { found.append("\(path): '\(text)' is not a \(keywords["format"]?.stringValue ?? "")") }
        return found
    }

    /// The schema a local reference (`#/components/schemas/Link`) points at.
    func resolve(_ reference: JSONValue) -> JSONValue? {
        guard let pointer = reference.stringValue, pointer.hasPrefix("#/") else { return nil }
        var node: JSONValue? = document
        for part in pointer.dropFirst(2).split(separator: "/") {
            node = node?[part.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")]
        }
        return node
    }

    static func matches(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array), ("object", .object): true
        case ("integer", .number(let number)): number.rounded() == number
        default: false
        }
    }
}
