#!/bin/bash
# The Firebase import at scale: generates an export of ROWS rows (default 100,000: a CSV with a
# BOM, CRLF line ends and quoted long links, in the Firebase console's column names), then times
#   switchyard import firebase FILE --routes Examples/shop/routes.json --database sqlite:PATH
# under /usr/bin/time -v: a first run (every row written) and a second run (every row already
# there), and the first run again at ROWS/10 rows to show that peak memory does not grow with the
# file. Not part of CI.
#
# Usage: Benchmarks/import/run.sh
#   SWITCHYARD_BIN   the release `switchyard` binary (default Server/.build/release/switchyard)
#   ROWS             rows in the large file (default 100000)
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
    python3 - "$1" "$2" <<'PY'
import sys
rows, path = int(sys.argv[1]), sys.argv[2]
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
db1="sqlite:$work/large.sqlite"; db2="sqlite:$work/small.sqlite"
measure "first import (writes)" "$rows" "$large" "$db1"
measure "same file again (no change)" "$rows" "$large" "$db1"
measure "first import, 1/10 the rows" $((rows / 10)) "$small" "$db2"
