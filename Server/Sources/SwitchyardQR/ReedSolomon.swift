/// Reed–Solomon error correction over GF(256) with the QR code's field polynomial
/// x⁸ + x⁴ + x³ + x² + 1 (0x11D) and generator roots α⁰ … αⁿ⁻¹ (ISO/IEC 18004, 7.5.2).
enum ReedSolomon {
    /// The product of two field elements (carry-less multiplication reduced by 0x11D).
    static func multiply(_ x: UInt8, _ y: UInt8) -> UInt8 {
        var z: UInt16 = 0
        for bit in stride(from: 7, through: 0, by: -1) {
            z = (z << 1) ^ ((z >> 7) * 0x11D)
            z ^= UInt16((y >> UInt8(bit)) & 1) * UInt16(x)
        }
        return UInt8(truncatingIfNeeded: z)
    }

    /// The generator polynomial of `degree`, highest coefficient first, the leading 1 omitted.
    static func generator(degree: Int) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: degree)
        result[degree - 1] = 1
        var root: UInt8 = 1
        for _ in 0..<degree {
            for index in 0..<degree {
                result[index] = multiply(result[index], root)
                if index + 1 < degree { result[index] ^= result[index + 1] }
            }
            root = multiply(root, 0x02)
        }
        return result
    }

    /// The error-correction codewords for `data`: the remainder of data·xⁿ divided by the generator.
    ///
    /// - Complexity: O(*d*·*n*) for *d* data and *n* error-correction codewords.
    static func remainder(_ data: [UInt8], generator: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: generator.count)
        for byte in data {
            let factor = byte ^ result.removeFirst()
            result.append(0)
            for index in result.indices { result[index] ^= multiply(generator[index], factor) }
        }
        return result
    }
}
