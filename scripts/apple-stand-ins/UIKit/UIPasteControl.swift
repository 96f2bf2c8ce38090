// Stand-in for UIKit's paste button and what it pastes into: what
// Sources/SwitchyardUIKit/DeferredLinkPasteTarget.swift uses, with the iOS 18 SDK's Swift signatures
// and availability. NSItemProvider is Foundation's on Apple platforms; Linux's Foundation lacks it,
// so it is declared here.

/// An item a paste, drag or share hands over, loaded on request.
/// SDK: `@interface NSItemProvider : NSObject <NSCopying>` (Foundation/NSItemProvider.h):
/// `-hasItemConformingToTypeIdentifier:`, `-loadDataRepresentationForTypeIdentifier:completionHandler:`;
/// Docs: foundation/nsitemprovider.
@available(iOS 8.0, *)
open class NSItemProvider: NSObject, @unchecked Sendable {
    /// Whether the provider has an item of this type (a uniform type identifier such as `public.url`).
    open func hasItemConformingToTypeIdentifier(_ typeIdentifier: String) -> Bool { false }

    /// Loads the item of this type as data; the handler runs on a background queue.
    @available(iOS 11.0, *)
    open func loadDataRepresentation(forTypeIdentifier typeIdentifier: String,
                                     completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void) -> Progress {
        Progress(totalUnitCount: 1)
    }
}

/// The types a responder accepts from a paste.
/// SDK: `@interface UIPasteConfiguration : NSObject <NSSecureCoding>` (UIPasteConfiguration.h):
/// `-initWithAcceptableTypeIdentifiers:`; Docs: uikit/uipasteconfiguration.
@available(iOS 11.0, *)
@available(watchOS, unavailable)
open class UIPasteConfiguration: NSObject, @unchecked Sendable {
    /// Creates a configuration accepting these uniform type identifiers.
    public convenience init(acceptableTypeIdentifiers: [String]) { self.init() }
}

/// What a paste can go into.
/// SDK: `@protocol UIPasteConfigurationSupporting <NSObject>` (UIPasteConfigurationSupporting.h),
/// `NS_SWIFT_UI_ACTOR`; Docs: uikit/uipasteconfigurationsupporting.
@available(iOS 11.0, *)
@available(watchOS, unavailable)
@MainActor
public protocol UIPasteConfigurationSupporting: NSObjectProtocol {
    /// The types a paste into it accepts.
    var pasteConfiguration: UIPasteConfiguration? { get set }
}

/// A control: the base of buttons.
/// SDK: `@interface UIControl : UIView` (UIControl.h); Docs: uikit/uicontrol.
@available(iOS 2.0, tvOS 9.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIControl: UIView {}

/// The system paste button: a tap pastes into its target without the paste prompt.
/// SDK: `@interface UIPasteControl : UIControl` (UIPasteControl.h, iOS 16): `-initWithConfiguration:`,
/// `configuration`, `target` (`weak`, `id<UIPasteConfigurationSupporting>`), and
/// `UIPasteControlConfiguration` (`UIPasteControl.Configuration`); Docs: uikit/uipastecontrol.
@available(iOS 16.0, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@MainActor
open class UIPasteControl: UIControl {
    /// How the button looks.
    /// SDK: `@interface UIPasteControlConfiguration : NSObject <NSSecureCoding>`.
    @MainActor
    open class Configuration: NSObject {
        public override init() { super.init() }
    }

    /// Creates a paste button.
    public init(configuration: UIPasteControl.Configuration) {
        self.configuration = configuration
        super.init()
    }

    /// How the button looks.
    open var configuration: UIPasteControl.Configuration

    /// What a tap pastes into; UIKit keeps it weakly.
    open weak var target: (any UIPasteConfigurationSupporting)?
}
