#!/bin/bash
# The Firebase import at scale: generates an export of ROWS rows (default 100,000), then times
#   switchyard import firebase FILE --routes Examples/shop/routes.json --database DATABASE
# under /usr/bin/time -v: a first run (every row written) and a second run (every row already
# there), and the first run again at ROWS/10 rows to show that peak memory does not grow with the
# file; on a fresh SQLite file, then on a fresh PostgreSQL schema when SWITCHYARD_POSTGRES_URL
# names a server. Not part of CI.
#
# Usage: Benchmarks/import/run.sh
#   SWITCHYARD_BIN   the `switchyard` binary (default Server/.build/release/switchyard)
#   ROWS             rows in the large file (default 100000)
#   BACKENDS         which stores to measure: "sqlite postgres" (default), "sqlite" or "postgres"
#   FORMAT           takeout (default): Google Takeout's CSV, the guide's 29 columns, every field
#                    filled, a quoted comma, quote and line end in each row, one row in 50 archived;
#                    long: short and long link columns (BOM, CRLF, quoted long links)
# Prints rows/s, wall time and peak RSS for each run.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin="${SWITCHYARD_BIN:-$root/Server/.build/release/switchyard}"
rows="${ROWS:-100000}"
[ -x "$bin" ] || { echo "error: $bin not found: swift build -c release --package-path Server --product switchyard" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "error: /usr/bin/time not found (apt-get install -y time)" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

generate() { # rows, file
    python3 - "$1" "$2" "${FORMAT:-takeout}" <<'PY'
import csv, sys
rows, path, form = int(sys.argv[1]), sys.argv[2], sys.argv[3]
if form == "takeout":
    header = ["Short link", "Deep link", "Android package name", "Android fallback link", "Android minimum package version code",
              "iOS bundle ID", "iOS fallback link", "iOS custom scheme", "iOS iPad fallback link", "iOS iPad bundle ID",
              "iOS app store ID", "iOS minimum version", "Enable forced redirect?", "Desktop fallback link", "Social title",
              "Social description", "Social image link", "UTM source", "UTM medium", "UTM campaign", "UTM term", "UTM content",
              "iTunes Connect at", "iTunes Connect ct", "iTunes Connect mt", "iTunes Connect pt", "Archived?", "Link name",
              "Creation timestamp"]
    with open(path, "w", newline="", encoding="utf-8") as f:
        f.write("\ufeff")
        w = csv.writer(f, lineterminator="\r\n")
        w.writerow(header)
        for i in range(rows):
            deep = f"https://shop.example.com/product/{i}?ref=import" if i % 2 == 0 else f"https://shop.example.com/category/c{i}"
            w.writerow([f"https://example.page.link/s{i:07d}", deep, "com.example.shop", "https://shop.example.com/android", "120",
                        "com.example.shop", "https://shop.example.com/ios", "shop", "https://shop.example.com/ipad",
                        "com.example.shop", "1234567", "2.1", "TRUE" if i % 7 == 0 else "FALSE",
                        "https://shop.example.com/desktop", f"Item {i}, \"new\"", f"Imported, row {i}\nsecond line",
                        f"https://shop.example.com/i/{i}.png", "import", "email", f"c{i % 10}", "shoes", "hero", "1010l",
                        "promo", "8", "123456", "TRUE" if i % 50 == 0 else "FALSE", f"Item {i}", "2023-05-04 10:20:30 UTC"])
    sys.exit(0)
with open(path, "w", newline="") as f:
    f.write("\ufeffShort Dynamic Link,Long Dynamic Link,Link name\r\n")
    for i in range(rows):
        if i % 2 == 0:
            deep = f"https%3A%2F%2Fshop.example.com%2Fproduct%2F{i}%3Fref%3Dimport"
        else:
            deep = f"https%3A%2F%2Fshop.example.com%2Fcategory%2Fc{i}"
        long = (f"https://example.page.link/?link={deep}&apn=com.example.shop&isi=1234567"
                f"&ibi=com.example.shop&st=Item+{i}&sd=Imported,+row+{i}&si=https%3A%2F%2Fshop.example.com%2Fi%2F{i}.png"
                f"&utm_source=import&utm_campaign=c{i % 10}")
        f.write(f'https://example.page.link/s{i:07d},"{long}",Item {i}\r\n')
PY
}

measure() { # label, rows, file, database
    local log="$work/time.log" out seconds rss
    /usr/bin/time -v "$bin" import firebase "$3" --routes "$root/Examples/shop/routes.json" --database "$4" \
        >"$work/out.log" 2>"$log" || { cat "$work/out.log" "$log" >&2; exit 1; }
    out=$(tail -1 "$work/out.log")
    seconds=$(awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,p,":"); s=0; for(i=1;i<=n;i++) s=s*60+p[i]; print s}' "$log")
    rss=$(awk -F': ' '/Maximum resident set size/ {printf "%.1f", $2/1024}' "$log")
    printf '| %-28s | %8s | %8.2f s | %10.0f | %8s MB | %s\n' "$1" "$2" "$seconds" "$(echo "$2 / $seconds" | bc -l)" "$rss" "$out"
}

large="$work/large.csv"; small="$work/small.csv"
generate "$rows" "$large"; generate $((rows / 10)) "$small"
echo "file: $rows rows, $(du -h "$large" | cut -f1); $(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '| %-28s | %8s | %10s | %10s | %11s |\n' "run" "rows" "wall" "rows/s" "peak RSS"
all() { # database of the large file, database of the small one
    measure "first import (writes)" "$rows" "$large" "$1"
    measure "same file again (no change)" "$rows" "$large" "$1"
    measure "first import, 1/10 the rows" $((rows / 10)) "$small" "$2"
}
backends=" ${BACKENDS:-sqlite postgres} "
if [[ "$backends" == *" sqlite "* ]]; then
    echo "SQLite (${FORMAT:-takeout})"
    all "sqlite:$work/large.sqlite" "sqlite:$work/small.sqlite"
fi
if [[ "$backends" != *" postgres "* ]]; then
    echo "PostgreSQL not asked for (BACKENDS=$backends)"
elif [ -n "${SWITCHYARD_POSTGRES_URL:-}" ]; then
    echo "PostgreSQL (${FORMAT:-takeout})"
    # A schema of its own per run (the store creates it); dropped afterwards.
    schema="bench_import_$$"
    with() { case "$SWITCHYARD_POSTGRES_URL" in *\?*) echo "$SWITCHYARD_POSTGRES_URL&schema=$1" ;; *) echo "$SWITCHYARD_POSTGRES_URL?schema=$1" ;; esac; }
    all "$(with "${schema}_large")" "$(with "${schema}_small")"
    for s in "${schema}_large" "${schema}_small"; do
        psql "$SWITCHYARD_POSTGRES_URL" -qc "DROP SCHEMA IF EXISTS $s CASCADE" >/dev/null 2>&1 || true
    done
else
    echo "PostgreSQL skipped: SWITCHYARD_POSTGRES_URL is not set"
fi
