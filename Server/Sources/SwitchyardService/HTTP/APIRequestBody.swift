import Switchyard

/// A JSON request body of the API, declared once: its ``requestFields`` list each member's name,
/// schema, how it is read (with the API's messages) and what is checked of it, and from that one
/// list come `init(from:)`, the body's JSON Schema in the OpenAPI document and, for an
/// `Encodable` body, the JSON a client sends.
///
/// ```swift
/// struct RedeemRequest: APIRequestBody {
///     var install = ""
///     static let requestFields: [BodyField<Self>] = [
///         BodyField("install", \.install, .string(minLength: 8, maxLength: 128), required: true,
///                   read: { members, key in try members.requiredString(key) },
///                   check: { install throws(Problem) in try RedeemRequest.check(install) }),
///     ]
/// }
/// ```
///
/// Reading opens the object, refuses a member no field names (``unknownField(_:in:)``), then reads
/// the fields in declaration order; each field's check runs right after it is read, or, for a body
/// that code builds too (``checksWhenRead`` false), in ``validate()``, in the order of
/// ``checkedFields``. The schema lists the fields' schemas, the required ones in declaration order,
/// and forbids other members.
protocol APIRequestBody: Decodable, Sendable {
    /// An empty body, which reading fills field by field.
    init()
    /// The body's members, in the order they are read and checked.
    static var requestFields: [BodyField<Self>] { get }
    /// The fields in the order ``validate()`` checks them: ``requestFields`` unless the body
    /// answers the first of two bad fields in an order of its own.
    static var checkedFields: [BodyField<Self>] { get }
    /// Whether each field's check runs as it is read; `true` unless the body's owner calls
    /// ``validate()`` itself.
    static var checksWhenRead: Bool { get }
    /// What the schema says of the whole body.
    static var bodyDescription: String? { get }
    /// The error for a member that no field names: `unknown field 'fallbacks.desktop'`.
    static func unknownField(_ key: String, in members: BodyFields) -> Problem
    /// The error for a JSON value at `path` that is not an object: `'fallbacks' must be an object, got array`.
    static func notAnObject(_ value: JSONValue, at path: String) -> Problem
    /// The checks that need every field, run once all are read; none by default.
    func checkFields() throws(Problem)
}

extension APIRequestBody {
    static var checksWhenRead: Bool { true }
    static var checkedFields: [BodyField<Self>] { requestFields }
    static var bodyDescription: String? { nil }

    static func unknownField(_ key: String, in members: BodyFields) -> Problem {
        .malformed("unknown field \(members.name(BodyFields.FieldKey(key)))")
    }

    static func notAnObject(_ value: JSONValue, at path: String) -> Problem {
        BodyFields.notAnObject(value, at: path)
    }

    func checkFields() throws(Problem) {}

    /// Reads the body through ``requestFields``.
    init(from decoder: any Decoder) throws {
        try self.init(members: try BodyFields(decoder, notAnObject: Self.notAnObject))
    }

    /// Reads the body from the value the request's one parse made (``APIRequestDecoder``), at
    /// `path` (empty at the top).
    init(parsed value: JSONValue, path: String) throws {
        try self.init(members: try BodyFields(value, path: path, notAnObject: Self.notAnObject))
    }

    /// Reads the body's members through ``requestFields``.
    private init(members: BodyFields) throws {
        let known = Set(Self.requestFields.map(\.name))
        if let key = members.keys.filter({ !known.contains($0) }).sorted().first {
            throw Self.unknownField(key, in: members)
        }
        self.init()
        for field in Self.requestFields {
            try field.read(members, &self)
            if Self.checksWhenRead { try field.check(self) }
        }
        try checkFields()
    }

    /// Runs each field's check in the order of ``checkedFields``: the checks that JSON types do
    /// not make (lengths, ranges, formats), for a body read from JSON and one built in code alike.
    func validate() throws(Problem) {
        for field in Self.checkedFields { try field.check(self) }
    }

    /// The body's schema, built from ``requestFields``.
    static var requestSchema: JSONSchema {
        .object(Dictionary(uniqueKeysWithValues: requestFields.map { ($0.name, $0.schema) }),
                required: requestFields.filter(\.isRequired).map(\.name), additionalProperties: .forbidden, description: bodyDescription)
    }
}

extension APIRequestBody where Self: Encodable {
    /// Writes each of ``requestFields`` that has a value, as a client sends the body.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: BodyFields.FieldKey.self)
        for field in Self.requestFields { try field.write(self, &container) }
    }
}

extension APIRequestBody where Self: OpenAPISchema {
    static var schema: JSONSchema { requestSchema }
}

