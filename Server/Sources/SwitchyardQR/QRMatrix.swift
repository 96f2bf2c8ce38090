/// The module grid while a symbol is drawn: function patterns, data placement, masking and the
/// format and version information (ISO/IEC 18004, 7.7–7.10).
struct QRMatrix: Sendable {
    let version: QRVersion
    let size: Int
    /// Row-major, `true` for dark.
    private(set) var modules: [Bool]
    /// Modules that belong to a function pattern (never masked, never data).
    private(set) var isFunction: [Bool]

    init(version: QRVersion) {
        self.version = version
        size = version.size
        modules = Array(repeating: false, count: size * size)
        isFunction = Array(repeating: false, count: size * size)
    }

    subscript(x: Int, y: Int) -> Bool { modules[y * size + x] }

    private mutating func setFunction(_ x: Int, _ y: Int, _ dark: Bool) {
        modules[y * size + x] = dark
        isFunction[y * size + x] = true
    }

    /// Timing, finder (with separators), alignment patterns, and the reserved format and version
    /// areas (drawn with mask 0 for now; ``finish(mask:)`` writes the real bits).
    mutating func drawFunctionPatterns() {
        for index in 0..<size {
            setFunction(6, index, index % 2 == 0)
            setFunction(index, 6, index % 2 == 0)
        }
        for (x, y) in [(3, 3), (size - 4, 3), (3, size - 4)] {
            for dy in -4...4 {
                for dx in -4...4 {
                    let (column, row) = (x + dx, y + dy)
                    guard (0..<size).contains(column), (0..<size).contains(row) else { continue }
                    let distance = max(abs(dx), abs(dy))
                    setFunction(column, row, distance != 2 && distance != 4)
                }
            }
        }
        let centres = version.alignment
        for (i, cy) in centres.enumerated() {
            for (j, cx) in centres.enumerated() {
                let last = centres.count - 1
                if (i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0) { continue }
                for dy in -2...2 {
                    for dx in -2...2 { setFunction(cx + dx, cy + dy, max(abs(dx), abs(dy)) != 1) }
                }
            }
        }
        drawFormat(mask: 0)
        drawVersion()
    }

    /// The 15 format bits: level M (00) and the mask, BCH(15,5)-protected, XORed with 0x5412.
    static func formatBits(mask: Int) -> Int {
        let data = (0b00 << 3) | mask
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        return ((data << 10) | remainder) ^ 0x5412
    }

    /// The 18 version bits for versions 7 and up, BCH(18,6)-protected.
    static func versionBits(_ version: Int) -> Int {
        var remainder = version
        for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
        return (version << 12) | remainder
    }

    private mutating func drawFormat(mask: Int) {
        let bits = Self.formatBits(mask: mask)
        func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
        for index in 0...5 { setFunction(8, index, bit(index)) }
        setFunction(8, 7, bit(6))
        setFunction(8, 8, bit(7))
        setFunction(7, 8, bit(8))
        for index in 9..<15 { setFunction(14 - index, 8, bit(index)) }
        for index in 0..<8 { setFunction(size - 1 - index, 8, bit(index)) }
        for index in 8..<15 { setFunction(8, size - 15 + index, bit(index)) }
        setFunction(8, size - 8, true)
    }

    private mutating func drawVersion() {
        guard version.number >= 7 else { return }
        let bits = Self.versionBits(version.number)
        for index in 0..<18 {
            let dark = (bits >> index) & 1 == 1
            let (a, b) = (size - 11 + index % 3, index / 3)
            setFunction(a, b, dark)
            setFunction(b, a, dark)
        }
    }

    /// Places the codewords in the two-column zigzag from the bottom-right corner, skipping the
    /// vertical timing column; modules left over (remainder bits) stay light.
    mutating func place(_ codewords: [UInt8]) {
        var bitIndex = 0
        let total = codewords.count * 8
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            let upward = (right + 1) & 2 == 0
            for vertical in 0..<size {
                for offset in 0..<2 {
                    let x = right - offset
                    let y = upward ? size - 1 - vertical : vertical
                    guard !isFunction[y * size + x], bitIndex < total else { continue }
                    modules[y * size + x] = (codewords[bitIndex >> 3] >> UInt8(7 - bitIndex & 7)) & 1 == 1
                    bitIndex += 1
                }
            }
            right -= 2
        }
    }

    /// Whether mask `mask` flips the module at column `x`, row `y` (table 10).
    static func masks(_ mask: Int, x: Int, y: Int) -> Bool {
        switch mask {
        case 0: (x + y) % 2 == 0
        case 1: y % 2 == 0
        case 2: x % 3 == 0
        case 3: (x + y) % 3 == 0
        case 4: (x / 3 + y / 2) % 2 == 0
        case 5: x * y % 2 + x * y % 3 == 0
        case 6: (x * y % 2 + x * y % 3) % 2 == 0
        default: ((x + y) % 2 + x * y % 3) % 2 == 0
        }
    }

    /// Applies `mask` to the data modules and writes the format bits for it.
    mutating func finish(mask: Int) {
        for y in 0..<size {
            for x in 0..<size where !isFunction[y * size + x] && Self.masks(mask, x: x, y: y) {
                modules[y * size + x].toggle()
            }
        }
        drawFormat(mask: mask)
    }
}
