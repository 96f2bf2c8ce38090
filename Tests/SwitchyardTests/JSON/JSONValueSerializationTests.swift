import Foundation
@_spi(SwitchyardService) import Switchyard
import SwitchyardTestSupport
import Testing

@Suite struct JSONValueSerializationTests {
    static let cases: [(JSONValue, String)] = [
        (.null, "null"),
        (true, "true"),
        (3, "3"),
        (-3, "-3"),
        (.number(-0.0), "-0"),
        (2.5, "2.5"),
        (0.1, "0.1"),
        (.number(9_007_199_254_740_992), "9007199254740992"),
        (.number(1e20), "1e+20"),
        (.number(1e-7), "1e-07"),
        (.number(.infinity), "null"),
        (.number(.nan), "null"),
        ("a\"b\\c/d", #""a\"b\\c/d""#),
        ("\u{0}\u{1}\u{8}\u{9}\u{A}\u{C}\u{D}\u{1F}\u{7F}", #""\u0000\u0001\b\t\n\f\r\u001f\#u{7F}""#),
        ("é😀", "\"é😀\""),
        ([], "[]"),
        ([:], "{}"),
        (["b": 1, "a": [true, .null], "B": "x"], #"{"B":"x","a":[true,null],"b":1}"#),
    ]

    @Test(arguments: cases)
    func serializesCompactly(_ value: JSONValue, _ text: String) {
        #expect(value.serialized() == text)
    }

    @Test func serializesPretty() {
        let value: JSONValue = ["routes": ["a", ["pattern": "b"]], "empty": [], "none": [:]]
        #expect(
            value.serialized(pretty: true) == """
                {
                  "empty": [],
                  "none": {},
                  "routes": [
                    "a",
                    {
                      "pattern": "b"
                    }
                  ]
                }
                """
        )
    }

    @Test func unsortedKeysStillProduceEveryMember() throws {
        let value: JSONValue = ["x": 1, "y": 2, "z": 3]
        #expect(try JSONValue.parse(value.serialized(sortedKeys: false)) == value)
    }

    @Test func roundTripsGeneratedValues() throws {
        var generator = SplitMixGenerator(seed: 0x5EED)
        for _ in 0..<500 {
            let value = generator.jsonValue(depth: 4)
            for pretty in [false, true] {
                let text = value.serialized(pretty: pretty)
                #expect(try JSONValue.parse(text) == value, "\(text)")
            }
        }
    }

    @Test func roundTripsExtremeNumbers() throws {
        var generator = SplitMixGenerator(seed: 42)
        var numbers: [Double] = [
            .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, .leastNormalMagnitude,
            9_007_199_254_740_994, -9_007_199_254_740_992, 0.1 + 0.2, 1 / 3,
        ]
        for _ in 0..<2_000 {
            let number = Double(bitPattern: generator.next())
            if number.isFinite { numbers.append(number) }
        }
        for number in numbers {
            let text = JSONValue.number(number).serialized()
            #expect(try JSONValue.parse(text) == .number(number), "\(text)")
        }
    }
}
