import Foundation
import SwitchyardStore

extension FirebaseImporter {
    /// Writes the batch in one transaction (a dry run only looks the codes up); codes already
    /// taken count as already there when the stored link is the same, and are rejected otherwise.
    func write(_ state: inout State, dryRun: Bool) async throws {
        let batch = state.batch
        guard !batch.isEmpty else { return }
        state.batch.removeAll(keepingCapacity: true)
        var taken: Set<String>
        var refused: [String: String] = [:]
        if dryRun {
            taken = Set(try await store.links(codes: batch.map(\.link.code)).map(\.code))
        } else {
            let (links, over) = try await handOff?.admit(batch.map(\.link), store: store) ?? (batch.map(\.link), [:])
            refused = over
            taken = try await store.insert(contentsOf: links, webhooks: handOff?.created)
        }
        for entry in batch {
            if let reason = refused[entry.link.code] {
                state.reject(file: entry.file, line: entry.line, shortLink: entry.shortLink, reason)
                continue
            }
            guard taken.contains(entry.link.code) else {
                count(entry, asNew: true, into: &state)
                continue
            }
            guard let stored = try await store.link(code: entry.link.code) else {
                state.reject(file: entry.file, line: entry.line, shortLink: entry.shortLink,
                             "the code '\(entry.link.code)' was taken while importing; run the import again")
                continue
            }
            if stored.deletedAt != nil {
                state.reject(file: entry.file, line: entry.line, shortLink: entry.shortLink,
                             "duplicate suffix: '\(entry.link.code)' belongs to a deleted link (codes are never reused)")
            } else if Self.sameContent(stored, entry.link) {
                count(entry, asNew: false, into: &state)
            } else {
                state.reject(file: entry.file, line: entry.line, shortLink: entry.shortLink,
                             "duplicate suffix: '\(entry.link.code)' is already a link with other content")
            }
        }
    }

    /// A hash of what ``sameContent(_:_:)`` compares (equal content, equal fingerprint; within one
    /// process).
    static func fingerprint(_ link: SmartLink) -> Int {
        var copy = link
        copy.code = ""
        copy.createdAt = Date(timeIntervalSince1970: 0)
        copy.deletedAt = nil
        copy.redeemCount = 0
        return copy.hashValue
    }

    /// Whether two links open the same way (everything but the code, the instants other than the
    /// expiry, and the redeem count).
    static func sameContent(_ a: SmartLink, _ b: SmartLink) -> Bool {
        var a = a
        a.code = b.code
        a.createdAt = b.createdAt
        a.deletedAt = b.deletedAt
        a.redeemCount = b.redeemCount
        return a == b
    }
}
