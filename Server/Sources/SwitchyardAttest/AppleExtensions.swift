/// Apple's extensions to the authenticator data: a CBOR map with text keys that current iOS writes
/// after the attested credential's public key (attestations) or after the 37 fixed bytes
/// (assertions), whether or not it sets the extension-data flag (0x80); the leaf's nonce or the
/// assertion's signature covers those bytes.
///
/// Read: `apple_validation_category_01`, how the running app was signed (four bytes little-endian,
/// as Apple's worked example writes it, or an unsigned integer, as its text describes it), and
/// `apple_bundle_version_01`, the running bundle version (text). Other text keys are allowed and
/// ignored (Apple adds keys over time); anything else is refused.
///
/// ```swift
/// let data = try AuthenticatorData(bytes, withCredential: true)
/// data.extensions?.validationCategory   // .appStore
/// data.extensions?.bundleVersion        // "42"
/// ```
public struct AppleExtensions: Sendable, Equatable {
    /// How the running app was signed, as the device states it; nil when not stated.
    public var validationCategory: ValidationCategory?
    /// The running app's bundle version (`CFBundleVersion`), as the device states it; nil when not stated.
    public var bundleVersion: String?

    /// The most bytes the extension map may take: Apple's is under 100 bytes.
    public static let maximumBytes = 512
    /// The most entries the map may have.
    public static let maximumEntries = 16
    /// The longest bundle version read, in UTF-8 bytes.
    public static let maximumBundleVersionBytes = 64

    /// Extensions with these values.
    public init(validationCategory: ValidationCategory? = nil, bundleVersion: String? = nil) {
        self.validationCategory = validationCategory
        self.bundleVersion = bundleVersion
    }

    /// Reads the extension map that fills `bytes` exactly.
    /// - Throws: ``AttestFailure`` at `format` for more than ``maximumBytes``, bytes that are not
    ///   one CBOR map with text keys, or a category or version of the wrong shape.
    init(_ bytes: ArraySlice<UInt8>) throws(AttestFailure) {
        guard bytes.count <= Self.maximumBytes else {
            throw AttestFailure(.format, "the authenticator data's extensions take \(bytes.count) bytes, more than \(Self.maximumBytes)")
        }
        let read: (value: CBORValue, length: Int)
        do { read = try CBORReader.readPrefix(bytes) } catch {
            throw AttestFailure(.format, "the authenticator data's extensions: CBOR: \(error)")
        }
        guard read.length == bytes.count else {
            throw AttestFailure(.format, "the authenticator data's extensions: bytes follow the map at byte \(read.length)")
        }
        let value = read.value
        guard case .map(let pairs) = value else {
            throw AttestFailure(.format, "the authenticator data's extensions are not a CBOR map")
        }
        guard pairs.count <= Self.maximumEntries else {
            throw AttestFailure(.format, "the authenticator data's extensions have \(pairs.count) entries, more than \(Self.maximumEntries)")
        }
        for pair in pairs {
            guard case .text(let key) = pair.key else {
                throw AttestFailure(.format, "the authenticator data's extensions have a key that is not text")
            }
            switch key {
            case "apple_validation_category_01":
                validationCategory = ValidationCategory(rawValue: try Self.category(pair.value))
            case "apple_bundle_version_01":
                guard case .text(let text) = pair.value, !text.isEmpty, text.utf8.count <= Self.maximumBundleVersionBytes else {
                    throw AttestFailure(.format, "apple_bundle_version_01 is not text of 1 to \(Self.maximumBundleVersionBytes) bytes")
                }
                bundleVersion = text
            default:
                continue
            }
        }
    }

    private static func category(_ value: CBORValue) throws(AttestFailure) -> UInt32 {
        switch value {
        case .bytes(let bytes) where bytes.count == 4:
            return bytes.reversed().reduce(0) { $0 << 8 | UInt32($1) }
        case .unsigned(let number) where number <= UInt64(UInt32.max):
            return UInt32(number)
        default:
            throw AttestFailure(.format, "apple_validation_category_01 is neither four bytes nor an unsigned 32-bit integer")
        }
    }
}

/// How the app that made an attestation or assertion was signed: the `apple_validation_category_01`
/// extension. The numbers are those of Apple's code-signing validation categories
/// (LightweightCodeRequirements' `ValidationCategory`): 1 platform, 2 TestFlight, 3 development,
/// 4 App Store, 5 enterprise, 6 Developer ID; any other number is kept as it is.
public struct ValidationCategory: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The number the device states.
    public let rawValue: UInt32

    /// The category of this number.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Part of the operating system.
    public static let platform = ValidationCategory(rawValue: 1)
    /// A TestFlight build.
    public static let testFlight = ValidationCategory(rawValue: 2)
    /// Signed with a development certificate (Xcode, a development profile).
    public static let development = ValidationCategory(rawValue: 3)
    /// Downloaded from the App Store.
    public static let appStore = ValidationCategory(rawValue: 4)
    /// Signed for enterprise or ad-hoc distribution.
    public static let enterprise = ValidationCategory(rawValue: 5)
    /// Signed with a Developer ID (macOS).
    public static let developerID = ValidationCategory(rawValue: 6)

    /// The names an operator writes (`app-store`, `testflight`, ...), by category.
    public static let names: [(name: String, category: ValidationCategory)] = [
        ("platform", .platform), ("testflight", .testFlight), ("development", .development), ("app-store", .appStore),
        ("enterprise", .enterprise), ("developer-id", .developerID),
    ]

    /// The category a name or a number names (`app-store`, `4`); nil for anything else.
    public init?(name: String) {
        if let found = Self.names.first(where: { $0.name == name }) {
            self = found.category
        } else if let number = UInt32(name) {
            self.init(rawValue: number)
        } else {
            return nil
        }
    }

    /// Its name (`app-store`), or its number for one without a name.
    public var description: String { Self.names.first { $0.category == self }?.name ?? String(rawValue) }
}
