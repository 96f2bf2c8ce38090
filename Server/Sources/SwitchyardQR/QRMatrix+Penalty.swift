/// The mask-selection penalty of ISO/IEC 18004, 7.8.3 (N1 = 3, N2 = 3, N3 = 40, N4 = 10), computed
/// on the finished symbol with its format bits. Finder-like patterns count the area outside the
/// symbol as light, as Project Nayuki's reference encoder does; its choices are the test fixtures.
extension QRMatrix {
    /// The penalty score; the mask with the lowest one is chosen.
    ///
    /// - Complexity: O(*n*²) for *n* modules per side.
    func penalty() -> Int {
        var result = 0
        for line in 0..<size {
            result += linePenalty { self[$0, line] }
            result += linePenalty { self[line, $0] }
        }
        for y in 0..<(size - 1) {
            for x in 0..<(size - 1) {
                let colour = self[x, y]
                if colour == self[x + 1, y] && colour == self[x, y + 1] && colour == self[x + 1, y + 1] { result += 3 }
            }
        }
        let dark = modules.reduce(0) { $0 + ($1 ? 1 : 0) }
        let total = size * size
        let k = (abs(dark * 20 - total * 10) + total - 1) / total - 1
        return result + k * 10
    }

    /// N1 (runs of five or more) and N3 (1:1:3:1:1 with four light modules on a side) for one row
    /// or column, read through `module`.
    private func linePenalty(_ module: (Int) -> Bool) -> Int {
        var result = 0
        var runColour = false
        var runLength = 0
        var history = RunHistory(size: size)
        for index in 0..<size {
            if module(index) == runColour {
                runLength += 1
                if runLength == 5 { result += 3 } else if runLength > 5 { result += 1 }
            } else {
                history.add(runLength)
                if !runColour { result += history.finderLikeCount() * 40 }
                runColour = module(index)
                runLength = 1
            }
        }
        if runColour {
            history.add(runLength)
            runLength = 0
        }
        history.add(runLength + size)
        return result + history.finderLikeCount() * 40
    }
}

/// The last seven run lengths of a line, newest first; the first run includes the light border.
private struct RunHistory {
    let size: Int
    var runs = [Int](repeating: 0, count: 7)

    mutating func add(_ length: Int) {
        let length = runs[0] == 0 ? length + size : length
        runs.removeLast()
        runs.insert(length, at: 0)
    }

    /// 0, 1 or 2 finder-like patterns ending at the light run just added.
    func finderLikeCount() -> Int {
        let n = runs[1]
        let core = n > 0 && runs[2] == n && runs[4] == n && runs[5] == n && runs[3] == n * 3
        return (core && runs[0] >= n * 4 && runs[6] >= n ? 1 : 0) + (core && runs[6] >= n * 4 && runs[0] >= n ? 1 : 0)
    }
}
