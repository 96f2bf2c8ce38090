public import Foundation

extension InMemoryLinkStore {
    /// Stores a new link; a code used before, even by a deleted link, is taken.
    public func insert(_ link: SmartLink, webhooks: [WebhookDelivery.New], audit: AuditEntry?) async throws {
        try check()
        if (link.redeemLimit ?? 0) < 0 { throw Self.negativeLimit(link) }
        guard put(link) else { throw StoreError.codeTaken(link.code) }
        webhookTables.enqueue(webhooks)
        if let audit { append(audit) }
    }

    /// Stores each link whose code is free, in one actor step; returns the codes that were taken
    /// (a code given twice in one call is taken the second time).
    public func insert(contentsOf links: [SmartLink], webhooks: WebhookDeliveries?) async throws -> Set<String> {
        try check()
        // As the databases' CHECK constraint does, refuse the whole call before writing any of it.
        if let bad = links.first(where: { ($0.redeemLimit ?? 0) < 0 }) { throw Self.negativeLimit(bad) }
        var taken: Set<String> = []
        for link in links {
            if put(link) {
                if let webhooks { webhookTables.enqueue(webhooks(link)) }
            } else {
                taken.insert(link.code)
            }
        }
        return taken
    }

    private static func negativeLimit(_ link: SmartLink) -> StoreError {
        StoreError(.corrupt, "link '\(link.code)' has a negative redeem limit, which the schema refuses")
    }

    /// Keeps `link` with its instants to the millisecond, as the databases do; false when its code is taken.
    private func put(_ link: SmartLink) -> Bool {
        guard links[link.code] == nil else { return false }
        var stored = link
        stored.createdAt = StoredDate.rounded(link.createdAt)
        stored.expiresAt = link.expiresAt.map(StoredDate.rounded)
        stored.deletedAt = link.deletedAt.map(StoredDate.rounded)
        links[link.code] = stored
        return true
    }

    /// The link with this code, live or gone.
    public func link(code: String) async throws -> SmartLink? {
        try check()
        return links[code]
    }

    public func links(codes: [String]) async throws -> [SmartLink] {
        try check()
        return Set(codes).compactMap { links[$0] }
    }

    /// A team's live links, newest first (ties by code, descending), with the stores' cursors.
    public func list(team: String, limit: Int, cursor: String?, matching: String?) async throws -> LinkPage {
        try check()
        let limit = ListLimit.clamped(limit)
        let after = try cursor.map { text throws(StoreError) in try ListCursor(parsing: text) }
        let rows = links.values
            .filter { link in
                guard link.team == team, link.deletedAt == nil else { return false }
                if let matching, !Self.contains(link.label ?? "", matching), !Self.contains(link.code, matching) { return false }
                guard let after else { return true }
                let created = StoredDate.milliseconds(link.createdAt)
                return created < after.createdAt || (created == after.createdAt && link.code < after.code)
            }
            .sorted { ($0.createdAt, $0.code) > ($1.createdAt, $1.code) }
            .prefix(limit + 1)
        return makePage(Array(rows), limit: limit)
    }

    /// Whether `text` contains `part`, ASCII letters compared without case (as the SQL stores do).
    static func contains(_ text: String, _ part: String) -> Bool {
        func lowered(_ string: String) -> [UInt8] { string.utf8.map { $0 &- UInt8(ascii: "A") < 26 ? $0 | 0x20 : $0 } }
        let haystack = lowered(text), needle = lowered(part)
        guard !needle.isEmpty else { return true }
        guard haystack.count >= needle.count else { return false }
        return (0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    /// Every team's links that are not deleted, in code order, after `code`.
    public func liveLinks(after code: String?, limit: Int) async throws -> [SmartLink] {
        try check()
        let limit = ListLimit.clamped(limit)
        // Byte order, as SQLite's BINARY collation and PostgreSQL's "C" collation of the key.
        let precedes = { (left: String, right: String) in left.utf8.lexicographicallyPrecedes(right.utf8) }
        let live = links.values.filter { link in link.deletedAt == nil && (code.map { precedes($0, link.code) } ?? true) }
        return Array(live.sorted { precedes($0.code, $1.code) }.prefix(limit))
    }

    /// Makes the changes to a live link.
    public func update(code: String, team: String, changes: LinkChanges, audit: AuditEntry?) async throws -> SmartLink? {
        try check()
        guard var link = links[code], link.team == team, link.deletedAt == nil else { return nil }
        if let fallbacks = changes.fallbacks {
            link.fallbacks.ios = fallbacks.ios
            link.fallbacks.android = fallbacks.android
            link.fallbacks.web = fallbacks.web
        }
        if let proof = changes.installProof { link.installProof = proof }
        if let actions = changes.installProofFor { link.installProofFor = actions.map(InstallProofAction.normalized) }
        if let hash = changes.passwordHash { link.content.passwordHash = hash }
        if let rules = changes.rules { link.content.rules = rules.flatMap { $0.isEmpty ? nil : $0 } }
        if let variants = changes.variants { link.content.variants = variants }
        links[code] = link
        if let audit { append(audit) }
        return link
    }

    /// Marks a live link deleted.
    public func delete(code: String, team: String, at: Date, audit: AuditEntry?) async throws -> Bool {
        try check()
        guard var link = links[code], link.team == team, link.deletedAt == nil else { return false }
        link.deletedAt = StoredDate.rounded(at)
        links[code] = link
        if let audit { append(audit) }
        return true
    }

    /// Counts one click in one actor step.
    public func spendClick(code: String) async throws -> ClickSpend {
        try check()
        guard var link = links[code], let limit = link.maxClicks, link.clickCount < limit else { return .outOfClicks }
        link.clickCount += 1
        links[code] = link
        return .counted(link.clickCount)
    }

    /// Spends one redemption in one actor step.
    public func redeem(code: String, install: String, at: Date, spread: InstallSpread?,
                       webhooks: WebhookDeliveries?) async throws -> RedeemResult {
        try check()
        let now = StoredDate.rounded(at)
        guard var link = links[code] else { return .notFound }
        if link.isGone(at: now) { return .gone }
        if redemptions[code]?[install] != nil { return .alreadyRedeemed(link) }
        if link.isExhausted { return .exhausted }
        if let spread {
            let since = now.addingTimeInterval(-Double(spread.seconds))
            let installs = redemptions[code, default: [:]].values.count {
                $0.addressRange == spread.addressRange && $0.at > since
            }
            if installs >= spread.limit { return .tooManyInstalls }
            if let perLink = spread.perLink,
               redemptions[code, default: [:]].values.count(where: { $0.addressRange != nil }) >= perLink {
                return .unprovedLimitReached
            }
        }
        link.redeemCount += 1
        links[code] = link
        redemptions[code, default: [:]][install] = Redemption(addressRange: spread?.addressRange, at: now)
        if let webhooks { webhookTables.enqueue(webhooks(link)) }
        return .redeemed(link)
    }
}
