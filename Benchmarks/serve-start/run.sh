#!/bin/bash
# How long `switchyard serve` takes to start on a store of many live links: the start-up check
# asks the database for counts per stored route and parameter names, and reads links one by one
# only for a route whose constraints changed. Generates LINKS links (default 1,000,000: half on
# `product/:product_id`, half on `category/:slug`, all named) straight into SQLite and, when
# SWITCHYARD_POSTGRES_URL is set, PostgreSQL, then times from launch to "switchyard serving":
#   - the same table the links were made with (nothing to read link by link);
#   - `product/:product_id<int>` (the product links are read and checked: the worst case);
#   - `routes diff --database` on the same tables, which reads and checks every link, for scale.
# Not part of CI.
#
# Usage: Benchmarks/serve-start/run.sh
#   SWITCHYARD_BIN   the `switchyard` binary (default Server/.build/release/switchyard, else debug)
#   LINKS            how many links (default 1000000)
#   BACKENDS         which stores (default "sqlite postgres"; PostgreSQL needs SWITCHYARD_POSTGRES_URL)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin="${SWITCHYARD_BIN:-$root/Server/.build/release/switchyard}"
[ -x "$bin" ] || bin="$root/Server/.build/debug/switchyard"
[ -x "$bin" ] || { echo "error: no switchyard binary: swift build -c release --package-path Server --product switchyard" >&2; exit 1; }
links="${LINKS:-1000000}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export SWITCHYARD_API_KEY=bench-admin-key-000001 SWITCHYARD_APP_KEY=bench-app-key-0000001

table() { # file, product pattern
    cat >"$1" <<JSON
{"schemes": ["shop"], "hosts": ["shop.example.com"], "apps": {"ios": ["T.com.example.shop"]},
 "routes": [{"pattern": "$2", "name": "product"}, {"pattern": "category/:slug", "name": "category"}, "about/team"]}
JSON
}
table "$work/same.json" "product/:product_id"
table "$work/tightened.json" "product/:product_id<int>"

now() { date +%s.%N; }

start() { # label, routes, database: seconds from launch to "switchyard serving"
    local begin end pid
    rm -f "$work/serve.log"
    begin=$(now)
    "$bin" serve --routes "$2" --database "$3" --port 0 --allow-breaking-routes >"$work/serve.log" 2>&1 &
    pid=$!
    until grep -qs "switchyard serving" "$work/serve.log"; do
        kill -0 "$pid" 2>/dev/null || { cat "$work/serve.log" >&2; exit 1; }
        sleep 0.05
    done
    end=$(now)
    kill "$pid"; wait "$pid" 2>/dev/null || true
    printf '| %-10s | %-38s | %9s | %8.2f s |\n' "$4" "$1" "$links" "$(echo "$end - $begin" | bc -l)"
}

diffing() { # label, database
    local begin end
    begin=$(now)
    "$bin" routes diff "$work/same.json" "$work/tightened.json" --database "$2" --allow-breaking >/dev/null
    end=$(now)
    printf '| %-10s | %-38s | %9s | %8.2f s |\n' "$3" "$1" "$links" "$(echo "$end - $begin" | bc -l)"
}

run() { # back end label, database, insert command
    start "empty store (schema made)" "$work/same.json" "$2" "$1" >/dev/null
    local begin; begin=$(now)
    "${@:3}"
    printf '| %-10s | %-38s | %9s | %8.2f s |\n' "$1" "links written (one statement)" "$links" "$(echo "$(now) - $begin" | bc -l)"
    start "start, same table" "$work/same.json" "$2" "$1"
    start "start again, same table" "$work/same.json" "$2" "$1"
    start "start, product tightened to <int>" "$work/tightened.json" "$2" "$1"
    diffing "routes diff --database (every link)" "$2" "$1"
}

sqlite_insert() {
    sqlite3 "$work/links.sqlite" <<SQL
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < $links - 1)
INSERT INTO links (code, team, route, route_name, route_parameters, query_parameters, created_at)
SELECT printf('c%08d', i), 'shop',
       CASE i % 2 WHEN 0 THEN 'product/:product_id' ELSE 'category/:slug' END,
       CASE i % 2 WHEN 0 THEN 'product' ELSE 'category' END,
       CASE i % 2 WHEN 0 THEN '{"product_id":"' || i || '"}' ELSE '{"slug":"s' || i || '"}' END,
       '{}', 1800000000000 FROM n;
SQL
}

echo "$(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg); $bin"
printf '| %-10s | %-38s | %9s | %10s |\n' "store" "run" "links" "wall"
backends="${BACKENDS:-sqlite postgres}"
[[ "$backends" == *sqlite* ]] && run sqlite "sqlite:$work/links.sqlite" sqlite_insert

if [[ "$backends" == *postgres* ]] && [ -n "${SWITCHYARD_POSTGRES_URL:-}" ]; then
    schema="bench_start_$$"
    psql "$SWITCHYARD_POSTGRES_URL" -qc "CREATE SCHEMA $schema"
    trap 'psql "$SWITCHYARD_POSTGRES_URL" -qc "DROP SCHEMA IF EXISTS '"$schema"' CASCADE"; rm -rf "$work"' EXIT
    postgres_insert() {
        psql "$SWITCHYARD_POSTGRES_URL" -q <<SQL
INSERT INTO $schema.links (code, team, route, route_name, route_parameters, query_parameters, created_at)
SELECT 'c' || lpad(i::text, 8, '0'), 'shop',
       CASE i % 2 WHEN 0 THEN 'product/:product_id' ELSE 'category/:slug' END,
       CASE i % 2 WHEN 0 THEN 'product' ELSE 'category' END,
       CASE i % 2 WHEN 0 THEN '{"product_id":"' || i || '"}' ELSE '{"slug":"s' || i || '"}' END,
       '{}', '2027-01-15T08:00:00Z' FROM generate_series(0, $links - 1) AS i;
ANALYZE $schema.links;
SQL
    }
    separator="?"; case "$SWITCHYARD_POSTGRES_URL" in *\?*) separator="&";; esac
    run postgres "$SWITCHYARD_POSTGRES_URL${separator}schema=$schema" postgres_insert
fi
