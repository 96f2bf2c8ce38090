import SwitchyardAttest

/// Encodes CBOR values (definite lengths, shortest heads): how the tests build assertions as a
/// device would and change fields of real attestation objects.
enum CBORWriter {
    static func write(_ value: CBORValue) -> [UInt8] {
        var out: [UInt8] = []
        append(value, to: &out)
        return out
    }

    private static func append(_ value: CBORValue, to out: inout [UInt8]) {
        switch value {
        case .unsigned(let n): head(0, n, &out)
        case .negative(let n): head(1, n, &out)
        case .bytes(let bytes):
            head(2, UInt64(bytes.count), &out)
            out += bytes
        case .text(let text):
            head(3, UInt64(text.utf8.count), &out)
            out += Array(text.utf8)
        case .array(let items):
            head(4, UInt64(items.count), &out)
            for item in items { append(item, to: &out) }
        case .map(let pairs):
            head(5, UInt64(pairs.count), &out)
            for pair in pairs {
                append(pair.key, to: &out)
                append(pair.value, to: &out)
            }
        case .bool(let flag): out.append(flag ? 0xf5 : 0xf4)
        case .null: out.append(0xf6)
        }
    }

    private static func head(_ major: UInt8, _ argument: UInt64, _ out: inout [UInt8]) {
        let top = major << 5
        switch argument {
        case 0..<24: out.append(top | UInt8(argument))
        case 24...0xff: out += [top | 24, UInt8(argument)]
        case 0x100...0xffff: out += [top | 25] + bigEndian(argument, 2)
        case 0x1_0000...0xffff_ffff: out += [top | 26] + bigEndian(argument, 4)
        default: out += [top | 27] + bigEndian(argument, 8)
        }
    }

    private static func bigEndian(_ value: UInt64, _ width: Int) -> [UInt8] {
        (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
}

extension CBORValue {
    /// This map with `key`'s value replaced (or added).
    func setting(_ key: String, to value: CBORValue) -> CBORValue {
        guard case .map(var pairs) = self else { return self }
        if let index = pairs.firstIndex(where: { $0.key == .text(key) }) {
            pairs[index].value = value
        } else {
            pairs.append(CBORPair(key: .text(key), value: value))
        }
        return .map(pairs)
    }
}
