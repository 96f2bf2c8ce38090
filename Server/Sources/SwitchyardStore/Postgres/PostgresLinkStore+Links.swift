public import Foundation
import PostgresNIO

extension PostgresLinkStore {
    public func insert(_ link: SmartLink, webhooks: [WebhookDelivery.New], audit: AuditEntry?) async throws {
        var bindings = PostgresBindings(capacity: Self.columnCount)
        Self.bind(link, into: &bindings)
        let insert = PostgresQuery(
            unsafeSQL: "INSERT INTO links (\(Self.columns)) VALUES \(Self.placeholders(rows: 1, columns: Self.columnCount))"
                + " ON CONFLICT (code) DO NOTHING RETURNING code",
            binds: bindings)
        // One statement on its own; a transaction only when outbox rows or an audit entry go with it.
        let logger = logger
        let inserted = webhooks.isEmpty && audit == nil ? !(try await rows(insert).isEmpty) : try await run { client in
            try await client.withTransaction(logger: logger) { connection in
                guard !(try await connection.query(insert, logger: logger).collect().isEmpty) else { return false }
                try await Self.enqueue(connection, webhooks, logger: logger)
                if let audit { try await Self.append(connection, [audit], logger: logger) }
                return true
            }
        }
        guard inserted else { throw StoreError.codeTaken(link.code) }
    }

    public func insert(contentsOf links: [SmartLink], webhooks: WebhookDeliveries?) async throws -> Set<String> {
        guard !links.isEmpty else { return [] }
        // One multi-row INSERT per 2,000 links (at 28 parameters a row, PostgreSQL allows 2,340),
        // all in one transaction.
        var queries: [PostgresQuery] = []
        // PostgreSQL takes at most 65,535 parameters a statement: as many rows as fit, whatever
        // the number of columns (a new link column lowers it).
        let rowsPerStatement = min(2000, 65_535 / Self.columnCount)
        for start in stride(from: 0, to: links.count, by: rowsPerStatement) {
            let batch = links[start..<min(start + rowsPerStatement, links.count)]
            var bindings = PostgresBindings(capacity: batch.count * Self.columnCount)
            for link in batch { Self.bind(link, into: &bindings) }
            let sql = "INSERT INTO links (\(Self.columns)) VALUES \(Self.placeholders(rows: batch.count, columns: Self.columnCount))"
                + " ON CONFLICT (code) DO NOTHING RETURNING code"
            queries.append(PostgresQuery(unsafeSQL: sql, binds: bindings))
        }
        let codes = links.map(\.code)
        let logger = logger
        let statements = queries
        return try await run { client in
            try await client.withTransaction(logger: logger) { connection in
                // A code given twice is written once: count occurrences, not codes.
                var unwritten: [String: Int] = [:]
                for code in codes { unwritten[code, default: 0] += 1 }
                var written: Set<String> = []
                for query in statements {
                    for try await row in try await connection.query(query, logger: logger) {
                        let code = try row.decode(String.self)
                        unwritten[code, default: 0] -= 1
                        written.insert(code)
                    }
                }
                if let webhooks {
                    // The first link of each written code is the one written.
                    var reported: Set<String> = []
                    let deliveries = links.filter { written.contains($0.code) && reported.insert($0.code).inserted }.flatMap(webhooks)
                    try await Self.enqueue(connection, deliveries, logger: logger)
                }
                return Set(unwritten.filter { $0.value > 0 }.keys)
            }
        }
    }

    public func link(code: String) async throws -> SmartLink? {
        try await rows("SELECT \(unescaped: Self.columns) FROM links WHERE code = \(code)")
            .first.map(Self.decodeLink)
    }

    /// 250: opens that miss the service's cache together share a round trip (see BENCHMARKS.md, "Each
    /// scenario on a quiet server; the last of the one-core tail; misses read in batches on
    /// PostgreSQL").
    public var missBatchSize: Int { 250 }

    public func links(codes: [String]) async throws -> [SmartLink] {
        guard !codes.isEmpty else { return [] }
        return try await rows("SELECT \(unescaped: Self.columns) FROM links WHERE code = ANY(\(Array(Set(codes))))")
            .map(Self.decodeLink)
    }

    public func list(team: String, limit: Int, cursor: String?, matching: String?) async throws -> LinkPage {
        let limit = ListLimit.clamped(limit)
        let query: PostgresQuery
        // strpos() after lowering the ASCII letters only (translate), as SQLite's lower() does: a
        // substring, no LIKE wildcards to escape. An empty search matches every link.
        let search = matching ?? ""
        let upper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
        let lower = "abcdefghijklmnopqrstuvwxyz"
        if let cursor {
            let after = try ListCursor(parsing: cursor)
            let createdAt = StoredDate.date(milliseconds: after.createdAt)
            query = """
                SELECT \(unescaped: Self.columns) FROM links
                WHERE team = \(team) AND deleted_at IS NULL
                  AND (strpos(translate(coalesce(label, ''), \(upper), \(lower)), translate(\(search), \(upper), \(lower))) > 0
                       OR strpos(translate(code, \(upper), \(lower)), translate(\(search), \(upper), \(lower))) > 0)
                  AND (created_at, code) < (\(createdAt), \(after.code))
                ORDER BY created_at DESC, code DESC LIMIT \(limit + 1)
                """
        } else {
            query = """
                SELECT \(unescaped: Self.columns) FROM links WHERE team = \(team) AND deleted_at IS NULL
                  AND (strpos(translate(coalesce(label, ''), \(upper), \(lower)), translate(\(search), \(upper), \(lower))) > 0
                       OR strpos(translate(code, \(upper), \(lower)), translate(\(search), \(upper), \(lower))) > 0)
                ORDER BY created_at DESC, code DESC LIMIT \(limit + 1)
                """
        }
        return makePage(try await rows(query).map(Self.decodeLink), limit: limit)
    }

