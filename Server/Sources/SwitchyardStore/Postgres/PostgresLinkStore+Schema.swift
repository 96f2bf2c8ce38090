import PostgresNIO

extension PostgresLinkStore {
    /// The schema, one forward-only step at a time; dictionaries are JSON text, kept verbatim.
    /// Deleted links keep their row so a code is never reused.
    static let migrations: [Migration] = Migration.ordered([
        Migration(version: 1, name: "links and clicks", statements: [
            """
            CREATE TABLE links (
                code text PRIMARY KEY,
                team text NOT NULL,
                route text NOT NULL,
                route_name text,
                route_parameters text NOT NULL,
                query_parameters text NOT NULL,
                metadata text,
                redeem_limit bigint CHECK (redeem_limit IS NULL OR redeem_limit >= 0),
                redeem_count bigint NOT NULL DEFAULT 0,
                fallback_ios text,
                fallback_android text,
                fallback_web text,
                preview_title text,
                preview_description text,
                preview_image text,
                created_at timestamptz NOT NULL,
                expires_at timestamptz,
                deleted_at timestamptz)
            """,
            """
            CREATE INDEX links_team_listing ON links (team, created_at DESC, code DESC)
                WHERE deleted_at IS NULL
            """,
            """
            CREATE TABLE clicks (
                id bigserial PRIMARY KEY,
                code text NOT NULL,
                at timestamptz NOT NULL,
                platform text NOT NULL,
                referrer text)
            """,
            "CREATE INDEX clicks_code_at ON clicks (code, at)",
        ]),
        Migration(version: 2, name: "deferred opens", statements: [
            """
            CREATE TABLE deferred_opens (
                id bigserial PRIMARY KEY,
                fingerprint text NOT NULL,
                code text NOT NULL,
                expires_at timestamptz NOT NULL)
            """,
            "CREATE INDEX deferred_opens_fingerprint ON deferred_opens (fingerprint)",
            "CREATE INDEX deferred_opens_expiry ON deferred_opens (expires_at)",
        ]),
        Migration(version: 3, name: "dashboard sessions and shared rate limits", statements: [
            """
            CREATE TABLE dashboard_sessions (
                token_hash text PRIMARY KEY,
                team text NOT NULL,
                csrf text NOT NULL,
                expires_at timestamptz NOT NULL)
            """,
            "CREATE INDEX dashboard_sessions_expiry ON dashboard_sessions (expires_at)",
            """
            CREATE TABLE rate_buckets (
                key text PRIMARY KEY,
                tokens double precision NOT NULL,
                updated_at timestamptz NOT NULL)
            """,
        ]),
        Migration(version: 4, name: "click campaigns", statements: [
            "ALTER TABLE clicks ADD COLUMN campaign text",
        ]),
        Migration(version: 5, name: "links created by the app", statements: [
            "ALTER TABLE links ADD COLUMN created_by_app boolean NOT NULL DEFAULT false",
        ]),
        // Clicks counted per link, UTC day (days since 1970) and platform as they are written
        // (ClickTotals); the clicks themselves are only appended, so the index by code goes.
        Migration(version: 6, name: "click totals per day", statements: [
            """
            CREATE TABLE click_days (
                code text NOT NULL,
                day bigint NOT NULL,
                platform text NOT NULL,
                count bigint NOT NULL,
                PRIMARY KEY (code, day, platform))
            """,
            """
            INSERT INTO click_days (code, day, platform, count)
            SELECT code, floor(extract(epoch FROM at) / 86400)::bigint AS day, platform, count(*)
            FROM clicks GROUP BY 1, 2, 3
            """,
            "DROP INDEX clicks_code_at",
        ]),
        // Match confidence and redemptions per install (see SQLiteLinkStore's step 7).
        Migration(version: 7, name: "deferred match and redemptions per install", statements: [
            "ALTER TABLE links ADD COLUMN deferred_match text NOT NULL DEFAULT 'any'",
            """
            UPDATE links SET deferred_match = 'exact'
            WHERE redeem_limit IS NOT NULL OR (metadata IS NOT NULL AND metadata <> '{}')
            """,
            "ALTER TABLE deferred_opens ADD COLUMN exact_only boolean NOT NULL DEFAULT false",
            """
            CREATE TABLE redemptions (
                code text NOT NULL,
                install text NOT NULL,
                redeemed_at timestamptz NOT NULL,
                PRIMARY KEY (code, install))
            """,
        ]),
        // Requests made under an Idempotency-Key (PostgresLinkStore+Idempotency.swift), and when
        // each rate bucket is full again, so that full buckets are deleted in batches by that
        // index (a bucket from before this step counts as full: it gets its burst back once).
        Migration(version: 8, name: "idempotency keys and rate bucket expiry", statements: [
            """
            CREATE TABLE idempotency_keys (
                scope text NOT NULL,
                key text NOT NULL,
                owner text NOT NULL,
                fingerprint text NOT NULL,
                created_at timestamptz NOT NULL,
                status integer,
                headers text,
                body text,
                PRIMARY KEY (scope, key))
            """,
            "CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at)",
            "ALTER TABLE rate_buckets ADD COLUMN full_at timestamptz NOT NULL DEFAULT now()",
            "CREATE INDEX rate_buckets_full ON rate_buckets (full_at)",
        ]),
        // Signed webhooks: subscriptions and the delivery outbox (see SQLiteLinkStore's step 9).
        Migration(version: 9, name: "webhooks and their outbox", statements: [
            """
            CREATE TABLE webhooks (
                id text PRIMARY KEY,
                team text NOT NULL,
                url text NOT NULL,
                events text NOT NULL,
                secret text NOT NULL,
                created_at timestamptz NOT NULL)
            """,
            "CREATE INDEX webhooks_team ON webhooks (team, created_at)",
            """
            CREATE TABLE webhook_deliveries (
                id bigserial PRIMARY KEY,
                webhook_id text NOT NULL,
                event_id text NOT NULL,
                event_type text NOT NULL,
                body text NOT NULL,
                created_at timestamptz NOT NULL,
                attempts integer NOT NULL DEFAULT 0,
                next_attempt_at timestamptz NOT NULL,
                failed_at timestamptz,
                last_error text)
            """,
            "CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE failed_at IS NULL",
            "CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries (webhook_id, failed_at)",
        ]),
        // App-side events counted per link, UTC day and platform (see SQLiteLinkStore's step 10).
        Migration(version: 10, name: "event totals per day", statements: [
            """
            CREATE TABLE event_days (
                code text NOT NULL,
                day bigint NOT NULL,
                event text NOT NULL,
                platform text NOT NULL,
                count bigint NOT NULL,
                PRIMARY KEY (code, day, event, platform))
            """,
        ]),
        // Live links read by stored route (see SQLiteLinkStore's step 11); links stored without a
        // name are named by pattern when the service starts with a table, not here.
        Migration(version: 11, name: "live links by stored route", statements: [
            "CREATE INDEX links_live_route ON links (route, route_name, code) WHERE deleted_at IS NULL",
        ]),
        // What a Firebase Dynamic Link carries beyond a route link: a label (its "Link name"),
        // switched off (archived), campaign fields, minimum app versions, forced redirect, and the
        // iPad and App Store fallbacks. A link without a route has route ''.
        Migration(version: 12, name: "link labels and Firebase fields", statements: [
            "ALTER TABLE links ADD COLUMN label text",
            "ALTER TABLE links ADD COLUMN disabled boolean NOT NULL DEFAULT false",
            "ALTER TABLE links ADD COLUMN campaign text",
            "ALTER TABLE links ADD COLUMN minimum_version_ios text",
            "ALTER TABLE links ADD COLUMN minimum_version_android text",
            "ALTER TABLE links ADD COLUMN forced_redirect boolean NOT NULL DEFAULT false",
            "ALTER TABLE links ADD COLUMN fallback_ipad text",
            "ALTER TABLE links ADD COLUMN fallback_app_store text",
        ]),
        // App Attest (see SQLiteLinkStore's step 13).
        Migration(version: 13, name: "install proof and App Attest keys", statements: [
            "ALTER TABLE links ADD COLUMN install_proof text",
            "ALTER TABLE redemptions ADD COLUMN address_range text",
            "CREATE INDEX redemptions_range ON redemptions (code, address_range, redeemed_at) WHERE address_range IS NOT NULL",
            "CREATE TABLE attest_challenges (challenge text PRIMARY KEY, expires_at timestamptz NOT NULL)",
            """
            CREATE TABLE attest_keys (
                key_id text PRIMARY KEY,
                install text NOT NULL,
                app_id text NOT NULL,
                public_key bytea NOT NULL,
                counter bigint NOT NULL,
                attested_at timestamptz NOT NULL)
            """,
        ]),
        // Teams, their named keys (by SHA-256 digest only) and the audit log of their changes.
        Migration(version: 14, name: "teams, named keys and the audit log", statements: [
            "CREATE TABLE teams (name text PRIMARY KEY, created_at timestamptz NOT NULL)",
            """
            CREATE TABLE access_keys (
                name text PRIMARY KEY,
                team text NOT NULL,
                role text NOT NULL,
                key_hash text NOT NULL UNIQUE,
                hint text NOT NULL,
                created_at timestamptz NOT NULL,
                expires_at timestamptz,
                last_used_at timestamptz,
                revoked_at timestamptz)
            """,
            """
            CREATE TABLE audit_log (
                id bigserial PRIMARY KEY,
                team text NOT NULL,
                at timestamptz NOT NULL,
                key_name text NOT NULL,
                role text NOT NULL,
                address text NOT NULL,
                action text NOT NULL,
                target text NOT NULL,
                detail text NOT NULL)
            """,
            "CREATE INDEX audit_log_team ON audit_log (team, id)",
            "CREATE INDEX audit_log_at ON audit_log (at)",
            // Who signed a dashboard session in; NULL in sessions stored before: the bootstrap admin key.
            "ALTER TABLE dashboard_sessions ADD COLUMN key_name text",
            "ALTER TABLE dashboard_sessions ADD COLUMN role text",
            "ALTER TABLE dashboard_sessions ADD COLUMN key_hash text",
        ]),
        // The address range each App Attest challenge was issued to (the cap on a range's
        // outstanding challenges; '' for challenges stored before), and the expiry sweep's index.
        Migration(version: 15, name: "attest challenges per client", statements: [
            "ALTER TABLE attest_challenges ADD COLUMN client text NOT NULL DEFAULT ''",
            "CREATE INDEX attest_challenges_client ON attest_challenges (client, expires_at)",
            "CREATE INDEX attest_challenges_expiry ON attest_challenges (expires_at)",
        ]),
        // The app endpoints a link's install proof applies to (comma-separated: redeem, resolve);
        // NULL, as in links stored before, is the redeem only.
        Migration(version: 17, name: "install proof endpoints", statements: [
            "ALTER TABLE links ADD COLUMN install_proof_for text",
        ]),
        // The attested keys of one install, counted when it attests another (the cap per install).
        Migration(version: 18, name: "attested keys by install", statements: [
            "CREATE INDEX attest_keys_install ON attest_keys (install)",
        ]),
        // Key names per team: two teams may each have a key called `deploy`, and a name taken
        // tells nothing of another team's keys.
        Migration(version: 19, name: "key names per team", statements: [
            "ALTER TABLE access_keys DROP CONSTRAINT access_keys_pkey",
            "ALTER TABLE access_keys ADD PRIMARY KEY (team, name)",
        ]),
        // Which key made each audit entry, by its identity, not its name.
        Migration(version: 20, name: "audit entries name their key", statements: [
            "ALTER TABLE audit_log ADD COLUMN key_id text",
        ]),
        // Link domains beside the bootstrap one (`--base-url`): each held by one team. A link on
        // one is kept under the key `host/code`, so links and every table keyed by code need no change.
        Migration(version: 22, name: "link domains", statements: [
            """
            CREATE TABLE domains (
                host text PRIMARY KEY,
                team text NOT NULL,
                is_default boolean NOT NULL DEFAULT false,
                root_redirect text,
                not_found_redirect text,
                expired_redirect text,
                created_at timestamptz NOT NULL)
            """,
        ]),
        // The A/B tests still to decide, found by their end without reading any other link.
        Migration(version: 26, name: "tests to decide", statements: [
            "CREATE INDEX links_variants_pending_end ON links (variants_pending_end) WHERE variants_pending_end IS NOT NULL",
        ]),
        // Each team's default redirect rules, tried after a link's own.
        Migration(version: 27, name: "team default rules", statements: [
            "CREATE TABLE team_rules (team text PRIMARY KEY NOT NULL, rules text NOT NULL, updated_at timestamptz NOT NULL)",
        ]),
        // How each click is counted (issue 55): human, bot or duplicate, and the client's country
        // (never its address); NULL for clicks stored before. Clicks per link, day and country
        // ('' for unknown), counted as they are written: every click, people's, people's firsts.
        Migration(version: 28, name: "click kinds and countries", statements: [
            "ALTER TABLE clicks ADD COLUMN kind text",
            "ALTER TABLE clicks ADD COLUMN country text",
            """
            CREATE TABLE country_days (
                code text NOT NULL,
                day bigint NOT NULL,
                country text NOT NULL,
                clicks bigint NOT NULL,
                humans bigint NOT NULL,
                uniques bigint NOT NULL,
                PRIMARY KEY (code, day, country))
            """,
        ]),
    ] + LinkColumns.migrations(types: columnType, false: "false"))

