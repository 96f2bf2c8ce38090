/// A stack saved and restored (``NavigationState``'s state restoration): `selectedTab`, `stacks`,
/// `modals` (bottom first) and `replacedRoot`. A saved stack that holds a single modal under the
/// key `modal` instead of `modals` is read as that one presentation.
///
/// ```swift
/// let saved = try JSONEncoder().encode(stack)
/// let restored = try JSONDecoder().decode(InMemoryScreenStack.self, from: saved)
/// ```
extension InMemoryScreenStack: Codable {
    private enum CodingKeys: String, CodingKey {
        case selectedTab, stacks, modals, replacedRoot
        /// A saved stack's single modal, read when it has no `modals`; never written.
        case modal
    }

    /// Reads a saved stack; a missing `modals` falls back to the single `modal`, else none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let modals = try container.decodeIfPresent([PresentedModal].self, forKey: .modals)
            ?? container.decodeIfPresent(PresentedModal.self, forKey: .modal).map { [$0] } ?? []
        self.init(selectedTab: try container.decodeIfPresent(String.self, forKey: .selectedTab),
                  stacks: try container.decode([String: [NavigationScreen]].self, forKey: .stacks), modals: modals,
                  replacedRoot: try container.decodeIfPresent(NavigationScreen.self, forKey: .replacedRoot))
    }

    /// Writes the stack, every presentation under `modals`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(selectedTab, forKey: .selectedTab)
        try container.encode(stacks, forKey: .stacks)
        try container.encode(modals, forKey: .modals)
        try container.encodeIfPresent(replacedRoot, forKey: .replacedRoot)
    }
}