    public func update(code: String, team: String, changes: LinkChanges, audit: AuditEntry?) async throws -> SmartLink? {
        var binds = PostgresBindings()
        let assignments = changes.columnChanges.map { column in
            binds.append(column.sets)
            Self.bind(column.value, into: &binds)
            return column.assignment(sets: "$\(binds.count - 1)", value: "$\(binds.count)")
        }
        binds.append(code)
        binds.append(team)
        let query = PostgresQuery(unsafeSQL: """
            UPDATE links SET \(assignments.joined(separator: ", "))
            WHERE code = $\(binds.count - 1) AND team = $\(binds.count) AND deleted_at IS NULL
            RETURNING \(Self.columns)
            """, binds: binds)
        return try await changedRows(query, audit: audit).first.map(Self.decodeLink)
    }

    public func delete(code: String, team: String, at: Date, audit: AuditEntry?) async throws -> Bool {
        !(try await changedRows("""
            UPDATE links SET deleted_at = \(StoredDate.rounded(at))
            WHERE code = \(code) AND team = \(team) AND deleted_at IS NULL
            RETURNING code
            """, audit: audit)).isEmpty
    }

    public func spendClick(code: String) async throws -> ClickSpend {
        let rows = try await rows("""
            UPDATE links SET click_count = click_count + 1
            WHERE code = \(code) AND max_clicks IS NOT NULL AND click_count < max_clicks
            RETURNING click_count
            """)
        return try rows.first.map { ClickSpend.counted(try $0.decode(Int.self)) } ?? .outOfClicks
    }

    /// One transaction: the install's row first (a concurrent call of the same install waits on
    /// it, and finds it once this one commits), then the conditional update; when nothing was
    /// spent the row is deleted again before the commit, so the install may try again later.
    public func redeem(code: String, install: String, at: Date, spread: InstallSpread?,
                       webhooks: WebhookDeliveries?) async throws -> RedeemResult {
        enum Attempt: Sendable { case spent(SmartLink), earlier, notSpent, tooManyInstalls, unprovedLimitReached }
        let now = StoredDate.rounded(at)
        let logger = logger
        let range = spread?.addressRange
        let attempt = try await run { client in
            try await client.withTransaction(logger: logger) { connection -> Attempt in
                let recorded = try await connection.query("""
                    INSERT INTO redemptions (code, install, redeemed_at, address_range)
                    VALUES (\(code), \(install), \(now), \(range))
                    ON CONFLICT (code, install) DO NOTHING RETURNING code
                    """, logger: logger)
                var inserted = false
                for try await _ in recorded { inserted = true }
                guard inserted else { return .earlier }
                let spent = try await connection.query("""
                    UPDATE links SET redeem_count = redeem_count + 1
                    WHERE code = \(code) AND deleted_at IS NULL AND NOT disabled
                      AND (expires_at IS NULL OR expires_at > \(now))
                      AND (redeem_limit IS NULL OR redeem_count < redeem_limit)
                    RETURNING \(unescaped: Self.columns)
                    """, logger: logger)
                var link: SmartLink?
                for try await row in spent { link = try Self.decodeLink(row) }
                if link != nil, let spread {
                    // The UPDATE holds the link's row, so concurrent redemptions of the link
                    // count one after another; this one's own row is among those counted.
                    let since = now.addingTimeInterval(-Double(spread.seconds))
                    let counted = try await connection.query("""
                        SELECT count(*) FROM redemptions
                        WHERE code = \(code) AND address_range = \(spread.addressRange) AND redeemed_at > \(since)
                        """, logger: logger)
                    var installs = 0
                    for try await row in counted { installs = try row.decode(Int.self) }
                    var unproved = 0
                    if spread.perLink != nil {
                        let all = try await connection.query("""
                            SELECT count(*) FROM redemptions WHERE code = \(code) AND address_range IS NOT NULL
                            """, logger: logger)
                        for try await row in all { unproved = try row.decode(Int.self) }
                    }
                    let overAddress = installs > spread.limit
                    if overAddress || spread.perLink.map({ unproved > $0 }) == true {
                        // Undone before the commit: nothing spent, no row kept.
                        try await connection.query(
                            "UPDATE links SET redeem_count = redeem_count - 1 WHERE code = \(code)", logger: logger)
                        try await connection.query(
                            "DELETE FROM redemptions WHERE code = \(code) AND install = \(install)", logger: logger)
                        return overAddress ? .tooManyInstalls : .unprovedLimitReached
                    }
                }
                if let link {
                    if let webhooks { try await Self.enqueue(connection, webhooks(link), logger: logger) }
                    return .spent(link)
                }
                try await connection.query(
                    "DELETE FROM redemptions WHERE code = \(code) AND install = \(install)", logger: logger)
                return .notSpent
            }
        }
        switch attempt {
        case .spent(let link):
            return .redeemed(link)
        case .tooManyInstalls:
            return .tooManyInstalls
        case .unprovedLimitReached:
            return .unprovedLimitReached
        case .earlier:
            let link = try await link(code: code)
            if let link, !link.isGone(at: now) { return .alreadyRedeemed(link) }
            return classifyFailedRedeem(link, at: now)
        case .notSpent:
            return classifyFailedRedeem(try await link(code: code), at: now)
        }
    }
}
