/// The symbol as an SVG image: one path of unit squares, a four-module quiet zone, crisp edges.
extension QRCode {
    /// The SVG element; `pixels` is its rendered width and height.
    func svg(pixels: Int = 240, label: String) -> String {
        let side = size + 8
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
        return """
            <svg xmlns="http://www.w3.org/2000/svg" class="qr" role="img" aria-label="\(HTML.escape(label))" \
            width="\(pixels)" height="\(pixels)" viewBox="0 0 \(side) \(side)" shape-rendering="crispEdges">\
            <rect width="\(side)" height="\(side)" fill="#fff"/><path fill="#000" d="\(path)"/></svg>
            """
    }
}
