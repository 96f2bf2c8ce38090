import Foundation
@_spi(SwitchyardService) import Switchyard
import Testing

@Suite struct JSONValueCodableTests {
    @Test func decodesAndEncodesWithFoundation() throws {
        let text = #"{"a":[1,2.5,"s",true,null,{"b":{}}],"c":-3}"#
        let decoded = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(decoded == (try JSONValue.parse(text)))
        #expect(decoded["a"]?[3] == .bool(true))  // not confused with the number 1

        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let encoded = try encoder.encode(decoded)
        #expect(try JSONValue.parse(bytes: encoded) == decoded)
    }

    @Test func worksAsACodableProperty() throws {
        struct Link: Codable, Equatable {
            var code: String
            var metadata: JSONValue
        }
        let link = Link(code: "abc", metadata: ["coupon": "SPRING", "uses": 1, "tags": ["x"]])
        let data = try JSONEncoder().encode(link)
        #expect(try JSONDecoder().decode(Link.self, from: data) == link)
    }
}
