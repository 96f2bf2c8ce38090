/// Percent-encoding for building URLs: the one encoder of the SDK and of the link service.
///
/// ```swift
/// PercentEncoding.encode("a b/c")                          // "a%20b%2Fc"
/// PercentEncoding.encode("a/b", allowing: { $0 == 47 })    // "a/b"
/// ```
@_spi(SwitchyardService)
public enum PercentEncoding {
    /// `string`'s UTF-8 bytes with RFC 3986's unreserved characters kept and everything else
    /// escaped as `%XX` (upper-case hex), except the extra bytes `allowed` keeps.
    ///
    /// - Complexity: O(*n*) in the string's UTF-8 length.
    public static func encode(_ string: String, allowing allowed: (UInt8) -> Bool = { _ in false }) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(string.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in string.utf8 {
            if isUnreserved(byte) || allowed(byte) {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(hex[Int(byte >> 4)])
                output.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether `byte` is an RFC 3986 unreserved character (`A-Z a-z 0-9 - . _ ~`).
    public static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
             UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
