#!/usr/bin/env python3
"""Instructions per create and per cache-miss open of `switchyard serve`, counted by callgrind.

Usage: Benchmarks/instructions/count.py LABEL=BINARY [LABEL=BINARY ...]
           [--creates N] [--opens N] [--warm N] [--idle SECONDS]

Each binary (a release `switchyard`, of any revision that serves Examples/shop/routes.json) runs
`switchyard serve` on a fresh SQLite file under valgrind's callgrind, instrumentation off until the
server is up and warm. Then, with instrumentation on, the script dumps the counts of five phases:

  idle     the server doing nothing for --idle seconds (its timers: the click writer's flush, the
           outbox poll, the retention sweep), the rate subtracted from the next phases;
  creates  --creates `POST /api/v1/links` on one keep-alive connection (the load run's body: the
           product route, three fallbacks), each answered 201;
  opens    --opens `GET /{code}` of links created in that phase and never opened, so each misses the
           open cache (a desktop user agent: the 302 to the web fallback), then 2 s for the click
           writer to commit their clicks;
  cached   --opens opens of one link, after one open not counted: each answered from the open cache
           (a hot link: the redirect's usual path), the cache's background refresh of it included,
           then 2 s for their clicks;
  subscribed  --creates creates with a webhook subscribed to `link.created` (a receiver in this
           script), until every event is delivered;

and prints, per binary, instructions (callgrind's Ir, every thread together) per operation of each
phase, with and without the idle rate taken off, and the calls per operation (with their inclusive
Ir) to the SDK's reverse builds, `RouteTable.url(for:...)` (a route build with its resolution
check) and `RouteTable.url(verifiedPath:...)` (a verified path prefixed with a host or scheme, no
check), and to the service's `UserAgent.platform` (the request's platform, read from its header).

The requests come from this script, outside valgrind: only the server's instructions are counted.

Needs valgrind (Debian's 3.19 works), a C compiler and objcopy. Two things make valgrind run these
binaries: a copy with its debug info removed (valgrind 3.19 cannot read Swift 6's DWARF 5), and
sigsuspend-shim.c preloaded (see there: valgrind writes into the read-only mask libdispatch passes).
"""
import argparse
import http.client
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
KEY = "instructions-admin-key-0001"
DESKTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
# The functions whose calls are counted, by a fragment of their mangled names: the SDK's reverse
# builds (Switchyard.RouteTable.url(...)) and the service's reading of a request's platform.
COUNTED = {
    "url(for:)": re.compile(r"10RouteTableV3url3for"),
    "url(verifiedPath:)": re.compile(r"10RouteTableV3url12verifiedPath"),
    "UserAgent.platform": re.compile(r"9UserAgentO8platform"),
}


def create_body(index):
    return json.dumps({"route": "product", "routeParameters": {"id": str(index)},
                       "fallbacks": {"web": "https://shop.example.com/product/%d" % index,
                                     "ios": "https://apps.apple.com/app/id1234567890",
                                     "android": "https://play.google.com/store/apps/details?id=com.example.shop"}})


def create(connection, index):
    connection.request("POST", "/api/v1/links", create_body(index),
                       {"Authorization": "Bearer " + KEY, "Content-Type": "application/json"})
    response = connection.getresponse()
    body = response.read()
    if response.status != 201:
        sys.exit("error: create %d answered %d: %s" % (index, response.status, body[:300]))
    return json.loads(body)["code"]


def open_link(connection, code):
    connection.request("GET", "/" + code, headers={"User-Agent": DESKTOP})
    response = connection.getresponse()
    response.read()
    if response.status != 302:
        sys.exit("error: GET /%s answered %d" % (code, response.status))


class Receiver(BaseHTTPRequestHandler):
    """Takes every webhook delivery (204) and counts it."""
    delivered = 0

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        Receiver.delivered += 1
        self.send_response(204)
        self.end_headers()

    def log_message(self, *arguments):
        pass


def control(valgrind_bin, pid, *arguments):
    tool = os.path.join(valgrind_bin, "callgrind_control") if valgrind_bin else "callgrind_control"
    result = subprocess.run([tool, *arguments, str(pid)], capture_output=True, text=True, timeout=300)
    if result.returncode != 0:
        sys.exit("error: callgrind_control %s: %s%s" % (" ".join(arguments), result.stdout, result.stderr))


