/// The symbol as SVG path data: one path of unit squares, offset by a four-module quiet zone.
extension QRCode {
    /// The width and height of the symbol with its quiet zone, in modules (the SVG `viewBox`).
    public var sideWithQuietZone: Int { size + 8 }

    /// Path data (`d`) drawing every dark module as runs of unit squares, quiet zone included in
    /// the coordinates.
    ///
    /// ```swift
    /// let code = try QRCode.encode("https://go.example.com/Ab3dE6gH")
    /// let svg = "<svg viewBox=\"0 0 \(code.sideWithQuietZone) \(code.sideWithQuietZone)\"><path d=\"\(code.svgPath())\"/></svg>"
    /// ```
    public func svgPath() -> String {
        var path = ""
        for y in 0..<size {
            var x = 0
            while x < size {
                guard isDark(x: x, y: y) else { x += 1; continue }
                var run = 1
                while x + run < size && isDark(x: x + run, y: y) { run += 1 }
                path += "M\(x + 4) \(y + 4)h\(run)v1h-\(run)z"
                x += run
            }
        }
        return path
    }
}
