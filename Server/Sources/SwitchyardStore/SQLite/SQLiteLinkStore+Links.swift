public import Foundation
import GRDB

extension SQLiteLinkStore {
    public func insert(_ link: SmartLink, webhooks: [WebhookDelivery.New], audit: AuditEntry?) async throws {
        let arguments = Self.insertArguments(link)
        let inserted = try await write { db in
            try db.execute(sql: """
                INSERT INTO links (\(Self.columns)) VALUES (\(Self.placeholders))
                ON CONFLICT (code) DO NOTHING
                """, arguments: arguments)
            guard db.changesCount > 0 else { return false }
            try Self.enqueue(db, webhooks)
            if let audit { try Self.append(db, [audit]) }
            return true
        }
        guard inserted else { throw StoreError.codeTaken(link.code) }
    }

    public func insert(contentsOf links: [SmartLink], webhooks: WebhookDeliveries?) async throws -> Set<String> {
        guard !links.isEmpty else { return [] }
        let rows = links.map { ($0.code, Self.insertArguments($0)) }
        return try await write { db in
            // One transaction (GRDB's write), one prepared statement for every row.
            let statement = try db.cachedStatement(sql: """
                INSERT INTO links (\(Self.columns)) VALUES (\(Self.placeholders))
                ON CONFLICT (code) DO NOTHING
                """)
            var taken: Set<String> = []
            for (index, (code, arguments)) in rows.enumerated() {
                try statement.execute(arguments: arguments)
                if db.changesCount == 0 {
                    taken.insert(code)
                } else if let webhooks {
                    try Self.enqueue(db, webhooks(links[index]))
                }
            }
            return taken
        }
    }

    public func link(code: String) async throws -> SmartLink? {
        try await readOneStatement { db in try Self.fetchLink(db, code: code) }
    }

    public func links(codes: [String]) async throws -> [SmartLink] {
        let codes = Array(Set(codes))
        guard !codes.isEmpty else { return [] }
        // Statements of at most 500 codes (SQLite binds up to 32,766): one reads its snapshot on its
        // own, without a transaction; several share one read transaction.
        let chunk = 500
        if codes.count == 1 {
            // The cached statement of `link(code:)`: an open that misses the cache reads this way.
            return try await readOneStatement { db in try Self.fetchLink(db, code: codes[0]).map { [$0] } ?? [] }
        }
        if codes.count <= chunk {
            return try await readOneStatement { db in try Self.fetchLinks(db, codes: codes) }
        }
        return try await read { db in
            try stride(from: 0, to: codes.count, by: chunk).flatMap { start in
                try Self.fetchLinks(db, codes: Array(codes[start..<min(start + chunk, codes.count)]))
            }
        }
    }

    /// The links with these codes, in one statement.
    private static func fetchLinks(_ db: Database, codes: [String]) throws -> [SmartLink] {
        let marks = repeatElement("?", count: codes.count).joined(separator: ", ")
        return try Row.fetchAll(db, sql: "SELECT \(columns) FROM links WHERE code IN (\(marks))",
                                arguments: StatementArguments(codes)).map(decodeLink)
    }

    public func list(team: String, limit: Int, cursor: String?, matching: String?) async throws -> LinkPage {
        let limit = ListLimit.clamped(limit)
        let after = try cursor.map { text throws(StoreError) in try ListCursor(parsing: text) }
        // instr() on lower(): a substring, ASCII letters without case, no LIKE wildcards to escape.
        let search = matching == nil ? "" : "AND (instr(lower(coalesce(label, '')), lower(?)) > 0 OR instr(lower(code), lower(?)) > 0)"
        let searchArguments = StatementArguments(matching.map { [$0, $0] } ?? [])
        let rows = try await read { db in
            let sql: String
            var arguments: StatementArguments
            if let after {
                sql = """
                    SELECT \(Self.columns) FROM links
                    WHERE team = ? AND deleted_at IS NULL \(search)
                      AND (created_at < ? OR (created_at = ? AND code < ?))
                    ORDER BY created_at DESC, code DESC LIMIT ?
                    """
                arguments = [team]
                arguments += searchArguments
                arguments += [after.createdAt, after.createdAt, after.code, limit + 1]
            } else {
                sql = """
                    SELECT \(Self.columns) FROM links WHERE team = ? AND deleted_at IS NULL \(search)
                    ORDER BY created_at DESC, code DESC LIMIT ?
                    """
                arguments = [team]
                arguments += searchArguments
                arguments += [limit + 1]
            }
            return try Row.fetchAll(db, sql: sql, arguments: arguments).map(Self.decodeLink)
        }
        return makePage(rows, limit: limit)
    }

