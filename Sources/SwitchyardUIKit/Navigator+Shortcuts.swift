#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
public import Switchyard
public import UIKit

extension Navigator {
    /// A home-screen quick action (`windowScene(_:performActionFor:completionHandler:)`,
    /// `application(_:performActionFor:completionHandler:)`): its `userInfo["url"]` when present,
    /// else its type as a URN or path, with source `shortcut`.
    ///
    /// ```swift
    /// func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem,
    ///                  completionHandler: @escaping (Bool) -> Void) {
    ///     completionHandler(navigator.handle(shortcutItem))
    /// }
    /// ```
    @discardableResult
    public func handle(_ shortcut: UIApplicationShortcutItem) -> Bool {
        handle(shortcutType: shortcut.type, url: shortcut.userInfo?["url"] as? String)
    }
}
#endif
