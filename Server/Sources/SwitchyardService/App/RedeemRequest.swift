/// The body of `POST /api/v1/links/{code}/redeem` (the `Redeem` schema): the install that redeems,
/// an identifier the SDK generates once per install and keeps. One install spends at most one
/// redemption of a link; its repeated calls get the same metadata back without spending again.
///
/// ```json
/// {"install": "6F1C2A7E-3B0D-4C55-9B1E-2D8F7A6C5B40"}
/// ```
struct RedeemRequest: Codable, Sendable, Hashable {
    /// The install identifier: 8 to 128 letters, digits, `-`, `_` or `.`.
    var install: String

    /// An empty body.
    init() {
        install = ""
    }

    /// Creates a body.
    init(install: String) {
        self.install = install
    }

    /// The lengths an install identifier may have.
    static let lengths = 8...128

    /// The 400 for an install identifier that is not 8 to 128 letters, digits, `-`, `_` or `.`.
    static func check(_ install: String) throws(Problem) {
        guard lengths.contains(install.utf8.count), install.utf8.allSatisfy(isAllowed) else {
            throw Problem.invalid("invalid-install", "Invalid install identifier",
                                  "'install' must be \(lengths.lowerBound) to \(lengths.upperBound) letters, digits, '-', '_' or '.', got '\(install.prefix(140))'")
        }
    }

    static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."): true
        default: false
        }
    }
}

extension RedeemRequest: APIRequestBody, OpenAPISchema {
    static let schemaName = "Redeem"

    /// Read and checked with the API's messages: `'install' is required: ...`, `'install' must be
    /// 8 to 128 letters, ...`.
    static let requestFields: [BodyField<Self>] = [
        BodyField("install", \.install, .string("The install identifier the SDK generates once per install and keeps.",
                                                minLength: lengths.lowerBound, maxLength: lengths.upperBound, pattern: "^[A-Za-z0-9._-]+$"),
                  required: true, read: { members, key in
                      guard let install = try members.string(key) else {
                          throw Problem.invalid("install-required", "Install identifier required",
                                                "'install' is required: the identifier the SDK generates once per install, so one install redeems a link at most once")
                      }
                      return install
                  }, check: { install throws(Problem) in try check(install) }),
    ]
}
