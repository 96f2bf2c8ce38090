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
