public import Switchyard

/// What a `User-Agent` header says of the device: its OS and version, browser family and device
/// class. Read at most once per request, and only when a condition asks (``RuleMatcher``).
///
/// ```swift
/// let details = UserAgentDetails("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) ... Version/17.4.1 Mobile/15E148 Safari/604.1")
/// details.system          // .ios
/// details.systemVersion   // 17.4.1
/// details.browser         // .safari
/// details.device          // .phone
/// ```
///
/// Versions are as browsers give them, and browsers freeze some: Chrome, Edge and Firefox on
/// desktop say Windows NT 10.0 on Windows 11 and macOS 10.15 on every later Mac; Chrome on
/// Android may say Android 10; Safari 26 says iOS 18.6 (its `Version/26` is read instead, see
/// ``init(_:)``). An `os` condition with bounds is reliable for iOS Safari and the Android system
/// versions that browsers still give.
public struct UserAgentDetails: Sendable, Hashable {
    /// The OS the user agent names; nil when it names none of ``OperatingSystem``.
    public var system: OperatingSystem?
    /// The OS version the user agent gives, as numbers (`17_4_1` reads as 17, 4, 1); nil when it
    /// gives none (Linux, ChromeOS) or none that reads. Kept as numbers, not a ``DottedVersion``,
    /// so that reading a user agent makes no version string.
    var systemNumbers: VersionNumbers?
    /// The browser family.
    public var browser: Browser
    /// The device class.
    public var device: DeviceClass

    /// The OS version the user agent gives (`17_4_1` reads as 17.4.1); nil when it gives none
    /// (Linux, ChromeOS) or none that reads.
    public var systemVersion: DottedVersion? { systemNumbers.flatMap { DottedVersion($0.description) } }

    /// Reads a `User-Agent` header's first 1,024 bytes, ASCII case-insensitively, by its words
    /// (runs of letters: `iPhone`, `CriOS`, `Version`), each looked at once.
    ///
    /// - OS: `iPhone`, `iPod` or `iPad` (version after `CPU iPhone OS ` or `CPU OS `), `Android`
    ///   (after `Android `), `CrOS `, `Windows NT ` (after it), `Macintosh` or `Mac OS X` (after
    ///   `Mac OS X `), `Linux`, in that order. On iOS, a `Version/` of 26 or later above the OS
    ///   version is taken as the OS version: Safari 26 freezes the OS version at 18.6, and Safari's
    ///   version on iOS is the system's.
    /// - Browser: `SamsungBrowser/`, then `Edg/` `EdgA/` `EdgiOS/` `Edge/`, then `OPR/` `OPT/`
    ///   `OPiOS/` `Opera`, then `Firefox/` `FxiOS/`, then `CriOS/` `Chrome/` `Chromium/`; Safari
    ///   only with `Version/` and `Safari/` on iOS or macOS, after all of those; else other. A
    ///   product is a whole word: `HeadlessChrome/` is not Chrome.
    /// - Device: iPad, or Android without `Mobile`, a tablet; iPhone, iPod or Android with
    ///   `Mobile` a phone; anything else a desktop.
    /// - Complexity: O(*n*) in the header's length: one pass over its bytes where they are (no
    ///   copy, no Foundation search, no string made, no allocation for a native string).
    public init(_ header: String?) {
        var header = header ?? ""
        header.makeContiguousUTF8()
        self = header.withUTF8 { Self(bytes: UnsafeBufferPointer(rebasing: $0.prefix(1024))) }
    }

    /// Reads the header's bytes where they are: no copy, letters compared ASCII case-insensitively.
    private init(bytes: UnsafeBufferPointer<UInt8>) {
        let words = UserAgentWords(bytes)
        let iPad = words.has(.iPad), iPhone = words.has(.iPhone)
        if iPad || iPhone {
            system = .ios
            systemNumbers = words.version(.ios, in: bytes)
            if let safari = words.version(.safari, in: bytes), safari[0] >= 26,
               systemNumbers.map({ RuleReading.order($0, safari) < 0 }) ?? true {
                systemNumbers = safari
            }
        } else if words.has(.android) {
            system = .android
            systemNumbers = words.version(.android, in: bytes)
        } else if words.has(.chromeOS) {
            system = .chromeos
        } else if words.has(.windows) {
            system = .windows
            systemNumbers = words.version(.windows, in: bytes)
        } else if words.has(.mac) {
            system = .macos
            systemNumbers = words.version(.mac, in: bytes)
        } else if words.has(.linux) {
            system = .linux
        }
        if words.has(.samsung) {
            browser = .samsung
        } else if words.has(.edge) {
            browser = .edge
        } else if words.has(.opera) {
            browser = .opera
        } else if words.has(.firefox) {
            browser = .firefox
        } else if words.has(.chrome) {
            browser = .chrome
        } else if system == .ios || system == .macos, words.has(.safari), words.has(.safariVersion) {
            browser = .safari
        } else {
            browser = .other
        }
        if iPad {
            device = .tablet
        } else if iPhone {
            device = .phone
        } else if system == .android {
            device = words.has(.mobile) ? .phone : .tablet
        } else {
            device = .desktop
        }
    }
}
