@_spi(SwitchyardService) import Switchyard
import SwitchyardCommand
import Testing

/// The command line's ordered JSON objects.
@Suite struct JSONObjectWriterTests {
    @Test func writesKeysInInsertionOrder() {
        var error = JSONObjectWriter()
        error["message"] = "host is not configured"
        error["code"] = "unknown_host"
        var line: JSONObjectWriter = ["input": "https://x.test/a", "outcome": "rejected", "route": .null]
        line["queryItems"] = .value([["name": "a", "value": "1"]])
        line["error"] = .object(error)
        #expect(
            line.serialized()
                == #"{"input":"https://x.test/a","outcome":"rejected","route":null,"#
                + #""queryItems":[{"name":"a","value":"1"}],"error":{"message":"host is not configured","#
                + #""code":"unknown_host"}}"#
        )
    }

    @Test func replacingKeepsThePositionAndNilRemoves() {
        var writer: JSONObjectWriter = ["a": 1, "b": 2, "c": 3]
        writer["a"] = 10
        writer["b"] = nil
        writer["d"] = true
        #expect(writer.serialized() == #"{"a":10,"c":3,"d":true}"#)
        #expect(writer["c"] == .value(3))
        #expect(writer.members.map(\.key) == ["a", "c", "d"])
        #expect(writer != ["c": 3, "a": 10, "d": true])
        #expect(writer == ["a": 10, "c": 3, "d": true])
    }

    @Test func prettyOutputMatchesJSONValue() throws {
        var inner = JSONObjectWriter()
        inner["z"] = 1
        inner["a"] = .value(["k": [1, 2]])
        var writer: JSONObjectWriter = ["x": "y"]
        writer["inner"] = .object(inner)
        writer["empty"] = .object(JSONObjectWriter())
        let text = writer.serialized(pretty: true)
        #expect(
            text == """
                {
                  "x": "y",
                  "inner": {
                    "z": 1,
                    "a": {
                      "k": [
                        1,
                        2
                      ]
                    }
                  },
                  "empty": {}
                }
                """
        )
        #expect(try JSONValue.parse(text) == ["x": "y", "inner": ["z": 1, "a": ["k": [1, 2]]], "empty": [:]])
    }
}
