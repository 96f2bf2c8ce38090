import Testing
@testable import SwitchyardQR

/// The QR encoder against reference symbols from two independent encoders (see QRFixtures.swift).
@Suite struct QRCodeTests {
    @Test(arguments: QRFixtures.all)
    func matchesTheReferenceMatrix(fixture: QRFixture) throws {
        let code = try QRCode.encode(fixture.text, mask: fixture.forcedMask)
        #expect(code.version == fixture.version)
        #expect(code.mask == fixture.mask)
        #expect(code.size == fixture.rows.count)
        let rows = (0..<code.size).map { y in String((0..<code.size).map { code.isDark(x: $0, y: y) ? "1" : "0" }) }
        for (index, (actual, expected)) in zip(rows, fixture.rows).enumerated() {
            #expect(actual == expected, "row \(index)")
        }
    }

    @Test func refusesTextBeyondVersion10() {
        #expect(throws: QRCode.TooLong(bytes: 214)) { try QRCode.encode(String(repeating: "a", count: 214)) }
        #expect(QRCode.TooLong(bytes: 214).description
            == "214 bytes do not fit in a QR code of version 10 at level M (213 at most)")
        #expect((try? QRCode.encode(String(repeating: "a", count: 213)))?.version == 10)
    }

    @Test func reedSolomonMatchesTheStandardsExample() {
        // ISO/IEC 18004 annex I: "01234567" at 1-M, data codewords and their 10 EC codewords.
        let data: [UInt8] = [0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11]
        let ec = ReedSolomon.remainder(data, generator: ReedSolomon.generator(degree: 10))
        #expect(ec == [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55])
    }

    @Test func formatAndVersionBitsMatchTheStandardsTables() {
        // Level M, mask 0..7 (ISO/IEC 18004 table C.1) and version 7's information (table D.1).
        #expect((0..<8).map(QRMatrix.formatBits(mask:))
            == [0x5412, 0x5125, 0x5E7C, 0x5B4B, 0x45F9, 0x40CE, 0x4F97, 0x4AA0])
        #expect(QRMatrix.versionBits(7) == 0x07C94)
        #expect(QRMatrix.versionBits(10) == 0x0A4D3)
    }

    @Test func thePathDrawsRunsInsideAQuietZone() throws {
        let code = try QRCode.encode("HELLO")
        #expect(code.sideWithQuietZone == 29)
        // Row 0 starts with the top-left finder's seven dark modules, four modules in.
        #expect(code.svgPath().hasPrefix("M4 4h7v1h-7z"))
        let squares = code.svgPath().split(separator: "M").count
        #expect(squares > 0 && squares <= code.modules.filter { $0 }.count)
    }
}
