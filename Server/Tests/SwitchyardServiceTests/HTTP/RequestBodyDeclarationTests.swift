import Foundation
@_spi(SwitchyardService) import Switchyard
@testable import SwitchyardService
import Testing

/// A body declared once (``APIRequestBody``) reads itself with the messages of its fields, runs
/// their checks, writes itself as a client sends it, and gives the schema its fields describe.
@Suite struct RequestBodyDeclarationTests {
    /// A body of every kind of field: a required string with a check, an optional string with a
    /// length, an integer in a range with its own message, and a nested body.
    struct Order: APIRequestBody, Encodable, Equatable {
        var item = ""
        var note: String?
        var count: Int?
        var size: Size?

        static let requestFields: [BodyField<Self>] = [
            .requiredString("item", \.item, .string("What is ordered.", maxLength: 8), check: { item throws(Problem) in
                guard item != "nothing" else { throw Problem.invalid("invalid-item", "Invalid item", "'item' cannot be nothing") }
            }),
            .string("note", \.note, JSONSchema.string(maxLength: 4).nullable(), maxLength: 4),
            BodyField("count", \.count, JSONSchema.integer(minimum: 1, maximum: 9).nullable(),
                      read: { members, key in try members.integer(key, in: 1...9) }),
            .nested("size", \.size, Size.requestSchema.nullable()),
        ]
    }

    /// A body whose checks wait for ``APIRequestBody/validate()`` when it is read alone.
    struct Size: APIRequestBody, Encodable, Equatable {
        var width: String?

        static let requestFields: [BodyField<Self>] = [
            .string("width", \.width, .string(), maxLength: 3, checkedAs: "size.width"),
        ]

        static var checksWhenRead: Bool { false }
    }

    static func decode<Body: APIRequestBody>(_ json: String, as type: Body.Type = Order.self) throws -> Body {
        try JSONDecoder().decode(Body.self, from: Data(json.utf8))
    }

    /// The problem that reading `json` throws.
    static func problem<Body: APIRequestBody>(_ json: String, as type: Body.Type = Order.self) -> Problem? {
        do {
            _ = try decode(json, as: type)
            return nil
        } catch {
            return error as? Problem
        }
    }

