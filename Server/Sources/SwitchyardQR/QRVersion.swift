/// The symbol versions 1–10 at error-correction level M: block structure and alignment patterns
/// (ISO/IEC 18004, tables 9 and E.1).
struct QRVersion: Sendable, Hashable {
    /// 1...10.
    let number: Int
    /// Error-correction codewords per block.
    let ecPerBlock: Int
    /// Data codewords of each block, in order (group 1 then group 2).
    let blocks: [Int]
    /// Row/column centres of the alignment patterns.
    let alignment: [Int]

    /// Modules per side.
    var size: Int { 17 + 4 * number }
    /// Data codewords in all.
    var dataCodewords: Int { blocks.reduce(0, +) }
    /// Bits of the byte-mode character count (8 up to version 9, 16 from 10).
    var countBits: Int { number <= 9 ? 8 : 16 }
    /// The most bytes byte mode holds.
    var byteCapacity: Int { (dataCodewords * 8 - 4 - countBits) / 8 }

    /// Level M for versions 1–10.
    static let levelM: [QRVersion] = [
        QRVersion(number: 1, ecPerBlock: 10, blocks: [16], alignment: []),
        QRVersion(number: 2, ecPerBlock: 16, blocks: [28], alignment: [6, 18]),
        QRVersion(number: 3, ecPerBlock: 26, blocks: [44], alignment: [6, 22]),
        QRVersion(number: 4, ecPerBlock: 18, blocks: [32, 32], alignment: [6, 26]),
        QRVersion(number: 5, ecPerBlock: 24, blocks: [43, 43], alignment: [6, 30]),
        QRVersion(number: 6, ecPerBlock: 16, blocks: [27, 27, 27, 27], alignment: [6, 34]),
        QRVersion(number: 7, ecPerBlock: 18, blocks: [31, 31, 31, 31], alignment: [6, 22, 38]),
        QRVersion(number: 8, ecPerBlock: 22, blocks: [38, 38, 39, 39], alignment: [6, 24, 42]),
        QRVersion(number: 9, ecPerBlock: 22, blocks: [36, 36, 36, 37, 37], alignment: [6, 26, 46]),
        QRVersion(number: 10, ecPerBlock: 26, blocks: [43, 43, 43, 43, 44], alignment: [6, 28, 50]),
    ]
}
