#!/bin/sh
# Generates the benchmark route tables into Benchmarks/.generated (or $SWITCHYARD_BENCH_DATA):
# routes_N.txt, urls_N.txt, expected_N.txt from the shared generator, and routes_N.json, the same
# routes as a Switchyard route-table file.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
root=$(cd "$here/.." && pwd)
# The project's shared generator (shared/ beside the clone) when present; otherwise the copy kept
# here, so that a clone alone (CI) can generate the same tables.
generator="$root/../shared/bench/gen_routes.py"
copy="$here/scripts/gen_routes.py"
out="${SWITCHYARD_BENCH_DATA:-$here/.generated}"
if [ ! -f "$generator" ]; then
    generator="$copy"
elif ! cmp -s "$generator" "$copy"; then
    echo "warning: $copy differs from $generator; using the shared one (copy it here)" >&2
fi
mkdir -p "$out"
python3 "$generator" "$out"
python3 - "$out" <<'PY'
import json, sys
out = sys.argv[1]
for n in (10, 100, 1000, 10000):
    with open(f"{out}/routes_{n}.txt") as f:
        routes = [line.strip() for line in f if line.strip()]
    with open(f"{out}/routes_{n}.json", "w") as f:
        json.dump({"schemes": ["myapp"], "hosts": ["myapp.example.com"], "delimiter": "/", "routes": routes}, f, indent=1)
        f.write("\n")
PY
echo "generated into $out"