/// One member of an ``APIRequestBody``: its name and schema, how it is read into the body's
/// property and written back, and what is checked of the value.
struct BodyField<Body>: Sendable {
    /// The member's name in the JSON.
    let name: String
    /// Its schema.
    let schema: JSONSchema
    /// Whether the schema lists it as required.
    let isRequired: Bool
    /// Reads the member into the body.
    let read: @Sendable (BodyFields, inout Body) throws -> Void
    /// Writes the member of the body (left out when its property is nil).
    let write: @Sendable (Body, inout KeyedEncodingContainer<BodyFields.FieldKey>) throws -> Void
    /// Checks the value the body holds.
    let check: @Sendable (Body) throws(Problem) -> Void
    /// Whether only a team's key may set it: the app key's bodies are refused when they do
    /// (``isSet``).
    let adminOnly: Bool
    /// Whether the body sets it (an optional member that is not nil).
    let isSet: @Sendable (Body) -> Bool

    /// A member read by `read` (given the members and the member's key) into `property`, then
    /// checked by `check`.
    init<Value: Encodable & Sendable>(_ name: String, _ property: any WritableKeyPath<Body, Value> & Sendable, _ schema: JSONSchema,
                           required: Bool = false, adminOnly: Bool = false,
                           read: @escaping @Sendable (BodyFields, BodyFields.FieldKey) throws -> Value,
                           check: (@Sendable (Value) throws(Problem) -> Void)? = nil) {
        let key = BodyFields.FieldKey(name)
        self.init(name, property, schema, required: required, adminOnly: adminOnly, isSet: { _ in true }, read: read,
                  check: check) { body, container in
            try container.encode(body[keyPath: property], forKey: key)
        }
    }

    /// A member that may have no value: read by `read` into `property`, checked by `check`, left
    /// out when nil.
    init<Value: Encodable & Sendable>(_ name: String, _ property: any WritableKeyPath<Body, Value?> & Sendable, _ schema: JSONSchema,
                           required: Bool = false, adminOnly: Bool = false,
                           read: @escaping @Sendable (BodyFields, BodyFields.FieldKey) throws -> Value?,
                           check: (@Sendable (Value?) throws(Problem) -> Void)? = nil) {
        let key = BodyFields.FieldKey(name)
        self.init(name, property, schema, required: required, adminOnly: adminOnly, isSet: { $0[keyPath: property] != nil },
                  read: read, check: check) { body, container in
            try container.encodeIfPresent(body[keyPath: property], forKey: key)
        }
    }

    private init<Value>(_ name: String, _ property: any WritableKeyPath<Body, Value> & Sendable, _ schema: JSONSchema,
                        required: Bool, adminOnly: Bool, isSet: @escaping @Sendable (Body) -> Bool,
                        read: @escaping @Sendable (BodyFields, BodyFields.FieldKey) throws -> Value,
                        check: (@Sendable (Value) throws(Problem) -> Void)?,
                        write: @escaping @Sendable (Body, inout KeyedEncodingContainer<BodyFields.FieldKey>) throws -> Void) {
        self.name = name
        self.schema = schema
        isRequired = required
        self.adminOnly = adminOnly
        self.isSet = isSet
        let key = BodyFields.FieldKey(name)
        self.read = { members, body in body[keyPath: property] = try read(members, key) }
        self.write = write
        if let check {
            self.check = { body throws(Problem) in try check(body[keyPath: property]) }
        } else {
            self.check = { _ throws(Problem) in }
        }
    }

    /// A string; nil when absent or null (`'label' must be a string, got number`), at most
    /// `maxLength` UTF-8 bytes when given (`'label' is longer than 256 bytes`, named `checkedAs`).
    static func string(_ name: String, _ property: any WritableKeyPath<Body, String?> & Sendable, _ schema: JSONSchema,
                       maxLength: Int? = nil, checkedAs checkName: String? = nil, adminOnly: Bool = false) -> Self {
        let shown = checkName ?? name
        var check: (@Sendable (String?) throws(Problem) -> Void)?
        if let maxLength {
            check = { text throws(Problem) in try BodyFields.check(text, shown, maxLength: maxLength) }
        }
        return BodyField(name, property, schema, adminOnly: adminOnly, read: { members, key in try members.string(key) }, check: check)
    }

    /// A string that must be present and not empty: `'url' is required`.
    static func requiredString(_ name: String, _ property: any WritableKeyPath<Body, String> & Sendable, _ schema: JSONSchema,
                               check: (@Sendable (String) throws(Problem) -> Void)? = nil) -> Self {
        BodyField(name, property, schema, required: true, read: { members, key in try members.requiredString(key) }, check: check)
    }

    /// A nested body, which reads its own members; nil when absent or null. Its checks are
    /// `Value`'s own, run with this body's.
    static func nested<Value: APIRequestBody & Encodable>(_ name: String, _ property: any WritableKeyPath<Body, Value?> & Sendable,
                                              _ schema: JSONSchema, adminOnly: Bool = false) -> Self {
        BodyField(name, property, schema, adminOnly: adminOnly, read: { members, key in try members.decodeIfPresent(Value.self, key) },
                  check: { value throws(Problem) in try value?.validate() })
    }
}
