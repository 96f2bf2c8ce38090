// libFuzzer target: arbitrary bytes as a route pattern, then as a one-route table.

@testable import Switchyard

func fuzzPattern(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for delimiter: Character in ["/", ":"] {
        do {
            let pattern = try RoutePattern(text, delimiter: delimiter)
            precondition(!pattern.forms.isEmpty)
            _ = try? RouteTable(RouteTableConfiguration(delimiter: delimiter, routes: [RouteDefinition(text)]))
        } catch {
            precondition(error.position.map { $0 >= 1 && $0 <= text.unicodeScalars.count + 1 } ?? true,
                         "position out of range for \(text)")
        }
    }
    return 0
}
