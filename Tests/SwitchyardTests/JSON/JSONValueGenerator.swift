@_spi(SwitchyardService) import Switchyard
import SwitchyardTestSupport

/// JSON values from the shared deterministic generator, so failures reproduce.
extension SplitMixGenerator {

    mutating func string() -> String {
        let alphabet: [Unicode.Scalar] = [
            "a", "Z", "0", " ", "\"", "\\", "/", "\u{0}", "\u{1F}", "\n", "\t",
            "é", "€", "😀", "\u{FFFF}", "\u{10FFFF}", "\u{D7FF}", "\u{E000}",
        ]
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...8, using: &self) {
            scalars.append(alphabet.randomElement(using: &self)!)
        }
        return String(scalars)
    }

    mutating func jsonValue(depth: Int) -> JSONValue {
        switch Int.random(in: 0..<(depth > 0 ? 7 : 5), using: &self) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &self))
        case 2:
            return Bool.random(using: &self)
                ? .number(Double(Int.random(in: -1_000_000...1_000_000, using: &self)))
                : .number(Double.random(in: -1e6...1e6, using: &self))
        case 3: return .number(Double(Int64.random(in: -(1 << 53)...(1 << 53), using: &self)))
        case 4: return .string(string())
        case 5: return .array((0..<Int.random(in: 0...4, using: &self)).map { _ in jsonValue(depth: depth - 1) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0...4, using: &self) { members[string()] = jsonValue(depth: depth - 1) }
            return .object(members)
        }
    }
}