    /// Creates the schema if needed and applies the steps it has not seen, in one transaction
    /// holding an advisory lock, so instances starting together take turns. Idempotent.
    public func migrate() async throws {
        try await migrate(through: Int.max)
    }

    /// Applies the steps up to `last` only (tests of a later step start from a database made by
    /// the steps before it).
    func migrate(through last: Int) async throws {
        let schema = schema
        let logger = logger
        try await run { client in
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query(
                    "SELECT pg_advisory_xact_lock(hashtext(\("switchyard-migrations/" + schema)))",
                    logger: logger)
                try await connection.query("CREATE SCHEMA IF NOT EXISTS \(unescaped: schema)", logger: logger)
                try await connection.query("""
                    CREATE TABLE IF NOT EXISTS \(unescaped: schema).switchyard_schema_migrations (
                        version integer PRIMARY KEY,
                        name text NOT NULL,
                        applied_at timestamptz NOT NULL DEFAULT now())
                    """, logger: logger)
                var applied = 0
                let rows = try await connection.query(
                    "SELECT COALESCE(MAX(version), 0) FROM \(unescaped: schema).switchyard_schema_migrations",
                    logger: logger)
                for try await (version) in rows.decode(Int.self) { applied = version }
                for migration in Self.migrations where migration.version > applied && migration.version <= last {
                    for statement in migration.statements {
                        try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                    }
                    try await connection.query("""
                        INSERT INTO \(unescaped: schema).switchyard_schema_migrations (version, name)
                        VALUES (\(migration.version), \(migration.name))
                        """, logger: logger)
                }
            }
        }
    }

    /// The schema versions applied to this database, in order.
    public func appliedMigrations() async throws -> [Int] {
        try await rows("SELECT version FROM switchyard_schema_migrations ORDER BY version")
            .map { try $0.decode(Int.self) }
    }
}
