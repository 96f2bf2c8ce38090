extension SQLiteLinkStore {
    /// The schema, one forward-only step at a time. Instants are integer milliseconds since 1970
    /// (UTC); dictionaries are JSON text. Deleted links keep their row so a code is never reused.
    static let migrations: [Migration] = Migration.ordered([
        Migration(version: 1, name: "links and clicks", statements: [
            """
            CREATE TABLE links (
                code TEXT PRIMARY KEY NOT NULL,
                team TEXT NOT NULL,
                route TEXT NOT NULL,
                route_name TEXT,
                route_parameters TEXT NOT NULL,
                query_parameters TEXT NOT NULL,
                metadata TEXT,
                redeem_limit INTEGER CHECK (redeem_limit IS NULL OR redeem_limit >= 0),
                redeem_count INTEGER NOT NULL DEFAULT 0,
                fallback_ios TEXT,
                fallback_android TEXT,
                fallback_web TEXT,
                preview_title TEXT,
                preview_description TEXT,
                preview_image TEXT,
                created_at INTEGER NOT NULL,
                expires_at INTEGER,
                deleted_at INTEGER)
            """,
            """
            CREATE INDEX links_team_listing ON links (team, created_at DESC, code DESC)
                WHERE deleted_at IS NULL
            """,
            """
            CREATE TABLE clicks (
                id INTEGER PRIMARY KEY,
                code TEXT NOT NULL,
                at INTEGER NOT NULL,
                platform TEXT NOT NULL,
                referrer TEXT)
            """,
            "CREATE INDEX clicks_code_at ON clicks (code, at)",
        ]),
        Migration(version: 2, name: "deferred opens", statements: [
            """
            CREATE TABLE deferred_opens (
                id INTEGER PRIMARY KEY,
                fingerprint TEXT NOT NULL,
                code TEXT NOT NULL,
                expires_at INTEGER NOT NULL)
            """,
            "CREATE INDEX deferred_opens_fingerprint ON deferred_opens (fingerprint)",
            "CREATE INDEX deferred_opens_expiry ON deferred_opens (expires_at)",
        ]),
        Migration(version: 3, name: "dashboard sessions", statements: [
            """
            CREATE TABLE dashboard_sessions (
                token_hash TEXT PRIMARY KEY NOT NULL,
                team TEXT NOT NULL,
                csrf TEXT NOT NULL,
                expires_at INTEGER NOT NULL)
            """,
            "CREATE INDEX dashboard_sessions_expiry ON dashboard_sessions (expires_at)",
        ]),
        Migration(version: 4, name: "click campaigns", statements: [
            "ALTER TABLE clicks ADD COLUMN campaign TEXT",
        ]),
        Migration(version: 5, name: "links created by the app", statements: [
            "ALTER TABLE links ADD COLUMN created_by_app INTEGER NOT NULL DEFAULT 0",
        ]),
        // Clicks counted per link, UTC day and platform as they are written (ClickTotals); the
        // clicks themselves are only appended, so the index by code goes. Existing clicks are
        // counted once here (the day rounded down for instants before 1970, as StoredDate.day).
        Migration(version: 6, name: "click totals per day", statements: [
            """
            CREATE TABLE click_days (
                code TEXT NOT NULL,
                day INTEGER NOT NULL,
                platform TEXT NOT NULL,
                count INTEGER NOT NULL,
                PRIMARY KEY (code, day, platform)) WITHOUT ROWID
            """,
            """
            INSERT INTO click_days (code, day, platform, count)
            SELECT code, CASE WHEN at >= 0 THEN at / 86400000 ELSE (at + 1) / 86400000 - 1 END AS day, platform, COUNT(*)
            FROM clicks GROUP BY code, day, platform
            """,
            "DROP INDEX clicks_code_at",
        ]),
        // Match confidence and redemptions per install: a link says whether a heuristic deferred
        // claim may hand it out (links with metadata or a redeem limit: only an exact one), a
        // remembered open carries that, and each install's redemption of a link is kept so a
        // retry answers the same metadata without spending again.
        Migration(version: 7, name: "deferred match and redemptions per install", statements: [
            "ALTER TABLE links ADD COLUMN deferred_match TEXT NOT NULL DEFAULT 'any'",
            """
            UPDATE links SET deferred_match = 'exact'
            WHERE redeem_limit IS NOT NULL OR (metadata IS NOT NULL AND metadata <> '{}')
            """,
            "ALTER TABLE deferred_opens ADD COLUMN exact_only INTEGER NOT NULL DEFAULT 0",
            """
            CREATE TABLE redemptions (
                code TEXT NOT NULL,
                install TEXT NOT NULL,
                redeemed_at INTEGER NOT NULL,
                PRIMARY KEY (code, install)) WITHOUT ROWID
            """,
        ]),
        // Requests made under an Idempotency-Key (SQLiteLinkStore+Idempotency.swift); a rowid
        // table, so that old rows are deleted in small batches by rowid.
        Migration(version: 8, name: "idempotency keys", statements: [
            """
            CREATE TABLE idempotency_keys (
                scope TEXT NOT NULL,
                key TEXT NOT NULL,
                owner TEXT NOT NULL,
                fingerprint TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                status INTEGER,
                headers TEXT,
                body TEXT,
                PRIMARY KEY (scope, key))
            """,
            "CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at)",
        ]),
        // Signed webhooks: the teams' subscriptions and the delivery outbox (one row per event and
        // webhook, written with what it reports; deleted once delivered, kept with failed_at when
        // given up). next_attempt_at is also the lease of an attempt in flight.
        Migration(version: 9, name: "webhooks and their outbox", statements: [
            """
            CREATE TABLE webhooks (
                id TEXT PRIMARY KEY NOT NULL,
                team TEXT NOT NULL,
                url TEXT NOT NULL,
                events TEXT NOT NULL,
                secret TEXT NOT NULL,
                created_at INTEGER NOT NULL)
            """,
            "CREATE INDEX webhooks_team ON webhooks (team, created_at)",
            """
            CREATE TABLE webhook_deliveries (
                id INTEGER PRIMARY KEY,
                webhook_id TEXT NOT NULL,
                event_id TEXT NOT NULL,
                event_type TEXT NOT NULL,
                body TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                attempts INTEGER NOT NULL DEFAULT 0,
                next_attempt_at INTEGER NOT NULL,
                failed_at INTEGER,
                last_error TEXT)
            """,
            "CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE failed_at IS NULL",
            "CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries (webhook_id, failed_at)",
        ]),
        // App-side events (resolves, first opens, redeems) counted per link, UTC day and platform,
        // as click_days counts clicks.
        Migration(version: 10, name: "event totals per day", statements: [
            """
            CREATE TABLE event_days (
                code TEXT NOT NULL,
                day INTEGER NOT NULL,
                event TEXT NOT NULL,
                platform TEXT NOT NULL,
                count INTEGER NOT NULL,
                PRIMARY KEY (code, day, event, platform)) WITHOUT ROWID
            """,
        ]),
        // Links follow their route by name: the live links of one stored route (name and pattern)
        // are read together, and links stored without a name are named by pattern when the service
        // starts with a table (nameStoredRoutes). The naming needs the route table, which the
        // database does not have, so it runs at start-up, not here.
        Migration(version: 11, name: "live links by stored route", statements: [
            "CREATE INDEX links_live_route ON links (route, route_name, code) WHERE deleted_at IS NULL",
        ]),
        // What a Firebase Dynamic Link carries beyond a route link: a label (its "Link name"),
        // switched off (archived), campaign fields, minimum app versions, forced redirect, and the
        // iPad and App Store fallbacks. A link without a route has route ''.
        Migration(version: 12, name: "link labels and Firebase fields", statements: [
            "ALTER TABLE links ADD COLUMN label TEXT",
            "ALTER TABLE links ADD COLUMN disabled INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE links ADD COLUMN campaign TEXT",
            "ALTER TABLE links ADD COLUMN minimum_version_ios TEXT",
            "ALTER TABLE links ADD COLUMN minimum_version_android TEXT",
            "ALTER TABLE links ADD COLUMN forced_redirect INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE links ADD COLUMN fallback_ipad TEXT",
            "ALTER TABLE links ADD COLUMN fallback_app_store TEXT",
        ]),
        // App Attest: a link's install proof (NULL: the service's default), the address range of each
        // redemption (the cap on distinct installs per range), one-time challenges, and each
        // install's attested key with the highest assertion counter accepted.
        Migration(version: 13, name: "install proof and App Attest keys", statements: [
            "ALTER TABLE links ADD COLUMN install_proof TEXT",
            "ALTER TABLE redemptions ADD COLUMN address_range TEXT",
            "CREATE INDEX redemptions_range ON redemptions (code, address_range, redeemed_at) WHERE address_range IS NOT NULL",
            "CREATE TABLE attest_challenges (challenge TEXT PRIMARY KEY NOT NULL, expires_at INTEGER NOT NULL) WITHOUT ROWID",
            """
            CREATE TABLE attest_keys (
                key_id TEXT PRIMARY KEY NOT NULL,
                install TEXT NOT NULL,
                app_id TEXT NOT NULL,
                public_key BLOB NOT NULL,
                counter INTEGER NOT NULL,
                attested_at INTEGER NOT NULL) WITHOUT ROWID
            """,
        ]),
        // Teams, their named keys (by SHA-256 digest only) and the audit log of their changes.
        Migration(version: 14, name: "teams, named keys and the audit log", statements: [
            "CREATE TABLE teams (name TEXT PRIMARY KEY NOT NULL, created_at INTEGER NOT NULL)",
            """
            CREATE TABLE access_keys (
                name TEXT PRIMARY KEY NOT NULL,
                team TEXT NOT NULL,
                role TEXT NOT NULL,
                key_hash TEXT NOT NULL UNIQUE,
                hint TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                expires_at INTEGER,
                last_used_at INTEGER,
                revoked_at INTEGER)
            """,
            """
            CREATE TABLE audit_log (
                id INTEGER PRIMARY KEY,
                team TEXT NOT NULL,
                at INTEGER NOT NULL,
                key_name TEXT NOT NULL,
                role TEXT NOT NULL,
                address TEXT NOT NULL,
                action TEXT NOT NULL,
                target TEXT NOT NULL,
                detail TEXT NOT NULL)
            """,
            "CREATE INDEX audit_log_team ON audit_log (team, id)",
            "CREATE INDEX audit_log_at ON audit_log (at)",
            // Who signed a dashboard session in; NULL in sessions stored before: the bootstrap admin key.
            "ALTER TABLE dashboard_sessions ADD COLUMN key_name TEXT",
            "ALTER TABLE dashboard_sessions ADD COLUMN role TEXT",
            "ALTER TABLE dashboard_sessions ADD COLUMN key_hash TEXT",
        ]),
        // The address range each App Attest challenge was issued to (the cap on a range's
        // outstanding challenges; '' for challenges stored before), and the expiry sweep's index.
        Migration(version: 15, name: "attest challenges per client", statements: [
            "ALTER TABLE attest_challenges ADD COLUMN client TEXT NOT NULL DEFAULT ''",
            "CREATE INDEX attest_challenges_client ON attest_challenges (client, expires_at)",
            "CREATE INDEX attest_challenges_expiry ON attest_challenges (expires_at)",
        ]),
        // The app endpoints a link's install proof applies to (comma-separated: redeem, resolve);
        // NULL, as in links stored before, is the redeem only.
        Migration(version: 17, name: "install proof endpoints", statements: [
            "ALTER TABLE links ADD COLUMN install_proof_for TEXT",
        ]),
        // The attested keys of one install, counted when it attests another (the cap per install).
        Migration(version: 18, name: "attested keys by install", statements: [
            "CREATE INDEX attest_keys_install ON attest_keys (install)",
        ]),
        // Key names per team: two teams may each have a key called `deploy`, and a name taken
        // tells nothing of another team's keys. SQLite cannot change a primary key: the table is
        // made again and its rows copied.
        Migration(version: 19, name: "key names per team", statements: [
            """
            CREATE TABLE access_keys_by_team (
                name TEXT NOT NULL,
                team TEXT NOT NULL,
                role TEXT NOT NULL,
                key_hash TEXT NOT NULL UNIQUE,
                hint TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                expires_at INTEGER,
                last_used_at INTEGER,
                revoked_at INTEGER,
                PRIMARY KEY (team, name))
            """,
            """
            INSERT INTO access_keys_by_team (name, team, role, key_hash, hint, created_at, expires_at, last_used_at, revoked_at)
            SELECT name, team, role, key_hash, hint, created_at, expires_at, last_used_at, revoked_at FROM access_keys
            """,
            "DROP TABLE access_keys",
            "ALTER TABLE access_keys_by_team RENAME TO access_keys",
        ]),
        // Which key made each audit entry, by its identity, not its name.
        Migration(version: 20, name: "audit entries name their key", statements: [
            "ALTER TABLE audit_log ADD COLUMN key_id TEXT",
        ]),
        // Link domains beside the bootstrap one (`--base-url`): each held by one team. A link on
        // one is kept under the key `host/code`, so links and every table keyed by code need no change.
        Migration(version: 22, name: "link domains", statements: [
            """
            CREATE TABLE domains (
                host TEXT PRIMARY KEY NOT NULL,
                team TEXT NOT NULL,
                is_default INTEGER NOT NULL DEFAULT 0,
                root_redirect TEXT,
                not_found_redirect TEXT,
                expired_redirect TEXT,
                created_at INTEGER NOT NULL)
            """,
        ]),
        // The A/B tests still to decide, found by their end without reading any other link.
        Migration(version: 26, name: "tests to decide", statements: [
            "CREATE INDEX links_variants_pending_end ON links (variants_pending_end) WHERE variants_pending_end IS NOT NULL",
        ]),
        // Each team's default redirect rules, tried after a link's own.
        Migration(version: 27, name: "team default rules", statements: [
            "CREATE TABLE team_rules (team TEXT PRIMARY KEY NOT NULL, rules TEXT NOT NULL, updated_at INTEGER NOT NULL)",
        ]),
        // How each click is counted (issue 55): human, bot or duplicate, and the client's country
        // (never its address); NULL for clicks stored before. Clicks per link, day and country
        // ('' for unknown), counted as they are written: every click, people's, people's firsts.
        Migration(version: 28, name: "click kinds and countries", statements: [
            "ALTER TABLE clicks ADD COLUMN kind TEXT",
            "ALTER TABLE clicks ADD COLUMN country TEXT",
            """
            CREATE TABLE country_days (
                code TEXT NOT NULL,
                day INTEGER NOT NULL,
                country TEXT NOT NULL,
                clicks INTEGER NOT NULL,
                humans INTEGER NOT NULL,
                uniques INTEGER NOT NULL,
                PRIMARY KEY (code, day, country)) WITHOUT ROWID
            """,
        ]),
    ] + LinkColumns.migrations(types: columnType, false: "0"))
}