    public func update(code: String, team: String, changes: LinkChanges, audit: AuditEntry?) async throws -> SmartLink? {
        let columns = changes.columnChanges
        let sql = """
            UPDATE links SET \(columns.map { $0.assignment(sets: "?", value: "?") }.joined(separator: ", "))
            WHERE code = ? AND team = ? AND deleted_at IS NULL
            RETURNING \(Self.columns)
            """
        return try await write { db in
            var arguments: StatementArguments = []
            for column in columns { arguments += [column.sets, Self.argument(column.value)] }
            arguments += [code, team]
            guard let row = try Row.fetchOne(db, sql: sql, arguments: arguments) else { return nil }
            if let audit { try Self.append(db, [audit]) }
            return try Self.decodeLink(row)
        }
    }

    public func delete(code: String, team: String, at: Date, audit: AuditEntry?) async throws -> Bool {
        let at = StoredDate.milliseconds(at)
        return try await write { db in
            try db.execute(
                sql: "UPDATE links SET deleted_at = ? WHERE code = ? AND team = ? AND deleted_at IS NULL",
                arguments: [at, code, team])
            guard db.changesCount > 0 else { return false }
            if let audit { try Self.append(db, [audit]) }
            return true
        }
    }

    public func spendClick(code: String) async throws -> ClickSpend {
        try await write { db in
            try Int.fetchOne(db, sql: """
                UPDATE links SET click_count = click_count + 1
                WHERE code = ? AND max_clicks IS NOT NULL AND click_count < max_clicks
                RETURNING click_count
                """, arguments: [code]).map(ClickSpend.counted) ?? .outOfClicks
        }
    }

    public func redeem(code: String, install: String, at: Date, spread: InstallSpread?,
                       webhooks: WebhookDeliveries?) async throws -> RedeemResult {
        let now = StoredDate.milliseconds(at)
        do {
            return try await spend(code: code, install: install, now: now, spread: spread, webhooks: webhooks)
        } catch is InstallSpreadReached {
            return .tooManyInstalls
        } catch is UnprovedLimitReached {
            return .unprovedLimitReached
        }
    }

    private func spend(code: String, install: String, now: Int64, spread: InstallSpread?,
                       webhooks: WebhookDeliveries?) async throws -> RedeemResult {
        try await write { db -> RedeemResult in
            // One write transaction: SQLite runs one at a time, so the install's row and the
            // count move together.
            let earlier = try Bool.fetchOne(db, sql: "SELECT 1 FROM redemptions WHERE code = ? AND install = ?",
                                            arguments: [code, install]) ?? false
            if earlier {
                let link = try Self.fetchLink(db, code: code)
                if let link, !link.isGone(at: StoredDate.date(milliseconds: now)) { return .alreadyRedeemed(link) }
                return classifyFailedRedeem(link, at: StoredDate.date(milliseconds: now))
            }
            let spent = try Row.fetchOne(db, sql: """
                UPDATE links SET redeem_count = redeem_count + 1
                WHERE code = ? AND deleted_at IS NULL AND disabled = 0
                  AND (expires_at IS NULL OR expires_at > ?)
                  AND (redeem_limit IS NULL OR redeem_count < redeem_limit)
                RETURNING \(Self.columns)
                """, arguments: [code, now])
            guard let spent else {
                return classifyFailedRedeem(try Self.fetchLink(db, code: code), at: StoredDate.date(milliseconds: now))
            }
            if let spread {
                // Throwing rolls the increment back.
                let installs = try Int.fetchOne(db, sql: """
                    SELECT count(*) FROM redemptions WHERE code = ? AND address_range = ? AND redeemed_at > ?
                    """, arguments: [code, spread.addressRange, now - Int64(spread.seconds) * 1000]) ?? 0
                if installs >= spread.limit { throw InstallSpreadReached() }
                if let perLink = spread.perLink {
                    let unproved = try Int.fetchOne(db, sql: """
                        SELECT count(*) FROM redemptions WHERE code = ? AND address_range IS NOT NULL
                        """, arguments: [code]) ?? 0
                    if unproved >= perLink { throw UnprovedLimitReached() }
                }
            }
            try db.execute(sql: "INSERT INTO redemptions (code, install, redeemed_at, address_range) VALUES (?, ?, ?, ?)",
                           arguments: [code, install, now, spread?.addressRange])
            let link = try Self.decodeLink(spent)
            if let webhooks { try Self.enqueue(db, webhooks(link)) }
            return .redeemed(link)
        }
    }

    static let fetchLinkSQL = "SELECT \(columns) FROM links WHERE code = ?"

    static func fetchLink(_ db: Database, code: String) throws -> SmartLink? {
        // A cached statement: the redirect path runs this for every open, and preparing (with
        // GRDB's authorizer) cost more than the query itself.
        try Row.fetchOne(db.cachedStatement(sql: fetchLinkSQL), arguments: [code]).map(decodeLink)
    }
}
