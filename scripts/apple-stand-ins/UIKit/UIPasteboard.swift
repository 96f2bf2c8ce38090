// Stand-in for UIKit's UIPasteboard: what Sources/SwitchyardUIKit/SystemPasteboard.swift uses, with
// the iOS 18 SDK's signatures and availability (no tvOS, no watchOS).
public import Foundation

/// The system pasteboard.
/// SDK: `@interface UIPasteboard : NSObject` (UIKit/UIPasteboard.h): `generalPasteboard` (`general`), `string`,
/// `-detectPatternsForPatterns:completionHandler:` (`detectPatterns(for:completionHandler:)`, iOS 14),
/// `UIPasteboardDetectionPatternProbableWebURL` (`UIPasteboard.DetectionPattern.probableWebURL`); Docs: uikit/uipasteboard.
@available(iOS 3.0, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
open class UIPasteboard: NSObject, @unchecked Sendable {
    /// The general pasteboard.
    open class var general: UIPasteboard { UIPasteboard() }

    /// The first item's text (reading it may show the paste prompt).
    open var string: String?

    /// A pattern the pasteboard can detect without its content being read.
    @available(iOS 14.0, *)
    public struct DetectionPattern: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A URL that is probably a web URL.
        public static let probableWebURL = DetectionPattern(rawValue: "com.apple.uikit.pasteboard-detection-pattern.probable-web-url")
    }

    /// Finds which of `patterns` the first item matches, without notifying the user.
    @available(iOS 14.0, *)
    open func detectPatterns(for patterns: Set<UIPasteboard.DetectionPattern>,
                             completionHandler: @escaping @Sendable (Result<Set<UIPasteboard.DetectionPattern>, any Error>) -> Void) {}
}
