#!/bin/bash
# Load test of the link service with wrk (Debian's `wrk` package), against the documented contract:
#   switchyard serve --port P --database sqlite:PATH     (or a postgres:// URL)
#   POST /api/v1/links  with  Authorization: Bearer $SWITCHYARD_API_KEY   -> {"code": ...}
#   GET  /{code}                                                          -> redirect (no user agent: a desktop)
#   GET  /{code}  of a link with 10 redirect rules, none of which fires    -> the same redirect
#   GET  /{code}  with an iPhone User-Agent                                -> the "Open in the app" page
#   GET  /{code}  with an Android User-Agent                               -> the intent redirect
#   GET  /{code}  again with a webhook subscribed to link.clicked (a receiver on the wrk cores that
#                 verifies each signature: Server/Scripts/webhook-receiver.py)
# and a plain Hummingbird hello-world started the same way (the `Benchmarks/HelloBaseline` package:
# GET / on --port P), the ceiling for this stack on this machine, measured in the same run.
#
# Usage: Benchmarks/load/run.sh [--postgres URL]
#   SWITCHYARD_BIN   the release `switchyard` binary (default Server/.build/release/switchyard)
#   HELLO_BIN        the hello-world server (default Benchmarks/HelloBaseline/.build/release/hello-baseline);
#                    `none` skips the ceiling (the phones' answers are then compared with the redirect only)
#   SERVER_CPUS, WRK_CPUS   cores to pin the servers and wrk to with taskset (e.g. 0-7 and 8-15);
#                    unset: no pinning (on 2 cores they share both)
#   CONNECTIONS      one or more connection counts, each measured in turn (default "64")
#   DURATION (10s), THREADS (default: the number of WRK_CPUS, else 2)
#   PAIRS, PAIR_DURATION  how many times the plain and the 10-rule redirects are measured in turns
#                    for the comparison, and for how long each (default 8 and 3s)
#   EXTRA_SERVE_ARGS  more `switchyard serve` arguments, after the script's own (a later value of an
#                    option wins: EXTRA_SERVE_ARGS="--create-rate 100/second" shows the check below fail)
# Prints requests/s, p50/p99 latency and the server's CPU time per request for each scenario and
# connection count, and each scenario's requests/s, p99 and CPU per request against the ceiling's
# at the same count.
#
# Every figure is of the answers its scenario names, or none is printed: before each scenario one
# request with the same method, headers and body must get the scenario's status (201 for a create, 302
# for the desktop redirect and the Android intent, 200 for the iPhone page and the hello world), and
# after it wrk's "Non-2xx or 3xx responses" and socket errors together must stay within 1% of the
# requests, else the run stops with an error (a limiter answering 429, a 5xx, a server that went away
# measure nothing the row would name).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin="${SWITCHYARD_BIN:-$root/Server/.build/release/switchyard}"
hello="${HELLO_BIN:-$root/Benchmarks/HelloBaseline/.build/release/hello-baseline}"
duration="${DURATION:-10s}"; counts="${CONNECTIONS:-64}"
server_pin=(); wrk_pin=()
[ -n "${SERVER_CPUS:-}" ] && server_pin=(taskset -c "$SERVER_CPUS")
[ -n "${WRK_CPUS:-}" ] && wrk_pin=(taskset -c "$WRK_CPUS")
cpus_in() { local n=0 part; IFS=, read -ra parts <<<"$1"; for part in "${parts[@]}"; do
    if [[ $part == *-* ]]; then n=$((n + ${part#*-} - ${part%-*} + 1)); else n=$((n + 1)); fi; done; echo "$n"; }
threads="${THREADS:-$([ -n "${WRK_CPUS:-}" ] && cpus_in "$WRK_CPUS" || echo 2)}"
postgres=""
if [ "${1:-}" = "--postgres" ]; then postgres="$2"; fi
command -v wrk >/dev/null || { echo "error: wrk is not installed (apt-get install -y wrk)" >&2; exit 1; }
[ -x "$bin" ] || { echo "error: $bin not found: build the service (cd Server && swift build -c release)" >&2; exit 1; }
[ "$hello" = none ] || [ -x "$hello" ] || { echo "error: $hello not found: swift build -c release --package-path Benchmarks/HelloBaseline" >&2; exit 1; }

export SWITCHYARD_API_KEY="${SWITCHYARD_API_KEY:-bench-admin-key-0001}"
work=$(mktemp -d); pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

wait_up() { for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$1/${2:-health}" && return 0; sleep 0.1; done
            echo "error: nothing answers on port $1" >&2; exit 1; }
# wrk's latency in milliseconds (it prints us, ms or s).
ms() { awk -v v="$1" 'BEGIN { if (v ~ /us$/) print v / 1000; else if (v ~ /ms$/) print v + 0; else print v * 1000 }'; }
declare -A ceiling_rps ceiling_p99
declare -A ceiling_cpu
# Fails the run when more than 1% of a scenario's answers were not 2xx/3xx or never came (socket
# errors: connect, read, write, timeout), or when it got no answer at all.
check_answers() { # name, connections, wrk output
    local verdict
    verdict=$(awk '/requests in/ {n = $1}
                   /Non-2xx or 3xx responses/ {bad = $NF}
                   /Socket errors/ {gsub(",", ""); errors = $4 + $6 + $8 + $10}
                   END { unexpected = bad + errors
                         if (n + 0 == 0) print "no answers"
                         else if (unexpected * 100 > n) printf "%d of %d answers unexpected (%d non-2xx/3xx, %d socket errors)", unexpected, n, bad, errors }' <<<"$3")
    if [ -n "$verdict" ]; then
        echo "error: $1 at $2 connections: $verdict; no figure printed. wrk said:" >&2
        sed 's/^/    /' <<<"$3" >&2
        echo "    the server's log ends:" >&2; tail -5 "$work"/serve-*.log 2>/dev/null | sed 's/^/    /' >&2 || true
        exit 1
    fi
}
# One request as the scenario sends it must get the scenario's status (curl arguments after it).
probe() { # name, expected status, curl arguments...
    local name=$1 expected=$2 status; shift 2
    status=$(curl -s -o /dev/null -w '%{http_code}' "$@") || true
    if [ "$status" != "$expected" ]; then
        echo "error: $name: one request answered $status, not the $expected the scenario measures; no figure printed" >&2
        exit 1
    fi
}
report() { # name, connections, wrk output
    local rps p50 p99 bad cpu versus=""
    check_answers "$1" "$2" "$3"
    rps=$(awk '/Requests\/sec/ {print $2}' <<<"$3")
    # The server's CPU time per request answered, in microseconds (this process only: not
    # PostgreSQL's). Steadier than requests/s where other tenants share the host.
    cpu=$(awk '/requests in/ {n = $1} /server-cpu-seconds/ {s = $2} END { if (n > 0) printf "%.1f", s * 1e6 / n }' <<<"$3")
    p50=$(awk '$1=="50%" {print $2}' <<<"$3"); p99=$(awk '$1=="99%" {print $2}' <<<"$3")
    bad=$(awk '/Non-2xx or 3xx responses/ {print $NF}' <<<"$3"); bad=${bad:-0}
    if [ "$1" = "hello-world (ceiling)" ]; then
        ceiling_rps[$2]=$rps; ceiling_p99[$2]=$(ms "$p99"); ceiling_cpu[$2]=$cpu
    elif [ -n "${ceiling_rps[$2]:-}" ]; then
        versus=$(awk -v r="$rps" -v c="${ceiling_rps[$2]}" -v p="$(ms "$p99")" -v q="${ceiling_p99[$2]}" \
            -v u="$cpu" -v v="${ceiling_cpu[$2]}" \
            'BEGIN { printf "%.0f%% / %.1fx / %.1fx", 100 * r / c, p / q, (v > 0 ? u / v : 0) }')
    fi
    printf '| %-34s | %5s | %10s | %8s | %8s | %6s | %8s | %20s |\n' "$1" "$2" "$rps" "$p50" "$p99" "$bad" "$cpu" "$versus"
}
# CPU time (user + system, in clock ticks) the process has used so far.
ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
clock_ticks=$(getconf CLK_TCK)
# Waits (up to 5 s) until the server has used no CPU for 0.2 s: when wrk stops, the server still
# answers the requests it had read (256 creates are about 70 ms of CPU), and the clicks of the
# last second are still to be written; measured on top of the next scenario, that work was most
# of the redirects' p99 at 256 connections (a first second with a p99 of 150 ms, against 36 ms
# once the server was quiet).
quiet() {
    local last now
    last=$(ticks "$server")
    for _ in $(seq 25); do
        sleep 0.2; now=$(ticks "$server")
        [ "$now" = "$last" ] && return 0
        last=$now
    done
}
load() { # connections, wrk arguments... (against the server whose pid is $server)
    local connections=$1 before after; shift
    quiet
    before=$(ticks "$server")
    "${wrk_pin[@]}" wrk -t"$threads" -c"$connections" -d"$duration" --latency "$@"
    after=$(ticks "$server")
    echo "server-cpu-seconds: $(awk -v t=$((after - before)) -v hz="$clock_ticks" 'BEGIN { print t / hz }')"
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
if os.getenv("USER_AGENT") then wrk.headers["User-Agent"] = os.getenv("USER_AGENT") end
local i = 0
request = function() i = i % #codes + 1; return wrk.format("GET", "/" .. codes[i]) end
LUA

android="Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36"
iphone="Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1"
echo "| scenario                           | conns |  requests/s |      p50 |      p99 | non-2xx/3xx | CPU µs/req | vs ceiling (rps / p99 / CPU) |"
echo "| ---------------------------------- | ----: | ----------: | -------: | -------: | -----: | -------: | -------------------: |"
if [ "$hello" != none ]; then
    "${server_pin[@]}" "$hello" --port 8090 >/dev/null 2>&1 & pids+=($!); server=$!; wait_up 8090 ""
    probe "hello-world (ceiling)" 200 http://127.0.0.1:8090/
    for connections in $counts; do
        report "hello-world (ceiling)" "$connections" "$(load "$connections" http://127.0.0.1:8090/)"
    done
    kill "${pids[-1]}"
fi
databases=("sqlite:$work/links.sqlite")
[ -n "$postgres" ] && databases+=("$postgres")
port=8091
for database in "${databases[@]}"; do
    kind=${database%%:*}
    # Limits off, so that no answer is a refusal of the load itself: --create-rate (links each team
    # may create: 1,200 a minute by default) and --key-rate (requests each admin key may make on an
    # instance: 1,200 a minute by default; the 1,000 creates below, the create scenario and the
    # webhook subscription all use the one admin key). The redirects pass no limiter (--redeem-rate
    # and --claim-rate are the app API's; --key-guess-rate counts wrong keys only). Private webhook
    # addresses are allowed for the receiver on 127.0.0.1.
    # shellcheck disable=SC2086 # EXTRA_SERVE_ARGS is split into arguments on purpose
    "${server_pin[@]}" "$bin" serve --routes "$root/Examples/shop/routes.json" --port "$port" --database "$database" \
        --create-rate off --key-rate off --webhook-allow-private ${EXTRA_SERVE_ARGS:-} >"$work/serve-$port.log" 2>&1 &
    pids+=($!); server=$!
    wait_up "$port"
    # 1,000 links to redirect through, created over the API; each has a web fallback, so wrk (a
    # client with no user agent, a desktop) gets the 302 to it, an App Store fallback for iPhones and
    # a Google Play one for Android phones (an intent redirect with the install referrer).
    # One keep-alive connection for the 1,000 creates.
    # And 1,000 more with 10 redirect rules each, none of which fires for wrk's request (no user
    # agent, no Accept-Language, no query, a loopback address): every open tries all ten and gets
    # the link's own 302, the same answer as the plain links' (issue 54: within 10% of their rate).
    for set in plain rules; do
    python3 - "$port" "$work/codes-$set.txt" "$set" <<'PY'
import http.client, json, os, sys
connection = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]))
codes = []
target = {"url": "https://shop.example.com/elsewhere"}
# Each link's rules differ (the query parameter's name), as different campaigns' would: the
# service keeps decoded rules by their stored text, and one text for all would flatter it.
rules = lambda i: [{"conditions": [condition], "target": target} for condition in [
    {"type": "language", "value": "fr"}, {"type": "query", "name": "c%d" % i, "match": "present"},
    {"type": "platform", "value": "ios"}, {"type": "os", "value": "android", "minVersion": "10"},
    {"type": "browser", "value": "firefox"}, {"type": "device", "value": "tablet"},
    {"type": "address", "value": "203.0.113.0/24"}, {"type": "after", "value": "2099-01-01T00:00:00Z"},
    {"type": "appVersion", "minVersion": "2.0"}, {"type": "crawler"}]]
for i in range(1, 1001):
    link = {"route": "product", "routeParameters": {"id": str(i)},
            "fallbacks": {"web": "https://shop.example.com/product/%d" % i,
                          "ios": "https://apps.apple.com/app/id1234567890",
                          "android": "https://play.google.com/store/apps/details?id=com.example.shop"}}
    if sys.argv[3] == "rules":
        link["rules"] = rules(i)
    body = json.dumps(link)
    connection.request("POST", "/api/v1/links", body, {"Authorization": "Bearer " + os.environ["SWITCHYARD_API_KEY"],
                                                       "Content-Type": "application/json"})
    response = connection.getresponse()
    body = response.read()
    if response.status != 201:
        sys.exit("error: creating link %d answered %d: %s" % (i, response.status, body[:300].decode(errors="replace")))
    codes.append(json.loads(body)["code"])
open(sys.argv[2], "w").write("\n".join(codes) + "\n")
PY
    done
    mv "$work/codes-plain.txt" "$work/codes.txt"
    code=$(head -1 "$work/codes.txt")
    probe "POST /api/v1/links ($kind)" 201 -X POST "http://127.0.0.1:$port/api/v1/links" \
        -H "Authorization: Bearer $SWITCHYARD_API_KEY" -H 'Content-Type: application/json' \
        -d '{"route":"product","routeParameters":{"id":"0"}}'
    probe "GET /{code} redirect ($kind)" 302 -A "" "http://127.0.0.1:$port/$code"
    probe "GET /{code} redirect, 10 rules ($kind)" 302 -A "" "http://127.0.0.1:$port/$(head -1 "$work/codes-rules.txt")"
    probe "GET /{code} iPhone page ($kind)" 200 -A "$iphone" "http://127.0.0.1:$port/$code"
    probe "GET /{code} Android intent ($kind)" 302 -A "$android" "http://127.0.0.1:$port/$code"
    for connections in $counts; do
        # Creates first: the redirects' clicks are written in the background and would compete with them.
        report "POST /api/v1/links ($kind)" "$connections" \
            "$(load "$connections" -s "$work/create.lua" "http://127.0.0.1:$port")"
        # The plain redirect, then the 10-rule one against it in turns: on a shared VM a scenario's
        # rate moves by a third from one minute to the next (other tenants), far more than the 10%
        # the comparison is about, so the two are measured PAIRS times (default 8) for PAIR_DURATION
        # each (default 3s), back to back, the order swapped each pair, and compared by the median
        # of the pairs' ratios (of requests/s, and of the server's CPU time per request).
        report "GET /{code} redirect ($kind)" "$connections" \
            "$(CODES_FILE="$work/codes.txt" load "$connections" -s "$work/redirect.lua" "http://127.0.0.1:$port")"
        rate_ratios=(); cpu_ratios=()
        for pair in $(seq "${PAIRS:-8}"); do
            order=(plain rules); [ $((pair % 2)) = 0 ] && order=(rules plain)
            declare -A pair_rps=() pair_cpu=()
            for set in "${order[@]}"; do
                codes_file="$work/codes.txt"; [ "$set" = rules ] && codes_file="$work/codes-rules.txt"
                output=$(CODES_FILE="$codes_file" duration="${PAIR_DURATION:-3s}" load "$connections" -s "$work/redirect.lua" "http://127.0.0.1:$port")
                check_answers "GET /{code} redirect ($set, pair $pair, $kind)" "$connections" "$output"
                pair_rps[$set]=$(awk '/Requests\/sec/ {print $2}' <<<"$output")
                pair_cpu[$set]=$(awk '/requests in/ {n = $1} /server-cpu-seconds/ {s = $2} END { printf "%.2f", s * 1e6 / n }' <<<"$output")
            done
            rate_ratios+=("$(awk -v r="${pair_rps[rules]}" -v p="${pair_rps[plain]}" 'BEGIN { printf "%.1f", 100 * r / p }')")
            cpu_ratios+=("$(awk -v r="${pair_cpu[rules]}" -v p="${pair_cpu[plain]}" 'BEGIN { printf "%.1f", 100 * r / p }')")
        done
        median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
        echo "10 rules against plain ($kind, $connections connections, ${PAIRS:-8} pairs of ${PAIR_DURATION:-3s}):" \
             "rate $(median "${rate_ratios[@]}")% of plain (pairs: ${rate_ratios[*]});" \
             "CPU per request $(median "${cpu_ratios[@]}")% of plain (pairs: ${cpu_ratios[*]})"
        # The same opens from an iPhone: the "Open in the app" page (200), with the copy script and
        # its CSP nonce, as every link with an App Store fallback answers an iPhone without the app.
        report "GET /{code} iPhone page ($kind)" "$connections" \
            "$(CODES_FILE="$work/codes.txt" USER_AGENT="$iphone" load "$connections" -s "$work/redirect.lua" "http://127.0.0.1:$port")"
        report "GET /{code} Android intent ($kind)" "$connections" \
            "$(CODES_FILE="$work/codes.txt" USER_AGENT="$android" load "$connections" -s "$work/redirect.lua" "http://127.0.0.1:$port")"
    done
    # The redirects again, with a webhook subscribed to link.clicked: each click batch the writer
    # commits carries one outbox row, which the service signs and POSTs to a receiver on wrk's cores.
    receiver_log="$work/receiver-$port.jsonl"
    "${wrk_pin[@]}" python3 "$root/Server/Scripts/webhook-receiver.py" --port $((port + 100)) \
        --secret-file "$work/secret-$port" --log "$receiver_log" >/dev/null 2>&1 & pids+=($!)
    wait_up $((port + 100)) "" 2>/dev/null || true
    curl -s -X POST "http://127.0.0.1:$port/api/v1/webhooks" -H "Authorization: Bearer $SWITCHYARD_API_KEY" \
        -H 'Content-Type: application/json' -d '{"url": "http://127.0.0.1:'$((port + 100))'/hook", "events": ["link.clicked"]}' |
        python3 -c 'import json, sys; print(json.load(sys.stdin)["secret"])' >"$work/secret-$port"
    for connections in $counts; do
        report "GET /{code} redirect, webhook ($kind)" "$connections" \
            "$(CODES_FILE="$work/codes.txt" load "$connections" -s "$work/redirect.lua" "http://127.0.0.1:$port")"
    done
    quiet
    echo "webhook: $(grep -c '"verified"' "$receiver_log" || true) link.clicked deliveries verified by the receiver," \
         "$(grep -c -v '"verified"' "$receiver_log" || true) other answers ($kind)" >&2
    port=$((port + 1))
done
