#!/usr/bin/env python3
"""A Switchyard webhook receiver that verifies every delivery's signature.

    python3 webhook-receiver.py --secret whsec_... [--port 8000] [--fail-first N] [--log events.jsonl]

Each delivery is a POST whose `Switchyard-Signature` header reads `t=<unix seconds>,v1=<hex>`,
where v1 is HMAC-SHA256(secret, "<t>.<raw body>"). The receiver recomputes it over the raw bytes,
compares in constant time, refuses a timestamp more than five minutes away from its clock (a
replayed delivery), answers 2xx only after it has kept the event, and drops an event whose `id` it
has already seen (deliveries are at least once: a retry after a lost answer repeats one).

The tests run it too: `--port 0` picks a free port and prints `listening <port>` first;
`--secret-file` is read again at each request; `--fail-first N` answers 503 to the first N
deliveries (a receiver that is down, then recovers); `--redirect URL` answers every delivery with
a 307 to URL (senders must not follow it); `--hold-first N` holds the first N deliveries for ten
seconds before a 503 (a delivery in flight when the sender dies); `--trickle SECONDS` answers every
delivery 200 with a 1,000-byte body and then sends one byte of it every SECONDS (a receiver that
holds the sender); `--log` appends one JSON line per request (a verified one with its `Host` header).
"""
import argparse
import hashlib
import hmac
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

TOLERANCE_SECONDS = 300


def verify(secret: str, header: str, body: bytes, now: float) -> bool:
    """Whether `header` signs `body` with `secret`, at a time within five minutes of `now`."""
    try:
        fields = dict(part.split("=", 1) for part in header.split(","))
        timestamp = int(fields["t"])
        signature = fields["v1"]
    except (KeyError, ValueError):
        return False
    if abs(now - timestamp) > TOLERANCE_SECONDS:
        return False
    expected = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, signature)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--secret", help="the webhook's secret (whsec_...)")
    parser.add_argument("--secret-file", help="a file holding the secret, read at each request")
    parser.add_argument("--fail-first", type=int, default=0, help="answer 503 to this many deliveries first")
    parser.add_argument("--hold-first", type=int, default=0, help="hold this many deliveries first, then answer 503")
    parser.add_argument("--redirect", help="answer every delivery with a 307 to this URL")
    parser.add_argument("--trickle", type=float, help="answer 200, then send one byte of the body every this many seconds")
    parser.add_argument("--log", help="append one JSON line per request to this file")
    options = parser.parse_args()
    seen: set[str] = set()
    failures_left = [options.fail_first]
    holds_left = [options.hold_first]
    lock = threading.Lock()

    def secret() -> str:
        if options.secret_file:
            with open(options.secret_file) as file:
                return file.read().strip()
        return options.secret or ""

    def log(entry: dict) -> None:
        line = json.dumps(entry)
        with lock:
            if options.log:
                with open(options.log, "a") as file:
                    file.write(line + "\n")
            else:
                print(line, flush=True)

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            if options.redirect:
                log({"outcome": "redirected"})
                self.send_response(307)
                self.send_header("Location", options.redirect)
                self.send_header("Content-Length", "0")
                return self.end_headers()
            if options.trickle:
                log({"outcome": "trickling", "id": json.loads(body).get("id")})
                self.send_response(200)
                self.send_header("Content-Length", "1000")
                self.end_headers()
                try:
                    for _ in range(1000):
                        self.wfile.write(b"x")
                        self.wfile.flush()
                        time.sleep(options.trickle)
                except OSError:
                    log({"outcome": "cut-off"})
                return
            with lock:
                hold = holds_left[0] > 0
                holds_left[0] -= hold
                fail = not hold and failures_left[0] > 0
                failures_left[0] -= fail
            if hold:
                log({"outcome": "held", "id": json.loads(body).get("id")})
                time.sleep(10)
                return self.answer(503)
            if fail:
                log({"outcome": "failed-on-purpose"})
                return self.answer(503)
            if not verify(secret(), self.headers.get("Switchyard-Signature", ""), body, time.time()):
                log({"outcome": "bad-signature"})
                return self.answer(401)
            event = json.loads(body)
            with lock:
                duplicate = event["id"] in seen
                seen.add(event["id"])
            if duplicate:
                log({"outcome": "duplicate", "id": event["id"]})
                return self.answer(200)
            log({"outcome": "verified", "event": event, "host": self.headers.get("Host")})
            self.answer(204)

        def answer(self, status: int) -> None:
            self.send_response(status)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, format: str, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", options.port), Handler)
    print(f"listening {server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
