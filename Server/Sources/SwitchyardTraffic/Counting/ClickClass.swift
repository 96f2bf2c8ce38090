/// How a click is counted.
///
/// Every click is recorded once with its class: reports count `human` clicks, and the unique ones
/// among them; `bot` and `duplicate` clicks are kept so that the raw count still adds up.
public enum ClickClass: String, Sendable, Hashable, Codable, CaseIterable {
    /// A person's click, counted.
    case human
    /// A robot's request: a crawler, a link scanner, a monitor, a preview fetcher, a `HEAD` probe,
    /// a prefetch (see ``BotVerdict`` for the reasons).
    case bot
    /// A person's click on the same link, from the same address and user agent, within the
    /// duplicate window (an hour) of one that was counted.
    case duplicate
}