def read_dump(path):
    """Total Ir, and calls and inclusive Ir per counted function, in one callgrind dump (uncompressed
    names).

    A function's inclusive cost is counted at its calls from functions that are not counted
    themselves, so that a build calling another is counted once."""
    total, caller, callee, pending = 0, None, None, None
    counted = {name: [0, 0] for name in COUNTED}
    with open(path, errors="replace") as dump:
        for line in dump:
            if pending is not None:
                # The line after calls= is the call's cost: its position, then the inclusive Ir.
                counted[pending][1] += int(line.split()[1])
                pending = None
            elif line.startswith("summary:") or line.startswith("totals:"):
                total = int(line.split()[1])
            elif line.startswith("fn="):
                caller = line[3:].strip()
            elif line.startswith("cfn="):
                callee = line[4:].strip()
            elif line.startswith("calls=") and callee is not None:
                for name, pattern in COUNTED.items():
                    if pattern.search(callee):
                        counted[name][0] += int(line[6:].split()[0])
                        if not any(p.search(caller or "") for p in COUNTED.values()):
                            pending = name
    return total, counted


def measure(label, binary, options, shim, work):
    stripped = os.path.join(work, "switchyard")
    shutil.copy(binary, stripped)
    subprocess.run(["objcopy", "--strip-debug", stripped], check=True)
    port = options.port
    out = os.path.join(work, "callgrind.out")
    valgrind = os.path.join(options.valgrind_bin, "valgrind") if options.valgrind_bin else "valgrind"
    environment = dict(os.environ, SWITCHYARD_API_KEY=KEY, LD_PRELOAD=shim)
    log = open(os.path.join(work, "serve.log"), "w")
    server = subprocess.Popen(
        [valgrind, "--tool=callgrind", "--instr-atstart=no", "--compress-strings=no", "--compress-pos=no",
         "--callgrind-out-file=" + out, stripped, "serve", "--routes", os.path.join(ROOT, "Examples/shop/routes.json"),
         "--port", str(port), "--database", "sqlite:" + os.path.join(work, "links.sqlite"),
         "--create-rate", "off", "--key-rate", "off", "--webhook-allow-private"],
        stdout=log, stderr=subprocess.STDOUT, env=environment, start_new_session=True)
    try:
        deadline = time.time() + 600
        while True:
            try:
                probe = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
                probe.request("GET", "/health")
                if probe.getresponse().status == 200:
                    break
            except OSError:
                pass
            if server.poll() is not None or time.time() > deadline:
                sys.exit("error: %s did not start; its log ends:\n%s" % (label, open(log.name).read()[-3000:]))
            time.sleep(1)
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
        # Warm: the first requests' one-time work (statement caches, metadata, lazy globals).
        for index in range(options.warm):
            open_link(connection, create(connection, 100000 + index))
        time.sleep(3)

        control(options.valgrind_bin, server.pid, "-i", "on")
        control(options.valgrind_bin, server.pid, "-z")
        started = time.time()
        time.sleep(options.idle)
        control(options.valgrind_bin, server.pid, "-d", "idle")
        seconds = {"idle": time.time() - started}

        started = time.time()
        codes = [create(connection, index) for index in range(options.creates)]
        control(options.valgrind_bin, server.pid, "-d", "creates")
        seconds["creates"] = time.time() - started

        started = time.time()
        for code in codes[:options.opens]:
            open_link(connection, code)
        time.sleep(2)
        control(options.valgrind_bin, server.pid, "-d", "opens")
        seconds["opens"] = time.time() - started

        # One link opened steadily: after its first open (not counted) every open is answered from
        # the cache, which the refresher reads again in the background while it is opened.
        open_link(connection, codes[0])
        control(options.valgrind_bin, server.pid, "-z")
        started = time.time()
        for _ in range(options.opens):
            open_link(connection, codes[0])
        time.sleep(2)
        control(options.valgrind_bin, server.pid, "-d", "cached")
        seconds["cached"] = time.time() - started

        # The same creates with a webhook subscribed to link.created, its deliveries included.
        receiver = ThreadingHTTPServer(("127.0.0.1", port + 1), Receiver)
        threading.Thread(target=receiver.serve_forever, daemon=True).start()
        connection.request("POST", "/api/v1/webhooks", json.dumps({"url": "http://127.0.0.1:%d/hook" % (port + 1),
                                                                    "events": ["link.created"]}),
                           {"Authorization": "Bearer " + KEY, "Content-Type": "application/json"})
        response = connection.getresponse()
        answer = response.read()
        if response.status != 201:
            sys.exit("error: the webhook subscription answered %d: %s" % (response.status, answer[:300]))
        time.sleep(3)
        delivered = Receiver.delivered
        control(options.valgrind_bin, server.pid, "-z")
        started = time.time()
        for index in range(options.creates):
            create(connection, 200000 + index)
        deadline = time.time() + 300
        while Receiver.delivered < delivered + options.creates and time.time() < deadline:
            time.sleep(0.5)
        time.sleep(1)
        control(options.valgrind_bin, server.pid, "-d", "subscribed")
        seconds["subscribed"] = time.time() - started
        receiver.shutdown()
        if Receiver.delivered < delivered + options.creates:
            sys.exit("error: %s delivered %d of %d link.created events" % (label, Receiver.delivered - delivered, options.creates))
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=120)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()

    dumps = sorted((f for f in os.listdir(work) if re.fullmatch(r"callgrind\.out\.\d+", f)),
                   key=lambda f: int(f.rsplit(".", 1)[1]))
    names = ["idle", "creates", "opens", "cached", "subscribed"]
    if len(dumps) < len(names):
        sys.exit("error: %s: expected %d dumps, found %s" % (label, len(names), dumps))
    phases = dict(zip(names, (read_dump(os.path.join(work, f)) for f in dumps)))
    idle_rate = phases["idle"][0] / seconds["idle"]
    result = {"label": label, "idle Ir/s": round(idle_rate)}
    for phase, count in (("creates", options.creates), ("opens", options.opens), ("cached", options.opens),
                         ("subscribed", options.creates)):
        total, counted = phases[phase]
        result[phase] = {
            "count": count,
            "Ir per op": round(total / count),
            "Ir per op, idle rate off": round((total - idle_rate * seconds[phase]) / count),
            "seconds": round(seconds[phase], 1),
            **{name: round(n / count, 2) for name, (n, _) in counted.items()},
            **{name + " Ir": round(ir / count) for name, (_, ir) in counted.items()},
        }
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("binaries", nargs="+", metavar="LABEL=BINARY")
    parser.add_argument("--creates", type=int, default=40)
    parser.add_argument("--opens", type=int, default=40)
    parser.add_argument("--warm", type=int, default=10)
    parser.add_argument("--idle", type=float, default=10)
    parser.add_argument("--port", type=int, default=18761)
    parser.add_argument("--valgrind-bin", default=os.environ.get("VALGRIND_BIN", ""),
                        help="folder of another valgrind's valgrind and callgrind_control")
    parser.add_argument("--keep", action="store_true", help="keep the work folders (the dumps)")
    options = parser.parse_args()
    if options.opens > options.creates:
        sys.exit("error: --opens must not exceed --creates (each open is of a link the creates made)")
    with tempfile.TemporaryDirectory() as scratch:
        shim = os.path.join(scratch, "sigsuspend-shim.so")
        subprocess.run(["cc", "-O2", "-shared", "-fPIC", os.path.join(HERE, "sigsuspend-shim.c"), "-o", shim], check=True)
        results = []
        for argument in options.binaries:
            label, _, binary = argument.partition("=")
            if not binary or not os.access(binary, os.X_OK):
                sys.exit("error: %r is not LABEL=BINARY with an executable binary" % argument)
            work = tempfile.mkdtemp(prefix="instructions-%s-" % label)
            results.append(measure(label, binary, options, shim, work))
            print(json.dumps(results[-1]), flush=True)
            if options.keep:
                print("dumps kept in " + work, file=sys.stderr)
            else:
                shutil.rmtree(work)
    titles = {"creates": "per create", "opens": "per cache-miss open", "cached": "per cached open",
              "subscribed": "per create, link.created subscribed (deliveries included)"}
    for phase, title in titles.items():
        print()
        print("| %s | Ir (idle rate off) | %s |" % (title, " | ".join("%s: calls, Ir" % name for name in COUNTED)))
        print("| --- | ---: |" + " ---: |" * len(COUNTED))
        for r in results:
            p = r[phase]
            print("| %s | %s | %s |" % (r["label"], format(p["Ir per op, idle rate off"], ","), " | ".join(
                "%g, %s" % (p[name], format(p[name + " Ir"], ",")) for name in COUNTED)))
    print()
    print("idle Ir/s: " + ", ".join("%s %s" % (r["label"], format(r["idle Ir/s"], ",")) for r in results))


if __name__ == "__main__":
    main()
