#if canImport(UIKit) && !os(tvOS) && !os(watchOS)
public import UIKit

/// The target of a `UIPasteControl` (iOS 16) on a first-launch screen: the user's own tap on the
/// system paste button pastes, with no "Allow Paste" prompt, and the text goes to `onPaste` (give
/// it to ``Switchyard/DeferredLinks/openPasted(_:)``, which accepts only a fresh short link of the
/// service). `UIPasteControl` keeps its target weakly: keep the target alive beside the control.
///
/// ```swift
/// let pasteTarget = DeferredLinkPasteTarget { text in Task { await deferred.openPasted(text) } }
/// view.addSubview(pasteTarget.makePasteControl())
/// ```
@available(iOS 16.0, *)
@MainActor
public final class DeferredLinkPasteTarget: UIResponder {
    /// The types it accepts: a URL, or plain text.
    public static let acceptedTypes = ["public.url", "public.plain-text"]

    private let onPaste: @MainActor (String) -> Void

    /// Creates the target.
    ///
    /// - Parameter onPaste: called on the main actor with the pasted text.
    public init(onPaste: @escaping @MainActor (String) -> Void) {
        self.onPaste = onPaste
        super.init()
        pasteConfiguration = UIPasteConfiguration(acceptableTypeIdentifiers: Self.acceptedTypes)
    }

    /// A paste button whose target is this object.
    public func makePasteControl(configuration: UIPasteControl.Configuration = UIPasteControl.Configuration()) -> UIPasteControl {
        let control = UIPasteControl(configuration: configuration)
        control.target = self
        return control
    }

    /// Reads the first pasted item as text (a URL's or plain text's UTF-8) and hands it on.
    public override func paste(itemProviders: [NSItemProvider]) {
        guard let provider = itemProviders.first,
              let type = Self.acceptedTypes.first(where: provider.hasItemConformingToTypeIdentifier) else { return }
        let onPaste = self.onPaste
        _ = provider.loadDataRepresentation(forTypeIdentifier: type) { data, _ in
            guard let data, let text = String(data: data, encoding: .utf8) else { return }
            Task { @MainActor in onPaste(text) }
        }
    }
}
#endif
