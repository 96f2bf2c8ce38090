#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
public import Switchyard
public import UIKit

extension Navigator {
    /// A home-screen quick action: its `userInfo["url"]` when present, else its type as a URN or path.
    @discardableResult
    public func handle(_ shortcut: UIApplicationShortcutItem) -> Bool {
        handle(shortcutType: shortcut.type, url: shortcut.userInfo?["url"] as? String)
    }
}
#endif
