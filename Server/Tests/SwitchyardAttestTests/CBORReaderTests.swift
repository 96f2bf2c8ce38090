import SwitchyardAttest
import Testing

@Suite struct CBORReaderTests {
    static let values: [CBORValue] = [
        .unsigned(0), .unsigned(23), .unsigned(24), .unsigned(255), .unsigned(65_536), .unsigned(.max),
        .negative(0), .negative(1_000), .bytes([]), .bytes(Array(repeating: 7, count: 300)), .text("appattest"),
        .text("é✓"), .array([.unsigned(1), .text("a"), .null]), .bool(true), .bool(false), .null,
        .map([CBORPair(key: .text("fmt"), value: .text("apple-appattest")),
              CBORPair(key: .negative(1), value: .array([.bytes([1, 2])]))]),
    ]

    @Test(arguments: values)
    func whatTheWriterWritesReadsBack(value: CBORValue) throws {
        #expect(try CBORReader.read(CBORWriter.write(value)) == value)
    }

    @Test func mapsAnswerTextAndIntegerKeys() throws {
        let key = try CBORReader.read(CBORWriter.write(.map([
            CBORPair(key: .unsigned(1), value: .unsigned(2)), CBORPair(key: .negative(1), value: .unsigned(1)),
            CBORPair(key: .text("x"), value: .bytes([9])),
        ])))
        #expect(key[integer: 1] == .unsigned(2))
        #expect(key[integer: -2] == .unsigned(1))
        #expect(key["x"]?.byteString == [9])
        #expect(key["y"] == nil)
    }

    @Test(arguments: [
        ([UInt8](), "CBOR: input ends inside an item at byte 0"),
        ([0x18], "CBOR: input ends inside an item at byte 0"),
        ([0x82, 0x01], "CBOR: input ends inside an item at byte 0"),
        ([0x82, 0x01, 0x81], "CBOR: input ends inside an item at byte 2"),
        ([0x5a, 0xff, 0xff, 0xff, 0xff, 0x00], "CBOR: input ends inside an item at byte 0"),
        ([0x9b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff], "CBOR: input ends inside an item at byte 0"),
        ([0x9f, 0xff], "CBOR: indefinite lengths are not accepted at byte 0"),
        ([0xc1, 0x00], "CBOR: a tag is not accepted at byte 0"),
        ([0xf9, 0x00, 0x00], "CBOR: simple value or float 25 is not accepted at byte 0"),
        ([0x1c], "CBOR: additional information 28 is not accepted at byte 0"),
        ([0x62, 0xc3, 0x28], "CBOR: a text string is not UTF-8 at byte 0"),
        ([0x01, 0x02], "CBOR: bytes follow the item at byte 1"),
    ])
    func malformedInputIsRefusedWithWhatAndWhere(input: [UInt8], message: String) {
        #expect(throws: CBORError.self) { try CBORReader.read(input) }
        do {
            _ = try CBORReader.read(input)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func nestingIsBounded() {
        let deep = [UInt8](repeating: 0x81, count: 17) + [0x00]
        #expect(throws: CBORError.self) { try CBORReader.read(deep) }
        #expect((try? CBORReader.read(deep)) == nil)
        do {
            _ = try CBORReader.read(deep)
        } catch {
            #expect(error.description == "CBOR: items nest deeper than 16 levels at byte 17")
        }
        let allowed = [UInt8](repeating: 0x81, count: 16) + [0x00]
        #expect(throws: Never.self) { try CBORReader.read(allowed) }
    }
}