    @Test func aBodyIsReadFieldByField() throws {
        let order = try Self.decode(#"{"item": "tea", "note": null, "count": 2, "size": {"width": "big"}}"#)
        #expect(order == Order(item: "tea", note: nil, count: 2, size: Size(width: "big")))
        #expect(try Self.decode(#"{"item": "tea"}"#) == Order(item: "tea"))
    }

    @Test func anEncodableBodyWritesItsFieldsAndLeavesNilOut() throws {
        let order = Order(item: "tea", count: 2, size: Size())
        #expect(String(decoding: try APIResponseEncoder.data(order), as: UTF8.self) == #"{"count":2,"item":"tea","size":{}}"#)
        #expect(try JSONDecoder().decode(Order.self, from: APIResponseEncoder.data(order)) == order)
    }

    @Test(arguments: [
        (#"{"item": "tea", "colour": 1, "brand": 2}"#, "malformed-body", "unknown field 'brand'"),
        (#"{"item": "tea", "size": {"depth": 1}}"#, "malformed-body", "unknown field 'size.depth'"),
        (#"{"note": "hi"}"#, "malformed-body", "'item' is required"),
        (#"{"item": 3}"#, "malformed-body", "'item' must be a string, got number"),
        (#"{"item": "nothing", "note": 5}"#, "invalid-item", "'item' cannot be nothing"),
        (#"{"item": "tea", "note": "too long"}"#, "malformed-body", "'note' is longer than 4 bytes"),
        (#"{"item": "tea", "count": 10}"#, "malformed-body", "'count' must be an integer from 1 to 9"),
        (#"{"item": "tea", "size": []}"#, "malformed-body", "'size' must be an object, got array"),
        (#"{"item": "tea", "size": {"width": 3}}"#, "malformed-body", "'size.width' must be a string, got number"),
        // A nested body's checks run with its holder's, here as the order is read.
        (#"{"item": "tea", "size": {"width": "wider"}}"#, "malformed-body", "'size.width' is longer than 3 bytes"),
    ])
    func eachFieldSaysWhatIsWrong(json: String, kind: String, detail: String) throws {
        let problem = try #require(Self.problem(json))
        #expect(problem.kind == kind)
        #expect(problem.detail == detail)
        #expect(problem.status.code == 400)
    }

    /// The problem `body` throws.
    static func thrown(_ body: () throws(Problem) -> Void) -> Problem? {
        do throws(Problem) {
            try body()
            return nil
        } catch {
            return error
        }
    }

    @Test func checksThatWaitRunInValidate() throws {
        let size = try Self.decode(#"{"width": "wider"}"#, as: Size.self)
        #expect(size.width == "wider")
        #expect(Self.thrown { () throws(Problem) in try size.validate() }?.detail == "'size.width' is longer than 3 bytes")
        var built = Order(item: "nothing")
        #expect(Self.thrown { () throws(Problem) in try built.validate() }?.kind == "invalid-item")
        built.item = "tea"
        #expect(Self.thrown { () throws(Problem) in try built.validate() } == nil)
    }

    /// A body may check its fields in an order of its own: the same fields, each once.
    @Test func aCreateChecksTheInstallBeforeTheLabel() throws {
        let read = CreateLinkRequest.requestFields.map(\.name), checked = CreateLinkRequest.checkedFields.map(\.name)
        #expect(checked.sorted() == read.sorted())
        #expect(read.firstIndex(of: "label")! < read.firstIndex(of: "install")!)
        #expect(checked.firstIndex(of: "install")! < checked.firstIndex(of: "label")!)
        let body = try Self.decode(#"{"route": "about/team", "install": "x", "label": "\#(String(repeating: "l", count: 300))"}"#,
                                   as: CreateLinkRequest.self)
        #expect(Self.thrown { () throws(Problem) in try body.validate() }?.detail
            == "'install' must be 8 to 128 letters, digits, '-', '_' or '.', got 'x'")
        #expect(Order.checkedFields.map(\.name) == Order.requestFields.map(\.name))
    }

    /// An attest body built in code with a key id that is not base64 is refused by name, not read
    /// as an empty key id.
    @Test func anAttestBodyNamesABadKeyID() throws {
        var body = AttestRequest()
        body.keyIDText = "not base64!"
        #expect(Self.thrown { () throws(Problem) in _ = try body.keyID() }?.detail == "'keyId' must be standard base64")
        body.keyIDText = Data(repeating: 7, count: 32).base64EncodedString()
        #expect(try body.keyID() == Array(repeating: 7, count: 32))
    }

    @Test func theSchemaComesFromTheFields() throws {
        let schema = Order.requestSchema
        #expect(schema.types == ["object"])
        #expect(schema.required == ["item"])
        #expect(schema.additionalProperties == .forbidden)
        #expect(Set(schema.properties.keys) == ["item", "note", "count", "size"])
        #expect(schema.properties["item"] == .string("What is ordered.", maxLength: 8))
        #expect(schema.properties["count"] == JSONSchema.integer(minimum: 1, maximum: 9).nullable())
        #expect(schema.properties["size"] == JSONSchema.object(["width": .string()], additionalProperties: .forbidden).nullable())
        #expect(schema.json["additionalProperties"] == false)
        #expect(schema.json["required"] == ["item"])
    }

    /// A body's own messages for members it does not know and for a value that is not an object
    /// (Firebase's, here).
    @Test func aBodyMayWordItsOwnRefusals() throws {
        let unknown = try #require(Self.problem(#"{"longDynamicLink": "https://x.page.link/?link=https://a.example/", "extra": 1}"#,
                                                as: FirebaseShortLinkRequest.self))
        #expect(unknown.detail == #"Invalid JSON payload received. Unknown name "extra": Cannot find field."#)
        let suffix = try #require(Self.problem(#"{"longDynamicLink": "https://x.page.link/", "suffix": "SHORT"}"#,
                                               as: FirebaseShortLinkRequest.self))
        #expect(suffix.detail == #"'suffix' must be an object such as {"option": "SHORT"}."#)
    }
}
