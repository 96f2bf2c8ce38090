import SwitchyardStore

/// Short codes: generated ones and custom aliases.
enum LinkCodes {
    /// The 62 letters of generated codes.
    static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")

    /// Paths the service itself answers, which no alias may take (compared case-insensitively).
    static let reserved: Set<String> = [
        "api", "health", "metrics", "static", "dashboard", "assets", "admin", "login", "logout",
        "signin", "signout", "openapi", "well-known", "favicon", "robots", "app", "apps",
    ]

    /// A random code of `length` letters from ``alphabet``, drawn with the system's secure
    /// generator; never one of the ``reserved`` paths (a short code could otherwise spell one).
    static func generate(length: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        while true {
            let code = String((0..<length).map { _ in alphabet[Int(generator.next(upperBound: UInt64(alphabet.count)))] })
            if !reserved.contains(code.lowercased()) { return code }
        }
    }

    /// Why `alias` cannot be used, or nil when it can.
    static func aliasRefusal(_ alias: String) -> String? {
        guard (3...64).contains(alias.utf8.count) else {
            return "alias '\(alias)' must be 3 to 64 characters long"
        }
        guard alias.utf8.allSatisfy(isCodeByte) else {
            return "alias '\(alias)' may contain only letters, digits, '-' and '_'"
        }
        guard !reserved.contains(alias.lowercased()) else {
            return "alias '\(alias)' is reserved"
        }
        return nil
    }

    /// Whether a path segment could be a code at all (saves a database look-up for junk).
    static func isPlausible(_ code: String) -> Bool {
        (1...64).contains(code.utf8.count) && code.utf8.allSatisfy(isCodeByte)
    }

    /// Whether a store key (``LinkKey``: a code, or `host/code` on a stored domain) could be one.
    static func isPlausibleKey(_ key: String) -> Bool {
        let (host, code) = LinkKey.split(key)
        return isPlausible(code) && host.map { !$0.isEmpty && $0.utf8.count <= 253 && !$0.contains("/") } ?? true
    }

    static func isCodeByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"): true
        default: false
        }
    }
}
