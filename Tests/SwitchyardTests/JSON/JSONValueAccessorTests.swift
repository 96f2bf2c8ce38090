import Foundation
@_spi(SwitchyardService) import Switchyard
import Testing

@Suite struct JSONValueAccessorTests {
    @Test func accessorsReturnOnlyTheirOwnType() {
        let value: JSONValue = ["s": "x", "b": true, "n": 2.5, "i": 3, "a": [1], "o": ["k": .null], "z": .null]
        #expect(value["s"]?.stringValue == "x")
        #expect(value["s"]?.boolValue == nil)
        #expect(value["b"]?.boolValue == true)
        #expect(value["n"]?.doubleValue == 2.5)
        #expect(value["n"]?.intValue == nil)
        #expect(value["i"]?.intValue == 3)
        #expect(value["a"]?.arrayValue == [1])
        #expect(value["a"]?[0] == 1)
        #expect(value["a"]?[1] == nil)
        #expect(value["o"]?.objectValue == ["k": .null])
        #expect(value["z"]?.isNull == true)
        #expect(value["missing"] == nil)
        #expect(value[0] == nil)
        #expect(JSONValue.string("x")["s"] == nil)
        #expect(JSONValue.number(1e300).intValue == nil)
        #expect(JSONValue.number(-7).intValue == -7)
        #expect(value.typeName == "object")
        #expect(JSONValue.bool(false).typeName == "boolean")
    }
}
