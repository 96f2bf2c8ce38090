import Foundation
@_spi(SwitchyardService) import Switchyard
import Testing

@Suite struct JSONValueParsingTests {
    struct Valid: Sendable, CustomTestStringConvertible {
        let text: String
        let value: JSONValue
        var testDescription: String { text }
    }

    static let valid: [Valid] = [
        Valid(text: "null", value: .null),
        Valid(text: "true", value: true),
        Valid(text: " \t\r\n false \n", value: false),
        Valid(text: "0", value: 0),
        Valid(text: "-0", value: .number(-0.0)),
        Valid(text: "42", value: 42),
        Valid(text: "-17", value: -17),
        Valid(text: "3.25", value: 3.25),
        Valid(text: "1e3", value: 1000),
        Valid(text: "1E+3", value: 1000),
        Valid(text: "25e-1", value: 2.5),
        Valid(text: "0.1", value: 0.1),
        Valid(text: "9007199254740993", value: .number(9_007_199_254_740_992)),  // rounds to nearest
        Valid(text: "123456789012345678901234567890", value: .number(1.2345678901234568e29)),
        Valid(text: "1e-400", value: 0),  // underflow is fine, overflow is not
        Valid(text: "1.7976931348623157e308", value: .number(.greatestFiniteMagnitude)),
        Valid(text: #""""#, value: ""),
        Valid(text: #""plain""#, value: "plain"),
        Valid(text: #""\"\\\/\b\f\n\r\t""#, value: "\"\\/\u{8}\u{C}\n\r\t"),
        Valid(text: #""\u0041\u00e9\u20AC""#, value: "Aé€"),
        Valid(text: #""\u0000""#, value: "\u{0}"),
        Valid(text: #""\uD83D\uDE00 \ud834\udd1e""#, value: "😀 𝄞"),
        Valid(text: #""héllo 😀 日本""#, value: "héllo 😀 日本"),
        Valid(text: "\u{FEFF}[1]", value: [1]),  // a UTF-8 byte order mark is skipped
        Valid(text: "[]", value: []),
        Valid(text: "[ ]", value: []),
        Valid(text: "{}", value: [:]),
        Valid(text: #"[1, "a", true, null, [], {}]"#, value: [1, "a", true, .null, [], [:]]),
        Valid(text: #"{"a": {"b": [1, {"c": null}]}}"#, value: ["a": ["b": [1, ["c": .null]]]]),
        Valid(text: #"{"": 1, "A": 2, "a": 3}"#, value: ["": 1, "A": 2, "a": 3]),
    ]

    @Test(arguments: valid)
    func parsesValidDocument(_ row: Valid) throws {
        #expect(try JSONValue.parse(row.text) == row.value)
        #expect(try JSONValue.parse(bytes: Array(row.text.utf8)) == row.value)
    }

    struct Invalid: Sendable, CustomTestStringConvertible {
        let text: String
        let message: String
        let code: String
        var testDescription: String { text }
    }

    static let invalid: [Invalid] = [
        Invalid(
            text: "", message: "unexpected end of input, expected a value at line 1, column 1",
            code: "unexpected_end_of_input"),
        Invalid(
            text: "   ", message: "unexpected end of input, expected a value at line 1, column 4",
            code: "unexpected_end_of_input"),
        Invalid(
            text: "[1 2]", message: "expected ',' or ']' after array element at line 1, column 4",
            code: "unexpected_character"),
        Invalid(text: "[1,]", message: "expected a value at line 1, column 4", code: "unexpected_character"),
        Invalid(
            text: "[1", message: "unexpected end of input, expected ',' or ']' after array element at line 1, column 3",
            code: "unexpected_end_of_input"),
        Invalid(
            text: "{\n  \"a\": 1,\n  \"b\": 2\n  \"c\": 3\n}",
            message: "expected ',' or '}' after object member at line 4, column 3", code: "unexpected_character"),
        Invalid(
            text: #"{"a": 1,}"#, message: "expected a string key after ',' at line 1, column 9",
            code: "unexpected_character"),
        Invalid(
            text: "{a: 1}", message: "expected a string key or '}' at line 1, column 2",
            code: "unexpected_character"),
        Invalid(
            text: #"{"a" 1}"#, message: "expected ':' after object key at line 1, column 6",
            code: "unexpected_character"),
        Invalid(
            text: #"{"a": 1, "a": 2}"#, message: "duplicate key 'a' in object at line 1, column 10",
            code: "duplicate_key"),
        Invalid(
            text: "[1] [2]", message: "unexpected text after the JSON value at line 1, column 5",
            code: "trailing_characters"),
        Invalid(text: "nul", message: "invalid literal, expected 'null' at line 1, column 1", code: "invalid_literal"),
        Invalid(text: "[True]", message: "expected a value at line 1, column 2", code: "unexpected_character"),
        Invalid(
            text: "[tru]", message: "invalid literal, expected 'true' at line 1, column 2", code: "invalid_literal"),
        Invalid(text: "'a'", message: "expected a value at line 1, column 1", code: "unexpected_character"),
        Invalid(
            text: "01", message: "invalid number: leading zeros are not allowed at line 1, column 1",
            code: "invalid_number"),
        Invalid(
            text: "-", message: "invalid number: expected a digit after '-' at line 1, column 2",
            code: "invalid_number"),
        Invalid(text: "+1", message: "expected a value at line 1, column 1", code: "unexpected_character"),
        Invalid(
            text: "1.", message: "invalid number: expected a digit after the decimal point at line 1, column 3",
            code: "invalid_number"),
        Invalid(text: ".5", message: "expected a value at line 1, column 1", code: "unexpected_character"),
        Invalid(
            text: "1e+", message: "invalid number: expected a digit in the exponent at line 1, column 4",
            code: "invalid_number"),
        Invalid(
            text: "[1e400]", message: "number is too large to represent at line 1, column 2",
            code: "number_out_of_range"),
        Invalid(text: "NaN", message: "expected a value at line 1, column 1", code: "unexpected_character"),
        Invalid(text: #"["abc"#, message: "unterminated string at line 1, column 2", code: "unterminated_string"),
        Invalid(
            text: "[\"a\nb\"]", message: "unescaped control character U+000A in string at line 1, column 4",
            code: "control_character_in_string"),
        Invalid(
            text: "\"\t\"", message: "unescaped control character U+0009 in string at line 1, column 2",
            code: "control_character_in_string"),
        Invalid(
            text: #""\x""#, message: #"invalid escape sequence '\x' in string at line 1, column 2"#,
            code: "invalid_escape"),
        Invalid(
            text: #""\u12G4""#, message: #"invalid \u escape: expected four hexadecimal digits at line 1, column 2"#,
            code: "invalid_unicode_escape"),
        Invalid(
            text: #""\uD83D""#, message: #"unpaired surrogate \uD83D in string at line 1, column 2"#,
            code: "lone_surrogate"),
        Invalid(
            text: #""\uD83Dx""#, message: #"unpaired surrogate \uD83D in string at line 1, column 2"#,
            code: "lone_surrogate"),
        Invalid(
            text: #""\uD83D\u0041""#, message: #"unpaired surrogate \uD83D in string at line 1, column 2"#,
            code: "lone_surrogate"),
        Invalid(
            text: #""ab\uDE00""#, message: #"unpaired surrogate \uDE00 in string at line 1, column 4"#,
            code: "lone_surrogate"),
        Invalid(
            text: "{\"é\": 1,\n \"日本\": 2 3}",
            message: "expected ',' or '}' after object member at line 2, column 10", code: "unexpected_character"),
    ]

    @Test(arguments: invalid)
    func rejectsInvalidDocumentWithExactMessage(_ row: Invalid) {
        #expect {
            try JSONValue.parse(row.text)
        } throws: { error in
            let error = try #require(error as? JSONParseError)
            return error.description == row.message && error.code.rawValue == row.code
        }
        let error = #expect(throws: JSONParseError.self) { try JSONValue.parse(row.text) }
        #expect(error?.description == row.message)
        #expect(error?.code.rawValue == row.code)
    }

    static let invalidBytes: [(bytes: [UInt8], message: String)] = [
        ([0x22, 0xFF, 0x22], "invalid UTF-8 byte 0xFF at line 1, column 2"),
        ([0x22, 0xC0, 0xAF, 0x22], "invalid UTF-8 byte 0xC0 at line 1, column 2"),  // overlong '/'
        ([0x22, 0xE0, 0x80, 0x80, 0x22], "invalid UTF-8 byte 0x80 at line 1, column 3"),  // overlong
        ([0x22, 0xED, 0xA0, 0x80, 0x22], "invalid UTF-8 byte 0xA0 at line 1, column 3"),  // encoded surrogate
        ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "invalid UTF-8 byte 0x90 at line 1, column 3"),  // > U+10FFFF
        ([0x22, 0xC3, 0x22], "invalid UTF-8 byte 0x22 at line 1, column 3"),  // truncated
        ([0x22, 0xE6, 0x97], "invalid UTF-8 byte 0xE6 at line 1, column 2"),  // truncated at the end
        ([0x5B, 0xFF, 0x5D], "expected a value at line 1, column 2"),
    ]

    @Test(arguments: invalidBytes)
    func rejectsInvalidUTF8(_ bytes: [UInt8], _ message: String) {
        let error = #expect(throws: JSONParseError.self) { try JSONValue.parse(bytes: bytes) }
        #expect(error?.description == message)
    }

    @Test func errorCarriesOffsetLineAndColumnAndMatchesAsPattern() throws {
        let error = #expect(throws: JSONParseError.self) { try JSONValue.parse("[\n  1,\n  x]") }
        #expect(error?.line == 3)
        #expect(error?.column == 3)
        #expect(error?.offset == 9)
        #expect(error?.message == "expected a value")
        let matched: Bool =
            switch error {
            case JSONParseError.unexpectedCharacter?: true
            default: false
            }
        #expect(matched)
        #expect(!(JSONParseError.duplicateKey ~= (error as (any Error)?)!))
    }

    @Test func nestingAtTheLimitParsesAndBeyondItFails() throws {
        let limit = JSONValue.maximumDepth
        let atLimit = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        var value = try JSONValue.parse(atLimit)
        var depth = 0
        while case .array(let elements) = value, let first = elements.first {
            value = first
            depth += 1
        }
        #expect(depth == limit - 1)  // the innermost array is empty

        let tooDeep = String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
        let error = #expect(throws: JSONParseError.self) { try JSONValue.parse(tooDeep) }
        #expect(error?.description == "arrays and objects nested deeper than 512 levels at line 1, column 513")
        #expect(error?.code == .nestingTooDeep)
    }

    @Test func tenThousandOpeningBracketsAreAnErrorNotACrash() {
        for opener in ["[", #"{"a":"#] {
            let error = #expect(throws: JSONParseError.self) {
                try JSONValue.parse(String(repeating: opener, count: 10_000))
            }
            #expect(error?.code == .nestingTooDeep)
        }
    }

    @Test func bigDocumentParses() throws {
        let count = 100_000
        let text =
            "[" + (0..<count).map { #"{"id":\#($0),"name":"item \#($0)","ok":true}"# }.joined(separator: ",") + "]"
        let value = try JSONValue.parse(text)
        let elements = try #require(value.arrayValue)
        #expect(elements.count == count)
        #expect(elements[count - 1]["id"]?.intValue == count - 1)
        #expect(elements[12_345]["name"]?.stringValue == "item 12345")

        let longString = String(repeating: "ab\\n", count: 300_000)
        #expect(try JSONValue.parse("\"\(longString)\"").stringValue?.count == 900_000)
    }

    @Test func parsesFromNonContiguousBytes() throws {
        let bytes = #"{"k": [1, 2]}"#.utf8.lazy.map { $0 }
        #expect(try JSONValue.parse(bytes: bytes) == ["k": [1, 2]])
    }
}

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

/// JSON values from the shared deterministic generator, so failures reproduce.
extension SplitMixGenerator {

    mutating func string() -> String {
        let alphabet: [Unicode.Scalar] = [
            "a", "Z", "0", " ", "\"", "\\", "/", "\u{0}", "\u{1F}", "\n", "\t",
            "é", "€", "😀", "\u{FFFF}", "\u{10FFFF}", "\u{D7FF}", "\u{E000}",
        ]
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...8, using: &self) {
            scalars.append(alphabet.randomElement(using: &self)!)
        }
        return String(scalars)
    }

    mutating func jsonValue(depth: Int) -> JSONValue {
        switch Int.random(in: 0..<(depth > 0 ? 7 : 5), using: &self) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &self))
        case 2:
            return Bool.random(using: &self)
                ? .number(Double(Int.random(in: -1_000_000...1_000_000, using: &self)))
                : .number(Double.random(in: -1e6...1e6, using: &self))
        case 3: return .number(Double(Int64.random(in: -(1 << 53)...(1 << 53), using: &self)))
        case 4: return .string(string())
        case 5: return .array((0..<Int.random(in: 0...4, using: &self)).map { _ in jsonValue(depth: depth - 1) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0...4, using: &self) { members[string()] = jsonValue(depth: depth - 1) }
            return .object(members)
        }
    }
}
