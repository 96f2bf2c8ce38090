/// The markers a user agent has, found in one pass over its words (runs of ASCII letters,
/// compared case-insensitively), with where each OS version starts.
///
/// One pass, rather than a search per marker: a user agent is some 150 bytes and the details ask
/// for two dozen markers, so searching for each cost more than the rest of a 10-rule decision.
struct UserAgentWords {
    /// A marker the details ask about.
    enum Marker: Int {
        case iPad, iPhone, android, chromeOS, windows, mac, linux, mobile
        case samsung, edge, opera, firefox, chrome, safari, safariVersion
    }

    /// Whose version a condition reads.
    enum VersionSource {
        case ios, android, windows, mac, safari
    }

    private var found: UInt32 = 0
    /// Where the version after `CPU iPhone OS ` or `CPU OS `, `Android `, `Windows NT `,
    /// `Mac OS X ` and `Version/` starts (the first of each).
    private var ios: Int?, android: Int?, windows: Int?, mac: Int?, safari: Int?

    /// Scans `bytes`, a header's bytes as sent.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var index = 0
        while index < bytes.count {
            guard bytes[index].isASCIILetter else {
                index += 1
                continue
            }
            let start = index
            while index < bytes.count, bytes[index].isASCIILetter { index += 1 }
            read(bytes, word: start..<index)
        }
    }

    func has(_ marker: Marker) -> Bool { found & (1 << marker.rawValue) != 0 }

    /// The version numbers written where `source`'s version starts; nil when there are none.
    func version(_ source: VersionSource, in bytes: UnsafeBufferPointer<UInt8>) -> VersionNumbers? {
        let start: Int? = switch source {
        case .ios: ios
        case .android: android
        case .windows: windows
        case .mac: mac
        case .safari: safari
        }
        return start.flatMap { VersionNumbers(reading: bytes, from: $0) }
    }

    private mutating func mark(_ marker: Marker) { found |= 1 << marker.rawValue }

    /// Notes what the word at `range` (followed by the rest of `bytes`) is. Markers are written
    /// lowercase; a byte of the header is lowered before it is compared.
    private mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, word range: Range<Int>) {
        let end = range.upperBound
        let slash = end < bytes.count && bytes[end] == UInt8(ascii: "/")
        func word(_ marker: StaticString) -> Bool {
            marker.withUTF8Buffer { marker in
                marker.count == range.count && marker.indices.allSatisfy { marker[$0] == bytes[range.lowerBound + $0].asciiLowercased }
            }
        }
        /// Where the version after the word and `then` starts, when `then` follows the word.
        func after(_ then: StaticString) -> Int? {
            then.withUTF8Buffer { then in
                guard end + then.count <= bytes.count, then.indices.allSatisfy({ then[$0] == bytes[end + $0].asciiLowercased }) else { return nil }
                return end + then.count
            }
        }
        // By length first: most words of a user agent are none of these and fail at the count.
        switch range.count {
        case 3:
            if word("edg") {
                if slash { mark(.edge) }
            } else if word("opr") || word("opt") {
                if slash { mark(.opera) }
            } else if word("mac") {
                if let start = after(" os x ") {
                    mark(.mac)
                    if mac == nil { mac = start }
                }
            } else if word("cpu") {
                if ios == nil { ios = after(" iphone os ") ?? after(" os ") }
            }
        case 4:
            if word("ipad") { mark(.iPad) }
            else if word("ipod") { mark(.iPhone) }
            else if word("cros") { if after(" ") != nil { mark(.chromeOS) } }
            else if word("edga") || word("edge") { if slash { mark(.edge) } }
        case 5:
            if word("linux") { mark(.linux) }
            else if word("opera") { mark(.opera) }
            else if word("opios") { if slash { mark(.opera) } }
            else if word("fxios") { if slash { mark(.firefox) } }
            else if word("crios") { if slash { mark(.chrome) } }
        case 6:
            if word("iphone") { mark(.iPhone) }
            else if word("mobile") { mark(.mobile) }
            else if word("edgios") { if slash { mark(.edge) } }
            else if word("chrome") { if slash { mark(.chrome) } }
            else if word("safari") { if slash { mark(.safari) } }
        case 7:
            if word("android") {
                mark(.android)
                if android == nil { android = after(" ") }
            } else if word("windows") {
                if let start = after(" nt ") {
                    mark(.windows)
                    if windows == nil { windows = start }
                }
            } else if word("firefox") {
                if slash { mark(.firefox) }
            } else if word("version") {
                if slash {
                    mark(.safariVersion)
                    if safari == nil { safari = end + 1 }
                }
            }
        case 8:
            if word("chromium") { if slash { mark(.chrome) } }
        case 9:
            if word("macintosh") { mark(.mac) }
        case 14:
            if word("samsungbrowser") { if slash { mark(.samsung) } }
        default:
            break
        }
    }
}

