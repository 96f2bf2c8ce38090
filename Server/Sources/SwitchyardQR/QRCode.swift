/// A QR code symbol in byte mode at error-correction level M, versions 1–10 (up to 213 bytes):
/// enough for any short URL. Written from ISO/IEC 18004; the module matrices are checked against
/// a reference encoder's output in the tests.
///
/// ```swift
/// let code = try QRCode.encode("https://go.example.com/Ab3dE6gH")
/// code.isDark(x: 0, y: 0)   // true: the top-left finder pattern
/// ```
public struct QRCode: Sendable, Hashable {
    /// The version (1...10); the symbol is `17 + 4 × version` modules wide.
    public let version: Int
    /// The data mask applied (0...7).
    public let mask: Int
    /// Modules per side.
    public let size: Int
    /// Row-major modules, `true` for dark.
    let modules: [Bool]

    /// Whether the module at column `x`, row `y` is dark.
    public func isDark(x: Int, y: Int) -> Bool { modules[y * size + x] }

    /// Text too long for version 10.
    public struct TooLong: Error, Sendable, Hashable, CustomStringConvertible {
        /// The text's length in bytes.
        public let bytes: Int
        /// What went wrong.
        public var description: String {
            "\(bytes) bytes do not fit in a QR code of version 10 at level M (\(QRVersion.levelM.last!.byteCapacity) at most)"
        }
    }

    /// Encodes `text` as UTF-8 bytes in the smallest version that holds it, with the data mask
    /// that has the lowest penalty.
    ///
    /// - Parameter text: the text (a URL).
    /// - Throws: ``TooLong`` beyond 213 bytes.
    public static func encode(_ text: String) throws(TooLong) -> QRCode {
        try encode(text, mask: nil)
    }

    /// ``encode(_:)`` with a data mask forced, so tests can compare a matrix with a reference
    /// encoder's output for the same mask; `nil` picks the one with the lowest penalty.
    package static func encode(_ text: String, mask forcedMask: Int?) throws(TooLong) -> QRCode {
        let bytes = Array(text.utf8)
        guard let version = QRVersion.levelM.first(where: { bytes.count <= $0.byteCapacity }) else {
            throw TooLong(bytes: bytes.count)
        }
        let codewords = interleave(dataCodewords(bytes, version: version), version: version)
        var base = QRMatrix(version: version)
        base.drawFunctionPatterns()
        base.place(codewords)
        if let forcedMask {
            var matrix = base
            matrix.finish(mask: forcedMask)
            return QRCode(version: version.number, mask: forcedMask, size: version.size, modules: matrix.modules)
        }
        var best: (penalty: Int, mask: Int, matrix: QRMatrix)?
        for mask in 0..<8 {
            var matrix = base
            matrix.finish(mask: mask)
            let penalty = matrix.penalty()
            if best == nil || penalty < best!.penalty { best = (penalty, mask, matrix) }
        }
        return QRCode(version: version.number, mask: best!.mask, size: version.size, modules: best!.matrix.modules)
    }

    /// The data codewords: mode 0100, the count, the bytes, a terminator, then pad bytes 0xEC 0x11.
    static func dataCodewords(_ bytes: [UInt8], version: QRVersion) -> [UInt8] {
        var bits = BitBuffer()
        bits.append(0b0100, count: 4)
        bits.append(bytes.count, count: version.countBits)
        for byte in bytes { bits.append(Int(byte), count: 8) }
        let capacity = version.dataCodewords * 8
        bits.append(0, count: min(4, capacity - bits.count))
        bits.append(0, count: (8 - bits.count % 8) % 8)
        var result = bits.bytes
        var pad: UInt8 = 0xEC
        while result.count < version.dataCodewords {
            result.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }
        return result
    }

    /// Splits the data into blocks, adds each block's error correction, and interleaves them.
    static func interleave(_ data: [UInt8], version: QRVersion) -> [UInt8] {
        let generator = ReedSolomon.generator(degree: version.ecPerBlock)
        var blocks: [[UInt8]] = []
        var errorCorrection: [[UInt8]] = []
        var offset = 0
        for length in version.blocks {
            let block = Array(data[offset..<offset + length])
            offset += length
            blocks.append(block)
            errorCorrection.append(ReedSolomon.remainder(block, generator: generator))
        }
        var result: [UInt8] = []
        for index in 0..<(version.blocks.max() ?? 0) {
            for block in blocks where index < block.count { result.append(block[index]) }
        }
        for index in 0..<version.ecPerBlock {
            for block in errorCorrection { result.append(block[index]) }
        }
        return result
    }
}

/// Bits appended most significant first.
struct BitBuffer {
    private(set) var bits: [Bool] = []
    var count: Int { bits.count }

    mutating func append(_ value: Int, count: Int) {
        for shift in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> shift) & 1 == 1) }
    }

    var bytes: [UInt8] {
        stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<min(start + 8, bits.count)].enumerated().reduce(UInt8(0)) { byte, item in
                item.element ? byte | (0x80 >> UInt8(item.offset)) : byte
            }
        }
    }
}
