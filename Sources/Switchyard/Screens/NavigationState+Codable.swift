/// A navigation state saved and restored (state restoration, `@SceneStorage`): its
/// ``NavigationState/stack`` as JSON — the selected tab, each tab's screens, every modal and its
/// path, a replaced root.
///
/// ```swift
/// let saved = try JSONEncoder().encode(navigation)
/// let restored = try JSONDecoder().decode(NavigationState.self, from: saved)
/// ```
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
extension NavigationState: @MainActor Codable {
    /// Restores a state from what ``encode(to:)`` wrote.
    public convenience init(from decoder: any Decoder) throws {
        self.init(try InMemoryScreenStack(from: decoder))
    }

    /// Writes the state's stack.
    public func encode(to encoder: any Encoder) throws {
        try stack.encode(to: encoder)
    }
}
