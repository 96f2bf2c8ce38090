import Switchyard

/// A JSON Schema, the subset of draft 2020-12 that the OpenAPI 3.1 document uses: types (with
/// `null` for optional values), object properties, arrays, enumerations, bounds, patterns and
/// references to other components.
///
/// ```swift
/// static let schema = JSONSchema.object([
///     "route": .string(maxLength: 2048),
///     "redeemLimit": .integer(minimum: 1).nullable(),
/// ], required: ["route"], additionalProperties: .forbidden)
/// ```
///
/// An answer's schema is derived from its fields (``APIObject``), and so is a request body's
/// (``APIRequestBody``), from the same fields it is read through.
struct JSONSchema: Sendable, Hashable {
    /// The JSON types a value may have (`string`, `integer`, `null`, ...); empty: any type.
    var types: [String] = []
    /// What the value means.
    var description: String?
    /// An object's properties by name.
    var properties: [String: JSONSchema] = [:]
    /// The properties an object must have, in declaration order.
    var required: [String] = []
    /// What an object's other members may be.
    var additionalProperties: AdditionalProperties = .allowed
    /// An array's element schema (none or one).
    var itemSchemas: [JSONSchema] = []
    /// The only values allowed (strings only, here).
    var allowedValues: [String]?
    /// Inclusive bounds of a number.
    var minimum: Int?
    var maximum: Int?
    /// Bounds of a string's length, in characters.
    var minLength: Int?
    var maxLength: Int?
    /// An ECMA-262 regular expression a string must match somewhere.
    var pattern: String?
    /// A format hint such as `date-time`.
    var format: String?
    /// The component schema this one stands for (`Link` for `#/components/schemas/Link`).
    var reference: String?

    /// What an object's members beyond `properties` may be.
    indirect enum AdditionalProperties: Sendable, Hashable {
        /// Anything.
        case allowed
        /// Nothing: an unknown member is an error.
        case forbidden
        /// Values of this schema.
        case schema(JSONSchema)
    }

    /// An array's element schema.
    var items: JSONSchema? { itemSchemas.first }
}

extension JSONSchema {
    /// A string.
    static func string(_ description: String? = nil, minLength: Int? = nil, maxLength: Int? = nil, pattern: String? = nil,
                       format: String? = nil, oneOf values: [String]? = nil) -> JSONSchema {
        JSONSchema(types: ["string"], description: description, allowedValues: values, minLength: minLength,
                   maxLength: maxLength, pattern: pattern, format: format)
    }

    /// An integer.
    static func integer(_ description: String? = nil, minimum: Int? = nil, maximum: Int? = nil) -> JSONSchema {
        JSONSchema(types: ["integer"], description: description, minimum: minimum, maximum: maximum)
    }

    /// `true` or `false`.
    static let boolean = JSONSchema(types: ["boolean"])

    /// Any JSON value.
    static let any = JSONSchema()

    /// An object with these properties.
    static func object(_ properties: [String: JSONSchema] = [:], required: [String] = [],
                       additionalProperties: AdditionalProperties = .allowed, description: String? = nil) -> JSONSchema {
        JSONSchema(types: ["object"], description: description, properties: properties, required: required,
                   additionalProperties: additionalProperties)
    }

    /// An object whose members all have the schema `values` (a map).
    static func map(of values: JSONSchema) -> JSONSchema {
        .object(additionalProperties: .schema(values))
    }

    /// An array of `items`.
    static func array(of items: JSONSchema) -> JSONSchema {
        JSONSchema(types: ["array"], itemSchemas: [items])
    }

    /// A reference to a component's schema.
    static func ref(_ type: any OpenAPISchema.Type) -> JSONSchema {
        JSONSchema(reference: type.schemaName)
    }

    /// The same schema that also allows `null` (an optional field).
    func nullable() -> JSONSchema {
        var copy = self
        if !copy.types.isEmpty && !copy.types.contains("null") { copy.types.append("null") }
        return copy
    }

    /// The same schema with a description.
    func described(_ text: String) -> JSONSchema {
        var copy = self
        copy.description = text
        return copy
    }

    /// The schema as the document writes it.
    var json: JSONValue {
        if let reference { return ["$ref": .string("#/components/schemas/\(reference)")] }
        var object: [String: JSONValue] = [:]
        if types.count == 1 {
            object["type"] = .string(types[0])
        } else if !types.isEmpty {
            object["type"] = .array(types.map(JSONValue.string))
        }
        if let description { object["description"] = .string(description) }
        if !properties.isEmpty { object["properties"] = .object(properties.mapValues(\.json)) }
        if !required.isEmpty { object["required"] = .array(required.map(JSONValue.string)) }
        switch additionalProperties {
        case .allowed: break
        case .forbidden: object["additionalProperties"] = false
        case .schema(let schema): object["additionalProperties"] = schema.json
        }
        if let items { object["items"] = items.json }
        // A nullable enumeration lists null among its values, or null would break `enum`.
        if let allowedValues {
            object["enum"] = .array(allowedValues.map(JSONValue.string) + (types.contains("null") ? [.null] : []))
        }
        if let minimum { object["minimum"] = .number(Double(minimum)) }
        if let maximum { object["maximum"] = .number(Double(maximum)) }
        if let minLength { object["minLength"] = .number(Double(minLength)) }
        if let maxLength { object["maxLength"] = .number(Double(maxLength)) }
        if let pattern { object["pattern"] = .string(pattern) }
        if let format { object["format"] = .string(format) }
        return .object(object)
    }
}

/// A body type of the API that is a component of the OpenAPI document (`components/schemas`): an
/// answer's schema comes from its fields (``APIObject``), a request's from the fields it is read
/// through (``APIRequestBody``). `OpenAPIResponsesTests` checks the service's answers against the
/// served document.
protocol OpenAPISchema {
    /// The component's name in the document (`Link`).
    static var schemaName: String { get }
    /// The schema of the type's JSON.
    static var schema: JSONSchema { get }
}
