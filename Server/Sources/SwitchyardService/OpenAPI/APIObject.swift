import Switchyard

/// An object of the API's JSON answers, declared once: its ``fields`` list each member's name,
/// the property it is read from and what a missing value becomes, and from that one list come
/// both `encode(to:)` and the object's JSON Schema in the OpenAPI document.
///
/// ```swift
/// extension LinkResponse: APIObject, OpenAPISchema {
///     static let schemaName = "Link"
///     static let fields: [APIField<Self>] = [
///         APIField("code", \.code),                                  // String: a required string
///         APIField("routeName", \.routeName),                        // String?: required, null when nil
///         APIField("redeemCount", \.redeemCount, minimum: 0),        // refined
///         APIField("createdAt", \.createdAt, format: "date-time"),
///         APIField("clicks", \.clicks, whenAbsent: .omitted),        // left out when nil; a $ref to Clicks
///     ]
/// }
/// ```
///
/// A field's schema follows from its Swift type (``APIValue``), refined by the field's
/// description, format, enumeration and bounds. A member that is always written is required; a
/// `nil` written as `null` makes the schema nullable; one left out is neither. An object that is
/// also a component (``OpenAPISchema``) is a `$ref` where another object holds it, otherwise it
/// is written inline.
protocol APIObject: APIValue {
    /// The object's members.
    static var fields: [APIField<Self>] { get }
}

extension APIObject {
    /// Writes each of ``fields``.
    func encode(to encoder: any Encoder) throws {
        try encodeFields(to: encoder)
    }

    /// Writes each of ``fields``: for a public type, whose `encode(to:)` must be public too.
    func encodeFields(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: BodyFields.FieldKey.self)
        for field in Self.fields { try field.write(self, &container) }
    }

    /// The object's schema, built from ``fields``.
    static var objectSchema: JSONSchema {
        .object(Dictionary(uniqueKeysWithValues: fields.map { ($0.name, $0.schema) }),
                required: fields.filter(\.isRequired).map(\.name))
    }

    static var valueSchema: JSONSchema { objectSchema }
}

extension APIObject where Self: OpenAPISchema {
    /// A reference to the component.
    static var valueSchema: JSONSchema { .ref(Self.self) }

    static var schema: JSONSchema { objectSchema }
}

/// One member of an ``APIObject``: its name, schema, and how it is written.
struct APIField<Object>: Sendable {
    /// What a field does when its value is `nil`.
    enum Absence: Sendable {
        /// Writes `null`: the member is always there, and its schema allows `null`.
        case null
        /// Leaves the member out: it is not required, and never `null`.
        case omitted
    }

    /// The member's name in the JSON.
    let name: String
    /// Its schema.
    let schema: JSONSchema
    /// Whether every object has the member.
    let isRequired: Bool
    /// Writes the member of `object`.
    let write: @Sendable (Object, inout KeyedEncodingContainer<BodyFields.FieldKey>) throws -> Void

    /// A member that always has a value; the schema its type gives, refined.
    init<Value: APIValue>(_ name: String, _ value: any KeyPath<Object, Value> & Sendable, _ description: String? = nil,
                          format: String? = nil, oneOf values: [String]? = nil, minimum: Int? = nil, maximum: Int? = nil,
                          pattern: String? = nil) {
        self.name = name
        schema = Value.valueSchema.refined(description, format: format, oneOf: values, minimum: minimum, maximum: maximum,
                                           pattern: pattern)
        isRequired = true
        let key = BodyFields.FieldKey(name)
        write = { object, container in try container.encode(object[keyPath: value], forKey: key) }
    }

    /// A member that may have no value: written as `null` (the default) or left out.
    init<Value: APIValue>(_ name: String, _ value: any KeyPath<Object, Value?> & Sendable, _ description: String? = nil,
                          whenAbsent absence: Absence = .null, format: String? = nil, oneOf values: [String]? = nil,
                          minimum: Int? = nil, maximum: Int? = nil, pattern: String? = nil) {
        self.name = name
        let schema = Value.valueSchema.refined(description, format: format, oneOf: values, minimum: minimum, maximum: maximum,
                                               pattern: pattern)
        self.schema = absence == .null ? schema.nullable() : schema
        isRequired = absence == .null
        let key = BodyFields.FieldKey(name)
        write = switch absence {
        case .null: { object, container in try container.encode(object[keyPath: value], forKey: key) }
        case .omitted: { object, container in try container.encodeIfPresent(object[keyPath: value], forKey: key) }
        }
    }

    private init(name: String, schema: JSONSchema, isRequired: Bool,
                 write: @escaping @Sendable (Object, inout KeyedEncodingContainer<BodyFields.FieldKey>) throws -> Void) {
        self.name = name
        self.schema = schema
        self.isRequired = isRequired
        self.write = write
    }

    /// The same member, written in an object that holds this one's at `path`: its fields are
    /// written beside the outer object's own (`DayFigures` is a day and a `Figures`, flat).
    func flattened<Outer>(into path: any KeyPath<Outer, Object> & Sendable) -> APIField<Outer> {
        APIField<Outer>(name: name, schema: schema, isRequired: isRequired) { [write] outer, container in
            try write(outer[keyPath: path], &container)
        }
    }
}

/// A value of the API's JSON whose schema follows from its Swift type.
protocol APIValue: Encodable, Sendable {
    /// The value's JSON Schema.
    static var valueSchema: JSONSchema { get }
}

extension String: APIValue {
    static var valueSchema: JSONSchema { .string() }
}

extension Int: APIValue {
    static var valueSchema: JSONSchema { .integer() }
}

extension Bool: APIValue {
    static var valueSchema: JSONSchema { .boolean }
}

extension JSONValue: APIValue {
    static var valueSchema: JSONSchema { .any }
}

extension Array: APIValue where Element: APIValue {
    static var valueSchema: JSONSchema { .array(of: Element.valueSchema) }
}

extension Dictionary: APIValue where Key == String, Value: APIValue {
    /// A map of `Value`s; of any JSON values, an object.
    static var valueSchema: JSONSchema { Value.valueSchema == .any ? .object() : .map(of: Value.valueSchema) }
}

/// A string enumeration: its schema lists its raw values, in declaration order.
protocol APIEnumeration: APIValue, CaseIterable, RawRepresentable where RawValue == String {}

extension APIEnumeration {
    /// A string, one of the raw values.
    static var casesSchema: JSONSchema { .string(oneOf: allCases.map(\.rawValue)) }

    static var valueSchema: JSONSchema { casesSchema }
}

extension JSONSchema {
    /// The same schema with whichever of these are given.
    func refined(_ description: String?, format: String? = nil, oneOf values: [String]? = nil, minimum: Int? = nil,
                 maximum: Int? = nil, pattern: String? = nil) -> JSONSchema {
        var copy = self
        if let description { copy.description = description }
        if let format { copy.format = format }
        if let values { copy.allowedValues = values }
        if let minimum { copy.minimum = minimum }
        if let maximum { copy.maximum = maximum }
        if let pattern { copy.pattern = pattern }
        return copy
    }
}
