#!/bin/bash
# Load test of the link service with wrk (Debian's `wrk` package), against the documented contract:
#   switchyard serve --port P --database sqlite:PATH     (or a postgres:// URL)
#   POST /api/v1/links  with  Authorization: Bearer $SWITCHYARD_API_KEY   -> {"code": ...}
#   GET  /{code}                                                          -> redirect
# and a plain Hummingbird hello-world started the same way (Server's `hello-baseline` product:
# GET / on --port P), the ceiling for this stack on this machine.
#
# Usage: Benchmarks/load/run.sh [--postgres URL]
#   SWITCHYARD_BIN   the release `switchyard` binary (default Server/.build/release/switchyard)
#   HELLO_BIN        the hello-world server (default Server/.build/release/hello-baseline)
#   DURATION (10s), CONNECTIONS (64), THREADS (2)
# Prints requests/s and p50/p99 latency for each scenario.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin="${SWITCHYARD_BIN:-$root/Server/.build/release/switchyard}"
hello="${HELLO_BIN:-$root/Server/.build/release/hello-baseline}"
duration="${DURATION:-10s}"; connections="${CONNECTIONS:-64}"; threads="${THREADS:-2}"
postgres=""
if [ "${1:-}" = "--postgres" ]; then postgres="$2"; fi
command -v wrk >/dev/null || { echo "error: wrk is not installed (apt-get install -y wrk)" >&2; exit 1; }
[ -x "$bin" ] || { echo "error: $bin not found: build the service (cd Server && swift build -c release)" >&2; exit 1; }
[ -x "$hello" ] || { echo "error: $hello not found: swift build -c release --package-path Server --product hello-baseline" >&2; exit 1; }

export SWITCHYARD_API_KEY="${SWITCHYARD_API_KEY:-bench-key}"
work=$(mktemp -d); pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

wait_up() { for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$1/${2:-health}" && return 0; sleep 0.1; done
            echo "error: nothing answers on port $1" >&2; exit 1; }
report() { # name, wrk output
    local rps p50 p99 bad
    rps=$(awk '/Requests\/sec/ {print $2}' <<<"$2")
    p50=$(awk '$1=="50%" {print $2}' <<<"$2"); p99=$(awk '$1=="99%" {print $2}' <<<"$2")
    bad=$(awk '/Non-2xx or 3xx responses/ {print $NF}' <<<"$2"); bad=${bad:-0}
    printf '| %-34s | %10s | %8s | %8s | %6s |\n' "$1" "$rps" "$p50" "$p99" "$bad"
}

cat > "$work/create.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer " .. os.getenv("SWITCHYARD_API_KEY")
local n = 0
request = function()
  n = n + 1
  return wrk.format(nil, "/api/v1/links", nil, '{"route":"product","routeParameters":{"id":"' .. n .. '"}}')
end
LUA
cat > "$work/redirect.lua" <<'LUA'
local codes = {}
init = function() for line in io.lines(os.getenv("CODES_FILE")) do codes[#codes + 1] = line end end
local i = 0
request = function() i = i % #codes + 1; return wrk.format("GET", "/" .. codes[i]) end
LUA

echo "| scenario                           |  requests/s |      p50 |      p99 | non-2xx/3xx |"
echo "| ---------------------------------- | ----------: | -------: | -------: | -----: |"
"$hello" --port 8090 >/dev/null 2>&1 & pids+=($!); wait_up 8090 ""
report "hello-world (ceiling)" "$(wrk -t"$threads" -c"$connections" -d"$duration" --latency http://127.0.0.1:8090/)"
kill "${pids[-1]}"
databases=("sqlite:$work/links.sqlite")
[ -n "$postgres" ] && databases+=("$postgres")
port=8091
for database in "${databases[@]}"; do
    kind=${database%%:*}
    "$bin" serve --routes "$root/Examples/shop/routes.json" --port "$port" --database "$database" \
        --create-rate off >"$work/serve-$port.log" 2>&1 & pids+=($!)
    wait_up "$port"
    # 1,000 links to redirect through, created over the API; each has a web fallback, so wrk (a
    # client with no user agent, a desktop) gets the 302 to it.
    : > "$work/codes.txt"
    for i in $(seq 1000); do
        curl -s -X POST "http://127.0.0.1:$port/api/v1/links" -H "Authorization: Bearer $SWITCHYARD_API_KEY" \
             -H "Content-Type: application/json" \
             -d "{\"route\":\"product\",\"routeParameters\":{\"id\":\"$i\"},\"fallbacks\":{\"web\":\"https://shop.example.com/product/$i\"}}" \
          | python3 -c 'import json,sys; print(json.load(sys.stdin)["code"])' >> "$work/codes.txt"
    done
    # Creates first: the redirects' clicks are written in the background and would compete with them.
    report "POST /api/v1/links ($kind)" \
        "$(wrk -t"$threads" -c"$connections" -d"$duration" --latency -s "$work/create.lua" "http://127.0.0.1:$port")"
    CODES_FILE="$work/codes.txt" report "GET /{code} redirect ($kind)" \
        "$(CODES_FILE="$work/codes.txt" wrk -t"$threads" -c"$connections" -d"$duration" --latency -s "$work/redirect.lua" "http://127.0.0.1:$port")"
    port=$((port + 1))
done
