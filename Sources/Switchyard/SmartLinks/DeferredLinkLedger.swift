public import Foundation

/// Remembers that the first-launch check for a deferred link gave a final answer, so that it runs
/// until it has one, then never again on this install. The check records itself once the answer
/// is final (``DeferredLinks/Outcome/isFinal``): a launch without network tries again next time.
/// It also keeps the short link the check accepted until the link service answers for it, so a
/// retry needs neither the pasteboard nor a second paste prompt.
public protocol DeferredLinkLedger: Sendable {
    /// When the check ran, or nil if it never has on this install.
    func checkedAt() throws -> Date?
    /// Records that the check gave a final answer (at the moment the check began).
    func recordCheck(at date: Date) throws
    /// The short link accepted and not yet answered by the link service, or nil.
    func keptLink() throws -> String?
    /// Keeps an accepted short link until the service answers for it; nil forgets it.
    func keepLink(_ link: String?) throws
}

/// A ``DeferredLinkLedger`` in a small file (in Application Support, say: it goes with the app's
/// data, so a reinstall starts afresh), written atomically and readable by its owner only; the
/// kept short link lives beside it, in `path` + `.link`.
///
/// ```swift
/// let ledger = FileDeferredLinkLedger(path: supportDirectory + "/switchyard-deferred-check")
/// ```
public struct FileDeferredLinkLedger: DeferredLinkLedger {
    /// The file's path.
    public let path: String

    /// Creates a ledger at `path` (its folder must exist).
    public init(path: String) {
        self.path = path
    }

    /// When the check ran (the file's content: seconds since 1970), or nil without a file.
    /// - Throws: when the file exists but cannot be read.
    public func checkedAt() throws -> Date? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return Double(text.trimmingCharacters(in: .whitespacesAndNewlines)).map(Date.init(timeIntervalSince1970:))
            ?? Date(timeIntervalSince1970: 0)
    }

    /// Writes the moment of the check.
    /// - Throws: ``FileWriteError`` when the file cannot be written.
    public func recordCheck(at date: Date) throws {
        try PrivateFile.write(Data(String(date.timeIntervalSince1970).utf8), to: path)
    }

    /// The kept short link (the file `path` + `.link`), or nil without one.
    /// - Throws: when the file exists but cannot be read.
    public func keptLink() throws -> String? {
        let linkPath = path + ".link"
        guard FileManager.default.fileExists(atPath: linkPath) else { return nil }
        let text = try String(contentsOfFile: linkPath, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    /// Writes the kept short link, or removes its file for nil.
    /// - Throws: ``FileWriteError`` when the file cannot be written, or the removal's error.
    public func keepLink(_ link: String?) throws {
        let linkPath = path + ".link"
        guard let link else {
            if FileManager.default.fileExists(atPath: linkPath) { try FileManager.default.removeItem(atPath: linkPath) }
            return
        }
        try PrivateFile.write(Data(link.utf8), to: linkPath)
    }
}

/// A ``DeferredLinkLedger`` in memory: for tests, and for apps that keep the flag elsewhere.
public final class InMemoryDeferredLinkLedger: DeferredLinkLedger {
    private let date: Locked<Date?>
    private let link: Locked<String?>

    /// Creates a ledger; `checkedAt` is when an earlier check ran, nil for a fresh install, and
    /// `keptLink` a short link accepted before and not yet answered.
    public init(checkedAt: Date? = nil, keptLink: String? = nil) {
        date = Locked(checkedAt)
        link = Locked(keptLink)
    }

    /// When the check ran.
    public func checkedAt() throws -> Date? { date.withLock { $0 } }

    /// Records the check.
    public func recordCheck(at date: Date) throws { self.date.withLock { $0 = date } }

    /// The kept short link.
    public func keptLink() throws -> String? { link.withLock { $0 } }

    /// Keeps (or, with nil, forgets) the short link.
    public func keepLink(_ link: String?) throws { self.link.withLock { $0 = link } }
}
